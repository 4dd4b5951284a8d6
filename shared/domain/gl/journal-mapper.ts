import { ledgerEventId } from '../ledger/ledger-events';
import { type GlMapping, cancellationEventType, mappingForDay, ruleFor } from './gl-mapping';
import { postingDay } from './gl-period';
import { type JournalEntry, type JournalEvent, balancedLines, dimensionsOf, eventAmounts, reversalOf, withEntryId } from './journal-entry';

/**
 * Maps events to journal entries under an organisation's mapping revisions and
 * closed periods (docs/decisions.md: General ledger journal): the entry an
 * event posts, nothing when its lines all come to zero, or `unmapped` when no
 * revision is effective on its day, no rule of that revision matches it, or
 * its amount and tax are in two currencies. An `order.cancelled` posts the
 * reversal of its order's entry on its own day: unmapped when the order is
 * not in the ledger (or not mapped).
 */

/** What a rule is matched on, as the coverage report groups what nothing maps. */
export interface UnmappedSubject {
  event_type: string;
  match: { channel_code: string | null; cccode: string | null; logical_guid: string | null; currency: string | null };
}

export type MappedEvent = { entry: JournalEntry } | { entry: undefined } | { unmapped: UnmappedSubject };

export const utcDayOf = (instant: string) => instant.slice(0, 10);

/** The ledger id of the order a cancellation names (its `order` source ref), as the ledger derives it. */
export function cancelledOrderEventId(cancellation: Pick<JournalEvent, 'source_refs'>): string | undefined {
  const orderId = cancellation.source_refs.find((ref) => ref.kind === 'order')?.id;
  return orderId === undefined ? undefined : ledgerEventId('order.placed', orderId);
}

export const isCancellation = (event: Pick<JournalEvent, 'event_type'>) => event.event_type === cancellationEventType;

function subjectOf(event: JournalEvent): UnmappedSubject {
  const amounts = eventAmounts(event);
  return {
    event_type: event.event_type,
    match: {
      channel_code: event.channel_code ?? null,
      cccode: event.cccode ?? null,
      logical_guid: event.logical_guid ?? null,
      currency: typeof amounts === 'object' ? amounts.currency : null,
    },
  };
}

export class JournalMapper {
  private readonly mappings: readonly GlMapping[];
  private readonly closed: ReadonlySet<string>;

  constructor(
    private readonly orgcode: string,
    mappings: readonly GlMapping[],
    closedPeriods: Iterable<string>,
  ) {
    this.mappings = mappings;
    this.closed = new Set(closedPeriods);
  }

  /** The day an entry of `day` posts on under the closed periods. */
  postingDay(day: string): string {
    return postingDay(day, this.closed);
  }

  /** The event's entry; for a cancellation, `order` is its order's event (absent: not in the ledger). */
  map(event: JournalEvent, order?: JournalEvent): MappedEvent {
    return isCancellation(event) ? this.cancellation(event, order) : this.post(event);
  }

  private post(event: JournalEvent): MappedEvent {
    const day = utcDayOf(event.occurred_at);
    const mapping = mappingForDay(this.mappings, day);
    const amounts = eventAmounts(event);
    if (!mapping || amounts === 'mixed') return { unmapped: subjectOf(event) };
    const rule = ruleFor(mapping.rules, { event_type: event.event_type, ...dimensionsOf(event), currency: amounts?.currency });
    if (!rule) return { unmapped: subjectOf(event) };
    if (amounts === undefined) return { entry: undefined };
    const lines = balancedLines(rule, amounts, dimensionsOf(event), mapping.rounding_account);
    if (lines.length === 0) return { entry: undefined };
    return {
      entry: withEntryId({
        orgcode: this.orgcode,
        entry_kind: 'post',
        posting_date: this.postingDay(day),
        occurred_on: day,
        currency: amounts.currency,
        source_event_ids: [event.event_id],
        rule_id: rule.rule_id,
        mapping_revision: mapping.revision,
        lines,
      }),
    };
  }

  private cancellation(cancellation: JournalEvent, order: JournalEvent | undefined): MappedEvent {
    if (!order || order.event_type !== 'order.placed') return { unmapped: subjectOf(cancellation) };
    const ordered = this.post(order);
    if ('unmapped' in ordered) return { unmapped: subjectOf(cancellation) };
    if (!ordered.entry) return ordered;
    const day = utcDayOf(cancellation.occurred_at);
    return {
      entry: reversalOf(ordered.entry, {
        source_event_ids: [cancellation.event_id, order.event_id],
        occurred_on: day,
        posting_date: this.postingDay(day),
      }),
    };
  }
}
