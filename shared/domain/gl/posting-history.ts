import type { JournalEntry, JournalEvent } from './journal-entry';
import { reversalOf } from './journal-entry';
import type { JournalMapper, UnmappedSubject } from './journal-mapper';

/**
 * Corrections by reversal (docs/decisions.md: General ledger journal,
 * corrections): a journal never rewrites what was sent. For each event it
 * works out what the ERP holds from the earlier journals' batches marked
 * `sent`, and writes only what takes the ERP from there to the entry the
 * event posts now:
 *
 * - nothing held: the entry, posted;
 * - the entry held already (same id: the same lines): nothing at all;
 * - another entry held (a mapping changed it): a `reversal` of what is held,
 *   naming it, and the new entry; both dated on the held entry's posting date
 *   while its period is open, else the first day of the next open period.
 *
 * What a sent batch sent for an event is worked out the same way, from the
 * mapping revision, periods and sent batches it was built with (each batch
 * keeps the ids of the sent batches it saw: `posted_batches`), so the history
 * is the same whenever it is read, and a repair rebuilds a batch byte for byte.
 * The ERP took the batches in the order they were marked sent; within an
 * event, a reversal of an entry the event holds takes it back, and any other
 * entry (a post, or a cancellation's reversal of its order) is posted.
 */

/** A batch an earlier journal sent, as its build saw the ledger. */
export interface SentBatch {
  batch_id: string;
  sent_at: string;
  /** The slice of its window it holds (sort keys, inclusive). */
  first_key: string;
  last_key: string;
  recorded_before: string;
  event_types?: readonly string[];
  /** The sent batches its build saw. */
  posted_batches: readonly string[];
  /** Its mapping revisions and closed periods. */
  mapper: JournalMapper;
}

/** An event of a journal's window, at its place in the ledger's order, with the order it cancels. */
export interface JournalSubject {
  event: JournalEvent;
  order?: JournalEvent;
  sortKey: string;
}

/** What a journal writes for one event: entries, none, or the event is unmapped. */
export type JournalOutcome = { unmapped: UnmappedSubject } | { entries: JournalEntry[] };

export class PostingHistory {
  private readonly batches: ReadonlyMap<string, SentBatch>;

  constructor(batches: readonly SentBatch[]) {
    this.batches = new Map(batches.map((batch) => [batch.batch_id, batch]));
  }

  /** What a journal built with `mapper`, seeing the sent batches `pins`, writes for `subject`. */
  outcome(pins: readonly string[], mapper: JournalMapper, subject: JournalSubject): JournalOutcome {
    const mapped = mapper.map(subject.event, subject.order);
    if ('unmapped' in mapped) return mapped;
    const memo = new Map<string, JournalEntry[]>();
    return { entries: correction(this.held(pins, subject, memo), mapped.entry, mapper) };
  }

  /** The entries the ERP holds for the subject's event after the pinned batches that hold it, in the order they were sent. */
  private held(pins: readonly string[], subject: JournalSubject, memo: Map<string, JournalEntry[]>): JournalEntry[] {
    const holding = pins
      .map((id) => this.batches.get(id))
      .filter((batch): batch is SentBatch => batch !== undefined && holds(batch, subject))
      .sort((a, b) => compare(a.sent_at, b.sent_at) || compare(a.batch_id, b.batch_id));
    const held = new Map<string, JournalEntry>();
    for (const batch of holding) {
      for (const entry of this.sent(batch, subject, memo)) {
        if (entry.reverses_entry_id !== undefined && held.has(entry.reverses_entry_id)) held.delete(entry.reverses_entry_id);
        else held.set(entry.entry_id, entry);
      }
    }
    return [...held.values()];
  }

  /** What `batch` sent for the subject's event. */
  private sent(batch: SentBatch, subject: JournalSubject, memo: Map<string, JournalEntry[]>): JournalEntry[] {
    let entries = memo.get(batch.batch_id);
    if (entries) return entries;
    const order = subject.order && subject.order.recorded_at < batch.recorded_before ? subject.order : undefined;
    const mapped = batch.mapper.map(subject.event, order);
    // A built batch mapped every event it holds: an unmapped one would have failed its export.
    entries = 'unmapped' in mapped ? [] : correction(this.held(batch.posted_batches, subject, memo), mapped.entry, batch.mapper);
    memo.set(batch.batch_id, entries);
    return entries;
  }
}

function holds(batch: SentBatch, subject: JournalSubject): boolean {
  return (
    batch.first_key <= subject.sortKey &&
    subject.sortKey <= batch.last_key &&
    subject.event.recorded_at < batch.recorded_before &&
    (batch.event_types === undefined || batch.event_types.includes(subject.event.event_type))
  );
}

/** What takes the ERP from `held` to `desired` (docs above). */
function correction(held: readonly JournalEntry[], desired: JournalEntry | undefined, mapper: JournalMapper): JournalEntry[] {
  const [original] = held;
  if (!original) return desired ? [desired] : [];
  const postingDate = mapper.postingDay(original.posting_date);
  const stays = desired !== undefined && held.some((entry) => entry.entry_id === desired.entry_id);
  const reversals = held
    .filter((entry) => entry.entry_id !== desired?.entry_id)
    .map((entry) => reversalOf(entry, { source_event_ids: entry.source_event_ids, occurred_on: entry.occurred_on, posting_date: postingDate }));
  return desired && !stays ? [...reversals, { ...desired, posting_date: postingDate }] : reversals;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
