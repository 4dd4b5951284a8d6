import * as z from 'zod/mini';
import { putInboxItemOnce } from '../db/inbox-repository';
import { systemOrigin } from '../domain/change-origin';
import { canonicalOrgcode, orgcodePattern } from '../domain/identifiers';
import { deadLetterNotice } from '../domain/inbox/notices';

/**
 * The invocation record Lambda's on-failure destination sends once a
 * consumer's retries are spent: the event it was given (`requestPayload`) and
 * its last error (`responsePayload`). Only what the notice needs is required:
 * the record is passed on to the dead-letter queue whatever this makes of it.
 */
export const failedInvocationRecord = z.object({
  timestamp: z.optional(z.string()),
  requestContext: z.object({
    functionArn: z.string(),
    /** `RetriesExhausted`, or `EventAgeExceeded` when the event waited too long to run at all. */
    condition: z.optional(z.string()),
    approximateInvokeCount: z.optional(z.int()),
  }),
  requestPayload: z.unknown(),
  responsePayload: z.optional(z.unknown()),
});
export type FailedInvocationRecord = z.infer<typeof failedInvocationRecord>;

/** The EventBridge envelope of the event, read leniently: what failed may be the envelope itself. */
const deliveredEnvelope = z.object({
  id: z.string(),
  source: z.string(),
  'detail-type': z.string(),
  detail: z.object({ orgcode: z.string() }),
});

const functionError = z.object({ errorType: z.string(), errorMessage: z.string() });

export interface DeadLetterOutcome {
  /** False when the event names no organisation to tell (its record still goes to the queue). */
  notified: boolean;
  event_id?: string;
  consumer: string;
  item_id?: string;
}

/**
 * Tells team finance_audit of the event's organisation that an incoming event
 * was dead-lettered (docs/decisions.md: Inbox): one item per event, its id
 * derived from the event's, so a record delivered twice, or a second consumer
 * of the same event failing, adds nothing.
 */
export async function notifyDeadLetter(record: FailedInvocationRecord, now: Date): Promise<DeadLetterOutcome> {
  // arn:aws:lambda:<region>:<account>:function:<name>[:<qualifier>]
  const consumer = record.requestContext.functionArn.split(':')[6] ?? record.requestContext.functionArn;
  const envelope = deliveredEnvelope.safeParse(record.requestPayload);
  const orgcode = envelope.success ? canonicalOrgcode(envelope.data.detail.orgcode) : '';
  if (!envelope.success || !orgcodePattern.test(orgcode)) return { notified: false, consumer };

  const error = functionError.safeParse(record.responsePayload);
  const notice = deadLetterNotice(
    {
      event_id: envelope.data.id,
      source: envelope.data.source,
      detail_type: envelope.data['detail-type'],
      consumer,
      attempts: record.requestContext.approximateInvokeCount,
      error: error.success ? error.data : { errorType: record.requestContext.condition ?? 'Error', errorMessage: 'no error was recorded' },
    },
    systemOrigin(orgcode, 'dead-letter-notifier', now),
  );
  await putInboxItemOnce(notice);
  return { notified: true, event_id: envelope.data.id, consumer, item_id: notice.item_id };
}
