import { findEvent, recordEvent } from '../db/events/event-repository';
import { retryingConflicts } from '../db/conflict-retry';
import { DuplicateIdError } from '../domain/errors';
import type { AccountingEvent } from '../domain/events/accounting-event';

export type LedgerOutcome = { outcome: 'recorded' | 'duplicate'; event_id: string };

/**
 * Records an incoming event's accounting event, once: its id is derived from
 * the business key, so a redelivery, sequential or concurrent, finds the id
 * taken by the same event and succeeds without writing.
 */
export async function recordInLedger(event: AccountingEvent): Promise<LedgerOutcome> {
  return retryingConflicts(async () => {
    try {
      await recordEvent(event);
      return { outcome: 'recorded', event_id: event.event_id };
    } catch (error) {
      if (!(error instanceof DuplicateIdError)) throw error;
      // Only `/event/record` could have taken the id for another type; that is no record of this event.
      const recorded = await findEvent(event.orgcode, event.event_id);
      if (recorded?.event_type !== event.event_type) throw error;
      return { outcome: 'duplicate', event_id: event.event_id };
    }
  });
}
