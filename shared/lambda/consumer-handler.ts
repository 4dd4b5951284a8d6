import * as z from 'zod/mini';
import { ValidationError, type ValidationIssue } from '../domain/errors';
import { validate } from '../domain/validation';
import { loggedRun } from '../observability/run-log';
import { fencedFunction } from './function-chain';

/** Where a consumer's event came from: the EventBridge envelope around `detail`. */
export interface ConsumerDelivery {
  /** EventBridge's id of the event; a redelivery of the same event carries the same id. */
  eventId: string;
  source: string;
  detailType: string;
  /** When the event was put on the bus (ISO 8601 UTC). */
  time: string;
}

/**
 * The envelope EventBridge delivers to a rule's target, with `detail` checked
 * by the consumer's own object schema (other envelope fields ignored), so
 * every consumer reports a missing or scalar `detail` the same way.
 */
function deliveredEvent<Schema extends z.ZodMiniObject>(detail: Schema) {
  const nonEmpty = z.string().check(z.minLength(1));
  return z.object({
    id: nonEmpty,
    source: nonEmpty,
    'detail-type': nonEmpty,
    time: z.iso.datetime({ offset: true }),
    detail,
  });
}

/**
 * The chain of every function an EventBridge rule invokes (docs/decisions.md:
 * Platform events): the envelope and its `detail` are validated at the trust boundary, then
 * `run` gets the parsed detail and where it came from. A malformed event throws
 * a ValidationError naming every failing field (`detail.total: Required`):
 * retrying cannot fix it, and the message is the reason the dead-letter queue
 * keeps once Lambda's retries are spent. Whatever `run` throws is likewise the
 * function error, so Lambda retries it. Each run is logged as one line naming
 * the event it handled (its id, type and org), never the event's detail.
 */
export function consumerHandler<Schema extends z.ZodMiniObject, Result>(
  schema: Schema,
  run: (detail: z.output<Schema>, delivery: ConsumerDelivery) => Promise<Result>,
) {
  const envelope = deliveredEvent(schema);
  return fencedFunction<unknown, Result>((event, context) =>
    loggedRun(
      context,
      async () => {
        const parsed = validate(envelope, event);
        if (!parsed.success) throw new ValidationError(parsed.issues, 'invalid_event', everyIssue(parsed.issues));
        const { id, source, time, detail } = parsed.data as typeof parsed.data & { detail: z.output<Schema> };
        return run(detail, { eventId: id, source, detailType: parsed.data['detail-type'], time });
      },
      { fields: deliveryFields(event) },
    ),
  );
}

/** All issues in one line, unlike the HTTP message that names the first: a dead letter is read alone. */
function everyIssue(issues: ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path || 'event'}: ${issue.message}`).join('; ');
}

/** What a run's log line says of the event it handled, read leniently: a malformed event is logged too. */
function deliveryFields(event: unknown): Record<string, unknown> {
  const envelope = (event ?? {}) as { id?: unknown; 'detail-type'?: unknown; detail?: { orgcode?: unknown } };
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { event_id: text(envelope.id), detail_type: text(envelope['detail-type']), orgcode: text(envelope.detail?.orgcode) };
}
