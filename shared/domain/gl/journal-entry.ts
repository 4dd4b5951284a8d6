import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json';
import type { Money } from '../common-schemas';
import { decimalFromNumber } from '../decimal';
import { type MinorUnits, fromMinorUnits, minorDigits } from '../receivables/money';
import { unassignedValue } from '../rollups/financial-rollup';
import { taxParts } from '../rollups/tax-parts';
import type { LineSide, MappingRule } from './gl-mapping';
import { byCodeUnits } from '../code-units';

/**
 * A journal entry: one event's debits and credits on the organisation's
 * accounts, ERP-neutral (docs/decisions.md: General ledger journal, the entry
 * model). Every amount is exact in the currency's minor unit, and every entry
 * balances to the unit, by construction:
 *
 * - gross is the event's `amount` and tax its `tax_amount`, each rounded to the
 *   minor unit, half away from zero; net is rounded gross less rounded tax, so
 *   gross = net + tax holds exactly in minor units;
 * - a tax line posts each jurisdiction's part of the tax (as the financial
 *   rollups divide it) as a line of its own, each part rounded on its own;
 * - a line whose amount comes to zero is left out; a negative one posts its
 *   absolute value on the other side;
 * - what the parts' rounding leaves (debits less credits, a few minor units) is
 *   one more line on `rounding_account`, last, marked `rounding: true`: on the
 *   credit side when debits exceed credits, else on the debit side. Nothing
 *   else can leave a remainder, since a mapping's rules balance exactly once
 *   gross = net + tax (shared/domain/gl/gl-mapping.ts).
 */

export interface LineDimensions {
  channel_code?: string;
  cccode?: string;
  logical_guid?: string;
}

export interface JournalLine {
  line_no: number;
  side: LineSide;
  account: string;
  /** > 0, exact to the currency's minor unit. */
  amount: number;
  tax_jurisdiction_code?: string;
  dimensions: LineDimensions;
  /** The line that takes what rounding left. */
  rounding?: true;
}

export const entryKinds = ['post', 'reversal'] as const;
export type EntryKind = (typeof entryKinds)[number];

export interface JournalEntry {
  entry_id: string;
  orgcode: string;
  entry_kind: EntryKind;
  /** The day the ERP posts it on: `occurred_on`, unless its period was closed (shared/domain/gl/gl-period.ts). */
  posting_date: string;
  /** The UTC day of the event it posts (of the cancellation, for a cancellation's reversal). */
  occurred_on: string;
  currency: string;
  source_event_ids: string[];
  rule_id: string;
  mapping_revision: number;
  /** A reversal's: the entry whose lines it takes back. */
  reverses_entry_id?: string;
  lines: JournalLine[];
}

/** The fields of an event a journal reads. */
export interface JournalEvent {
  event_id: string;
  event_type: string;
  occurred_at: string;
  recorded_at: string;
  amount?: Money;
  tax_amount?: Money;
  channel_code?: string;
  cccode?: string;
  logical_guid?: string;
  tax_jurisdiction_code?: string;
  tax_components?: Array<{ jurisdiction_code?: string; amount?: Money }>;
  source_refs: Array<{ kind: string; id: string }>;
}

/** An event's amounts in minor units of its one currency. */
export interface EventAmounts {
  currency: string;
  gross: MinorUnits;
  tax: MinorUnits;
  net: MinorUnits;
  /** The tax by jurisdiction (`(none)` for tax no jurisdiction claims), in code order, each rounded. */
  taxParts: Array<{ jurisdiction: string; amount: MinorUnits }>;
}

/** `value` in minor units of `currency`, rounded half away from zero. */
export function roundedMinorUnits(value: number, currency: string): MinorUnits {
  const digits = minorDigits(currency);
  const { units, scale } = decimalFromNumber(value);
  if (scale <= digits) return units * 10n ** BigInt(digits - scale);
  const divisor = 10n ** BigInt(scale - digits);
  const magnitude = units < 0n ? -units : units;
  const rounded = magnitude / divisor + (2n * (magnitude % divisor) >= divisor ? 1n : 0n);
  return units < 0n ? -rounded : rounded;
}


/**
 * The event's amounts, or `mixed` when its amount and tax are in two
 * currencies (no one entry can balance them), or undefined when it has neither.
 */
export function eventAmounts(event: JournalEvent): EventAmounts | 'mixed' | undefined {
  const currency = event.amount?.currency ?? event.tax_amount?.currency;
  if (currency === undefined) return undefined;
  if (event.tax_amount && event.tax_amount.currency !== currency) return 'mixed';
  const gross = event.amount ? roundedMinorUnits(event.amount.amount, currency) : 0n;
  const tax = event.tax_amount ? roundedMinorUnits(event.tax_amount.amount, currency) : 0n;
  const parts = event.tax_amount
    ? taxParts(event).map((part) => ({ jurisdiction: part.jurisdiction, amount: part.tax_amount ? roundedMinorUnits(part.tax_amount.amount, currency) : 0n }))
    : [];
  return { currency, gross, tax, net: gross - tax, taxParts: parts.sort((a, b) => byCodeUnits(a.jurisdiction, b.jurisdiction)) };
}

