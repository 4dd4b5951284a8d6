import { type StatementEntryKind, changeCountsAt } from './invoice-changes';
import { utcDay } from './invoice';
import { toMinorUnits } from './money';

/**
 * What aging of a past day needs of a statement entry recorded before entries
 * carried it (docs/decisions.md: Accounts receivable), worked out again from
 * the entries of its invoice: each change's due day is its invoice's; it
 * counts from its own date or the invoice's issue, whichever is later; and its
 * open-invoice delta is what the change did when it was recorded (+1 on issue
 * and reopening, -1 on void, write-off and the payment that settled the
 * invoice), found by replaying the invoice's entries in the order they were
 * recorded: their ids are time-ordered by the instant of the change.
 */

/** A statement entry as stored, whatever it carries besides. */
export interface RecordedEntry {
  entry_id: string;
  kind: StatementEntryKind;
  at: string;
  currency: string;
  amount: number;
}

export interface AgingFields {
  due_day: string;
  open_invoices_delta: -1 | 0 | 1;
  counts_at: string;
}

/** The aging fields of each of one invoice's entries (every one of them, in any order), by entry id. */
export function agingFieldsOf(invoice: { due_at?: string; issued_at?: string }, entries: readonly RecordedEntry[]): Map<string, AgingFields> {
  const fields = new Map<string, AgingFields>();
  let balance = 0n;
  for (const entry of [...entries].sort((a, b) => (a.entry_id < b.entry_id ? -1 : 1))) {
    const before = balance;
    balance += toMinorUnits(entry.amount, entry.currency) ?? 0n;
    let delta: -1 | 0 | 1 = 0;
    if (entry.kind === 'invoice' || entry.kind === 'reopen') delta = 1;
    else if (entry.kind === 'void' || entry.kind === 'write_off') delta = -1;
    else if (before > 0n && balance === 0n) delta = -1;
    fields.set(entry.entry_id, {
      due_day: utcDay(invoice.due_at ?? entry.at),
      open_invoices_delta: delta,
      counts_at: changeCountsAt(entry.at, invoice.issued_at),
    });
  }
  return fields;
}
