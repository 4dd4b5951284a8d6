import * as z from 'zod/mini';
import { putInboxItemOnce } from '../db/inbox/inbox-repository';
import { systemOrigin } from '../domain/change-origin';
import { canonicalOrgcode, orgcodePattern } from '../domain/identifiers';
import { deadLetterNotice } from '../domain/inbox/notices';
import { functionErrorPayload, functionNameOf, type InvocationRecord } from '../domain/invocation-record';

/** The EventBridge envelope of the event, read leniently: what failed may be the envelope itself. */
const deliveredEnvelope = z.object({
  id: z.string(),
  source: z.string(),
  'detail-type': z.string(),
  detail: z.object({ orgcode: z.string() }),
});

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
 * of the same event failing, adds nothing. `record` is the consumer's
 * invocation record, which Lambda's on-failure destination sends once its
 * retries are spent: the event it was given and its last error. The record is
 * passed on to the dead-letter queue whatever this makes of it.
 */
export async function notifyDeadLetter(record: InvocationRecord, now: Date): Promise<DeadLetterOutcome> {
  const consumer = functionNameOf(record.requestContext.functionArn);
  const envelope = deliveredEnvelope.safeParse(record.requestPayload);
  const orgcode = envelope.success ? canonicalOrgcode(envelope.data.detail.orgcode) : '';
  if (!envelope.success || !orgcodePattern.test(orgcode)) return { notified: false, consumer };

  const error = functionErrorPayload.safeParse(record.responsePayload);
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