export function dimensionsOf(event: Pick<JournalEvent, 'channel_code' | 'cccode' | 'logical_guid'>): LineDimensions {
  return {
    ...(event.channel_code !== undefined && { channel_code: event.channel_code }),
    ...(event.cccode !== undefined && { cccode: event.cccode }),
    ...(event.logical_guid !== undefined && { logical_guid: event.logical_guid }),
  };
}

const opposite = (side: LineSide): LineSide => (side === 'debit' ? 'credit' : 'debit');

interface SignedLine {
  side: LineSide;
  account: string;
  units: MinorUnits;
  tax_jurisdiction_code?: string;
}

/** The rule's lines for these amounts: signed, before zero lines are dropped and sides flipped. */
function ruleLines(rule: MappingRule, amounts: EventAmounts): SignedLine[] {
  return rule.lines.flatMap((line): SignedLine[] => {
    if (line.amount === 'gross') return [{ side: line.side, account: line.account, units: amounts.gross }];
    if (line.amount === 'net') return [{ side: line.side, account: line.account, units: amounts.net }];
    return amounts.taxParts.map((part) => ({
      side: line.side,
      account: line.tax_accounts?.[part.jurisdiction] ?? line.account,
      units: part.amount,
      ...(part.jurisdiction !== unassignedValue && { tax_jurisdiction_code: part.jurisdiction }),
    }));
  });
}

/**
 * The balanced lines a rule posts for an event's amounts: zero lines left
 * out, negative ones on the other side, and what rounding left on the
 * rounding account, last.
 */
export function balancedLines(rule: MappingRule, amounts: EventAmounts, dimensions: LineDimensions, roundingAccount: string): JournalLine[] {
  const lines: JournalLine[] = [];
  let debitsLessCredits = 0n;
  const add = (side: LineSide, account: string, units: MinorUnits, extra: Partial<JournalLine> = {}) => {
    debitsLessCredits += side === 'debit' ? units : -units;
    lines.push({ line_no: lines.length + 1, side, account, amount: fromMinorUnits(units, amounts.currency), ...extra, dimensions });
  };
  for (const line of ruleLines(rule, amounts)) {
    if (line.units === 0n) continue;
    const side = line.units > 0n ? line.side : opposite(line.side);
    add(side, line.account, line.units > 0n ? line.units : -line.units, line.tax_jurisdiction_code === undefined ? {} : { tax_jurisdiction_code: line.tax_jurisdiction_code });
  }
  if (debitsLessCredits !== 0n) {
    add(debitsLessCredits > 0n ? 'credit' : 'debit', roundingAccount, debitsLessCredits > 0n ? debitsLessCredits : -debitsLessCredits, { rounding: true });
  }
  return lines;
}

/**
 * `gle_` and 32 hex digits of the SHA-256 of what the entry posts (kind,
 * events, rule, currency, lines, what it reverses), not when: the same event,
 * rule and mapping revision always give the same id, and a later revision
 * that posts the event exactly as before keeps it, so a correction leaves it
 * alone and an ERP that holds it refuses it as a duplicate.
 */
export function entryId(entry: Omit<JournalEntry, 'entry_id' | 'posting_date' | 'mapping_revision' | 'occurred_on'>): string {
  const posted = {
    orgcode: entry.orgcode,
    entry_kind: entry.entry_kind,
    source_event_ids: entry.source_event_ids,
    rule_id: entry.rule_id,
    currency: entry.currency,
    lines: entry.lines,
    ...(entry.reverses_entry_id !== undefined && { reverses_entry_id: entry.reverses_entry_id }),
  };
  return `gle_${createHash('sha256').update(canonicalJson(posted)).digest('hex').slice(0, 32)}`;
}

/** An entry with its id, from everything else. */
export function withEntryId(entry: Omit<JournalEntry, 'entry_id'>): JournalEntry {
  return { entry_id: entryId(entry), ...entry };
}

/**
 * The entry that takes `entry` back: the same lines on the other sides,
 * naming it. `source_event_ids` and `occurred_on` are the reversal's own (a
 * cancellation's reversal names the cancellation and the order).
 */
export function reversalOf(entry: JournalEntry, own: { source_event_ids: string[]; occurred_on: string; posting_date: string }): JournalEntry {
  return withEntryId({
    orgcode: entry.orgcode,
    entry_kind: 'reversal',
    posting_date: own.posting_date,
    occurred_on: own.occurred_on,
    currency: entry.currency,
    source_event_ids: own.source_event_ids,
    rule_id: entry.rule_id,
    mapping_revision: entry.mapping_revision,
    reverses_entry_id: entry.entry_id,
    lines: entry.lines.map((line) => ({ ...line, side: opposite(line.side) })),
  });
}

/** Whether the entry's debits equal its credits, in minor units (what the evidence proves for every entry). */
export function isBalanced(entry: Pick<JournalEntry, 'currency' | 'lines'>): boolean {
  let units = 0n;
  for (const line of entry.lines) {
    const amount = roundedMinorUnits(line.amount, entry.currency);
    units += line.side === 'debit' ? amount : -amount;
  }
  return units === 0n;
}
