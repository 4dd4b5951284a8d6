import { functionErrorPayload, functionNameOf, type InvocationRecord, invocationRecord } from '../domain/invocation-record';

/**
 * A message as SQS's ReceiveMessage hands it over (`@aws-sdk/client-sqs`'s
 * `Message`), as far as a dead letter is read from it.
 */
export interface ReceivedMessage {
  MessageId?: string;
  Body?: string;
  Attributes?: Partial<Record<string, string>>;
  MessageAttributes?: Record<string, { StringValue?: string }>;
}

/**
 * How a message came to the dead-letter queue (lib/event-consumers.ts):
 * - `notifier`: the dead-letter notifier's destination, its invocation record
 *   wrapping the consumer's (every consumer failure today);
 * - `consumer`: a consumer's own invocation record, as an on-failure destination
 *   straight to the queue would send it;
 * - `rule`: EventBridge could not hand the event to the rule's target at all:
 *   the body is the event, the reason and the target are message attributes;
 * - `unreadable`: none of these.
 */
export type DeadLetterArrival = 'notifier' | 'consumer' | 'rule' | 'unreadable';

/** A dead letter in a line: what `dead-letter list` shows. Null where the message does not say. */
export interface DeadLetterSummary {
  /** The SQS message id: what `show` and `redrive` take. */
  id: string;
  /** When the consumer's last attempt failed, or the rule gave up delivering. */
  failed_at: string | null;
  consumer: string | null;
  event_id: string | null;
  detail_type: string | null;
  orgcode: string | null;
  error_type: string | null;
  error_message: string | null;
  /** How often the queue handed the message out, this reading included. */
  receive_count: number | null;
  arrived_by: DeadLetterArrival;
}

/** A dead letter unwrapped: what `dead-letter show` prints and what `redrive` runs again. */
export interface DeadLetterMessage extends DeadLetterSummary {
  /** The function a redrive invokes, as it was invoked (qualified or not). */
  function_arn: string | null;
  /** Attempts of the consumer (Lambda's count), or of the rule's delivery. */
  attempts: number | null;
  /** The EventBridge event exactly as the consumer was given it: what a redrive sends again. */
  event: unknown;
  /** The consumer's invocation record without its `requestPayload` (the event, above). */
  consumer_invocation: object | null;
  /** The dead-letter notifier's invocation record without its `requestPayload` (the consumer's record). */
  notifier_invocation: object | null;
  /** The message's String attributes (a rule's reason and target). */
  message_attributes: Record<string, string>;
}

/** What each message says, whichever way it came; never throws. */
export function readDeadLetter(message: ReceivedMessage): DeadLetterMessage {
  const body = parseJson(message.Body ?? '');
  const attributes = Object.fromEntries(
    Object.entries(message.MessageAttributes ?? {}).flatMap(([name, value]) => (value.StringValue === undefined ? [] : [[name, value.StringValue]])),
  );
  const said = whatItSays(body, attributes, count(message.Attributes?.SentTimestamp));
  return {
    id: message.MessageId ?? '',
    failed_at: said.failed_at,
    consumer: said.consumer,
    ...eventFields(said.event),
    error_type: said.error_type,
    error_message: said.error_message,
    receive_count: count(message.Attributes?.ApproximateReceiveCount),
    arrived_by: said.arrived_by,
    function_arn: said.function_arn,
    attempts: said.attempts,
    event: said.event,
    consumer_invocation: said.consumer_invocation,
    notifier_invocation: said.notifier_invocation,
    message_attributes: attributes,
  };
}

/** The line `list` prints of a dead letter. */
export function summaryOf(deadLetter: DeadLetterMessage): DeadLetterSummary {
  const { id, failed_at, consumer, event_id, detail_type, orgcode, error_type, error_message, receive_count, arrived_by } = deadLetter;
  return { id, failed_at, consumer, event_id, detail_type, orgcode, error_type, error_message, receive_count, arrived_by };
}

/** What a message's body and attributes say of the failure; the rest is the message's own or read from the event. */
type Said = Pick<
  DeadLetterMessage,
  'arrived_by' | 'failed_at' | 'consumer' | 'function_arn' | 'attempts' | 'error_type' | 'error_message' | 'event' | 'consumer_invocation' | 'notifier_invocation'
>;

function whatItSays(body: unknown, attributes: Record<string, string>, sentAt: number | null): Said {
  const outer = invocationRecord.safeParse(body);
  if (outer.success) {
    const inner = invocationRecord.safeParse(outer.data.requestPayload);
    if (inner.success) {
      return {
        ...fromConsumerRecord('notifier', inner.data, outer.data.requestPayload as object),
        notifier_invocation: withoutRequestPayload(body as object),
      };
    }
    return { ...fromConsumerRecord('consumer', outer.data, body as object), notifier_invocation: null };
  }
  const noRecords = { consumer_invocation: null, notifier_invocation: null };
  if (attributes.TARGET_ARN !== undefined || attributes.RULE_ARN !== undefined) {
    return {
      ...noRecords,
      arrived_by: 'rule',
      failed_at: sentAt === null ? null : new Date(sentAt).toISOString(),
      consumer: attributes.TARGET_ARN === undefined ? null : functionNameOf(attributes.TARGET_ARN),
      function_arn: attributes.TARGET_ARN ?? null,
      attempts: count(attributes.RETRY_ATTEMPTS),
      error_type: attributes.ERROR_CODE ?? null,
      error_message: attributes.ERROR_MESSAGE ?? null,
      event: body,
    };
  }
  return {
    ...noRecords,
    arrived_by: 'unreadable',
    failed_at: null,
    consumer: null,
    function_arn: null,
    attempts: null,
    error_type: null,
    error_message: null,
    event: body,
  };
}

function fromConsumerRecord(arrivedBy: 'notifier' | 'consumer', record: InvocationRecord, raw: object): Omit<Said, 'notifier_invocation'> {
  const error = functionErrorPayload.safeParse(record.responsePayload);
  return {
    arrived_by: arrivedBy,
    failed_at: record.timestamp ?? null,
    consumer: functionNameOf(record.requestContext.functionArn),
    function_arn: record.requestContext.functionArn,
    attempts: record.requestContext.approximateInvokeCount ?? null,
    // An event that waited too long ran no attempt and has no error, only the condition.
    error_type: error.success ? error.data.errorType : (record.requestContext.condition ?? null),
    error_message: error.success ? error.data.errorMessage : null,
    event: record.requestPayload,
    consumer_invocation: withoutRequestPayload(raw),
  };
}

/** The envelope fields of an EventBridge event, read leniently: what failed may be the envelope itself. */
function eventFields(event: unknown) {
  const envelope = (event && typeof event === 'object' ? event : {}) as { id?: unknown; 'detail-type'?: unknown; detail?: unknown };
  const detail = (envelope.detail && typeof envelope.detail === 'object' ? envelope.detail : {}) as { orgcode?: unknown };
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { event_id: text(envelope.id), detail_type: text(envelope['detail-type']), orgcode: text(detail.orgcode) };
}

function withoutRequestPayload(record: object): object {
  const { requestPayload: _omitted, ...rest } = record as { requestPayload?: unknown };
  return rest;
}

function count(value: string | undefined): number | null {
  const parsed = Number(value);
  return value !== undefined && Number.isSafeInteger(parsed) ? parsed : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
