import type { MinorUnits } from '../receivables/money';
import { type JournalEvent, eventAmounts } from './journal-entry';
import { isCancellation, utcDayOf } from './journal-mapper';

/**
 * What the trial balance reads instead of every event (docs/decisions.md:
 * General ledger journal, trial balance): running totals of the ledger per
 * UTC day and per what a rule is matched on (event type, channel, cost centre,
 * facility, currency), written with each event in its own transaction. They
 * hold no account: a mapping set later maps them as it maps the events, so the
 * trial balance is what an export made now would post.
 *
 * An entry's lines post the event's rounded gross, its net (rounded gross less
 * rounded tax) and each jurisdiction's rounded part of its tax, each on the
 * side its sign gives; its rounding line posts `d x r`, where r is what the
 * parts' rounding leaves against the rounded tax and d the rule's tax lines,
 * debits less credits (a rule balances, so nothing else is left over: see
 * shared/domain/gl/journal-entry.ts). So the positive and the negative sums of
 * those few figures, per group and day, give every account's debits and
 * credits exactly as the events' entries would.
 */

/** The currency of a group of events whose amount and tax are in two currencies (unmapped), and of events without money. */
export const mixedCurrencies = '~mixed';
export const noMoney = '';

export interface DayTotalsGroup {
  day: string;
  event_type: string;
  channel_code?: string;
  cccode?: string;
  logical_guid?: string;
  currency: string;
}

/** Figures of a group's events, by name: `count`, `gross+`/`gross-`, `net+`/`net-`, `round+`/`round-`, `tax+<code>`/`tax-<code>`. */
export type DayFigures = Record<string, MinorUnits>;

export const taxFigure = (sign: '+' | '-', jurisdiction: string) => `tax${sign}${jurisdiction}`;

/** An event's group and figures; undefined for a cancellation, which the trial balance reverses from its order. */
export function dayTotalsOf(event: JournalEvent): { group: DayTotalsGroup; figures: DayFigures } | undefined {
  if (isCancellation(event)) return undefined;
  const amounts = eventAmounts(event);
  const group: DayTotalsGroup = {
    day: utcDayOf(event.occurred_at),
    event_type: event.event_type,
    ...(event.channel_code !== undefined && { channel_code: event.channel_code }),
    ...(event.cccode !== undefined && { cccode: event.cccode }),
    ...(event.logical_guid !== undefined && { logical_guid: event.logical_guid }),
    currency: amounts === 'mixed' ? mixedCurrencies : (amounts?.currency ?? noMoney),
  };
  const figures: DayFigures = { count: 1n };
  if (typeof amounts !== 'object') return { group, figures };
  const add = (name: string, units: MinorUnits) => {
    if (units === 0n) return;
    const key = `${name}${units > 0n ? '+' : '-'}`;
    figures[key] = (figures[key] ?? 0n) + (units > 0n ? units : -units);
  };
  add('gross', amounts.gross);
  add('net', amounts.net);
  let parts = 0n;
  for (const part of amounts.taxParts) {
    parts += part.amount;
    if (part.amount !== 0n) figures[taxFigure(part.amount > 0n ? '+' : '-', part.jurisdiction)] = part.amount > 0n ? part.amount : -part.amount;
  }
  add('round', parts - amounts.tax);
  return { group, figures };
}
