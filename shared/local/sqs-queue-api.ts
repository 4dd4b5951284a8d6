import { createHash, randomUUID } from 'node:crypto';
import type { AwsApi, AwsApiRequest, AwsApiResponse } from './aws-api-server';
import { localAccountId } from './environment';

/** A message as the queue keeps it. */
export interface QueuedMessage {
  messageId: string;
  body: string;
  /** Message attributes, all of type String (what EventBridge sets on a rule's dead letters). */
  attributes: Readonly<Record<string, string>>;
  sentAt: number;
}

export interface LocalQueue {
  /** The queue URL's path (`/<account>/<name>`), on whatever local endpoint serves `api`. */
  path: string;
  api: AwsApi;
  /** Puts a message in the queue, as a destination or a rule does; returns its message id. */
  send(body: string, attributes?: Record<string, string>): string;
  /** Every message still in the queue, received or not, oldest first. */
  messages(): readonly QueuedMessage[];
}

interface StoredMessage extends QueuedMessage {
  receiveCount: number;
  visibleAt: number;
  /** Only the handle of the latest receive changes the message, as in SQS. */
  receiptHandle?: string;
}

/** SQS's default MaximumMessageSize, which the stack's queue keeps: a larger SendMessage is refused. */
const maxMessageBytes = 256 * 1024;
/** The queue's own default, as the stack leaves it. */
const defaultVisibilitySeconds = 30;
const maxVisibilitySeconds = 12 * 60 * 60;
const maxMessagesPerReceive = 10;

const contentType = { 'content-type': 'application/x-amz-json-1.0' };

function jsonError(type: string, message: string): AwsApiResponse {
  return { statusCode: 400, headers: contentType, body: JSON.stringify({ __type: `com.amazonaws.sqs#${type}`, message }) };
}

const answer = (body: object): AwsApiResponse => ({ statusCode: 200, headers: contentType, body: JSON.stringify(body) });

const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * One standard SQS queue in memory, served with the part of the SQS API (AWS
 * JSON 1.0, `X-Amz-Target: AmazonSQS.<operation>`) that the dead-letter
 * commands use: ReceiveMessage (visibility timeout, receive count, attributes),
 * DeleteMessage and ChangeMessageVisibility, and SendMessage, which a function
 * dead-lettering its own batch uses (within SQS's size limit), answering as SQS does, so
 * `@aws-sdk/client-sqs` with an endpoint override reads it exactly as it reads
 * the deployed queue. A receive answers at once: nothing is in transit here to
 * wait for.
 */
export function localQueue(name: string): LocalQueue {
  const path = `/${localAccountId}/${name}`;
  const stored: StoredMessage[] = [];

  function receive(input: Record<string, unknown>): AwsApiResponse {
    const max = input.MaxNumberOfMessages ?? 1;
    const visibility = input.VisibilityTimeout ?? defaultVisibilitySeconds;
    if (!Number.isInteger(max) || (max as number) < 1 || (max as number) > maxMessagesPerReceive) {
      return jsonError('InvalidParameterValue', `MaxNumberOfMessages must be 1 to ${maxMessagesPerReceive}`);
    }
    if (!validVisibility(visibility)) return jsonError('InvalidParameterValue', `VisibilityTimeout must be 0 to ${maxVisibilitySeconds}`);
    const systemNames = [input.AttributeNames, input.MessageSystemAttributeNames].flatMap((names) => (Array.isArray(names) ? names : []));
    const attributeNames = Array.isArray(input.MessageAttributeNames) ? (input.MessageAttributeNames as string[]) : [];

    const now = Date.now();
    const received = stored.filter((message) => message.visibleAt <= now).slice(0, max as number);
    return answer({
      Messages: received.map((message) => {
        message.receiveCount += 1;
        message.visibleAt = now + (visibility as number) * 1000;
        message.receiptHandle = Buffer.from(`${message.messageId} ${randomUUID()}`).toString('base64');
        const attributes = Object.entries(message.attributes).filter(([attribute]) => wanted(attributeNames, attribute));
        return {
          MessageId: message.messageId,
          ReceiptHandle: message.receiptHandle,
          MD5OfBody: md5Hex(message.body),
          Body: message.body,
          Attributes: systemAttributes(message, systemNames),
          ...(attributes.length > 0 && {
            MessageAttributes: Object.fromEntries(attributes.map(([attribute, value]) => [attribute, { DataType: 'String', StringValue: value }])),
          }),
        };
      }),
    });
  }

  /** The message a receipt handle was issued for, or an error answer. */
  function byReceiptHandle(handle: unknown): { message?: StoredMessage; current: boolean } | AwsApiResponse {
    const messageId = typeof handle === 'string' ? Buffer.from(handle, 'base64').toString('utf8').split(' ')[0] : '';
    if (!messageId) return jsonError('ReceiptHandleIsInvalid', `The input receipt handle "${String(handle)}" is not a valid receipt handle.`);
    const message = stored.find((candidate) => candidate.messageId === messageId);
    return { message, current: message?.receiptHandle === handle };
  }

  function deleteMessage(input: Record<string, unknown>): AwsApiResponse {
    const found = byReceiptHandle(input.ReceiptHandle);
    if ('statusCode' in found) return found;
    // A handle of an earlier receive, or of a message already deleted, deletes nothing and succeeds, as in SQS.
    if (found.message && found.current) stored.splice(stored.indexOf(found.message), 1);
    return answer({});
  }

  function changeVisibility(input: Record<string, unknown>): AwsApiResponse {
    const found = byReceiptHandle(input.ReceiptHandle);
    if ('statusCode' in found) return found;
    if (!validVisibility(input.VisibilityTimeout)) return jsonError('InvalidParameterValue', `VisibilityTimeout must be 0 to ${maxVisibilitySeconds}`);
    if (!found.message || !found.current) return jsonError('ReceiptHandleIsInvalid', 'The receipt handle has expired.');
    const now = Date.now();
    if (found.message.visibleAt <= now) return jsonError('MessageNotInflight', 'The message referred to is not in flight.');
    found.message.visibleAt = now + (input.VisibilityTimeout as number) * 1000;
    return answer({});
  }

  function sendMessage(input: Record<string, unknown>): AwsApiResponse {
    const body = input.MessageBody;
    if (typeof body !== 'string' || body.length === 0) return jsonError('MissingParameter', 'The request must contain the parameter MessageBody.');
    if (Buffer.byteLength(body, 'utf8') > maxMessageBytes) {
      return jsonError('InvalidParameterValue', `One or more parameters are invalid. Reason: Message must be shorter than ${maxMessageBytes} bytes.`);
    }
    return answer({ MessageId: send(body), MD5OfMessageBody: md5Hex(body) });
  }

  function send(body: string, attributes: Record<string, string> = {}): string {
    const messageId = randomUUID();
    stored.push({ messageId, body, attributes: { ...attributes }, sentAt: Date.now(), receiveCount: 0, visibleAt: 0 });
    return messageId;
  }

  const operations: Record<string, (input: Record<string, unknown>) => AwsApiResponse> = {
    SendMessage: sendMessage,
    ReceiveMessage: receive,
    DeleteMessage: deleteMessage,
    ChangeMessageVisibility: changeVisibility,
  };

  async function handle(request: AwsApiRequest): Promise<AwsApiResponse> {
    const operation = String(request.headers['x-amz-target']).slice('AmazonSQS.'.length);
    const run = operations[operation];
    if (!run) return jsonError('UnsupportedOperation', `The local queue does not serve ${operation}`);
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return jsonError('InvalidParameterValue', 'Request body is not valid JSON');
    }
    if (typeof input.QueueUrl !== 'string' || urlPath(input.QueueUrl) !== path) {
      return jsonError('QueueDoesNotExist', 'The specified queue does not exist.');
    }
    return run(input);
  }

  return {
    path,
    api: {
      name: 'SQS',
      bodyLimitBytes: 1024 * 1024,
      matches: (request) => request.method === 'POST' && String(request.headers['x-amz-target']).startsWith('AmazonSQS.'),
      handle,
      payloadTooLarge: () => jsonError('InvalidParameterValue', 'The request is too large'),
    },
    send,
    messages: () => stored.map(({ messageId, body, attributes, sentAt }) => ({ messageId, body, attributes, sentAt })),
  };
}

function validVisibility(seconds: unknown): boolean {
  return Number.isInteger(seconds) && (seconds as number) >= 0 && (seconds as number) <= maxVisibilitySeconds;
}

/** `All`, the name itself, or a `prefix.*` naming it. */
function wanted(names: readonly string[], attribute: string): boolean {
  return names.some((name) => name === 'All' || name === '.*' || name === attribute || (name.endsWith('.*') && attribute.startsWith(name.slice(0, -1))));
}

function systemAttributes(message: StoredMessage, names: readonly unknown[]): Record<string, string> | undefined {
  const all: Record<string, string> = {
    ApproximateReceiveCount: String(message.receiveCount),
    SentTimestamp: String(message.sentAt),
  };
  const chosen = Object.entries(all).filter(([attribute]) => names.includes('All') || names.includes(attribute));
  return chosen.length > 0 ? Object.fromEntries(chosen) : undefined;
}

function urlPath(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}
