import { canonicalJson } from '../canonical-json';
import { csvRow } from '../csv';
import { minorDigits } from '../receivables/money';
import { type JournalEntry, type JournalLine, roundedMinorUnits } from './journal-entry';

/**
 * How a journal entry is written in a file of each format
 * (docs/decisions.md: General ledger journal, files):
 *
 * - `jsonl`: the canonical entry, one line each (sorted keys, so equal
 *   entries are equal bytes): the ERP-neutral form a connector maps itself.
 * - `netsuite_csv`: NetSuite's journal entry CSV import in its single-file
 *   form (Oracle NetSuite Help, "Import Format and Mapping Considerations":
 *   body and line fields in one file, the External ID on every row tells which
 *   record a line belongs to): one row per line, the entry's header fields
 *   repeated on each. The columns NetSuite names ("Journal Entry and
 *   Intercompany Journal Entry Header Fields Table" and "… Line-Level Fields
 *   Table"): External ID, Date, Currency, Memo, Account, Debit, Credit, Line
 *   Memo; Debit and Credit carry the currency's minor digits exactly ("a number
 *   with a maximum of 10 digits before the decimal and 2 digits after"). The
 *   dimensions, the tax jurisdiction and the entry's kind follow in columns of
 *   their own, which the import maps to the organisation's segments (Class,
 *   Department, Location) or leaves unmapped: their values must name records
 *   that exist in NetSuite, which only the organisation knows.
 */

const netsuiteColumns = [
  'External ID',
  'Date',
  'Currency',
  'Memo',
  'Account',
  'Debit',
  'Credit',
  'Line Memo',
  'Tax Jurisdiction',
  'Channel',
  'Cost Centre',
  'Facility',
  'Entry Kind',
  'Reverses Entry ID',
  'Occurred On',
] as const;

/** The text that opens every file of a journal in `format`. */
export function journalFileHeader(format: string): string {
  return format === 'netsuite_csv' ? csvRow(netsuiteColumns) : '';
}

/** The records an entry is in a file: its text, how many records (lines of the file) and journal lines it holds. */
export function journalRecords(entry: JournalEntry, format: string) {
  if (format !== 'netsuite_csv') return { text: `${canonicalJson(entry)}\n`, records: 1, journalLines: entry.lines.length, entry };
  const rows = entry.lines.map((line) => csvRow(netsuiteRow(entry, line)));
  return { text: rows.join(''), records: rows.length, journalLines: entry.lines.length, entry };
}

/** What the entry posts, for NetSuite's Memo: its kind, events, rule and revision. */
function entryMemo(entry: JournalEntry): string {
  const what = entry.entry_kind === 'post' ? 'Post' : `Reversal of ${entry.reverses_entry_id}`;
  return `${what}: ${entry.source_event_ids.join(' ')} (rule ${entry.rule_id}, mapping revision ${entry.mapping_revision})`;
}

/** The amount as a plain decimal with the currency's digits (`7.00`), as NetSuite's Debit and Credit take it. */
function fixedAmount(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const units = roundedMinorUnits(amount, currency).toString().padStart(digits + 1, '0');
  return digits ? `${units.slice(0, -digits)}.${units.slice(-digits)}` : units;
}

function netsuiteRow(entry: JournalEntry, line: JournalLine): Array<string | undefined> {
  const amount = fixedAmount(line.amount, entry.currency);
  return [
    entry.entry_id,
    entry.posting_date,
    entry.currency,
    entryMemo(entry),
    line.account,
    line.side === 'debit' ? amount : undefined,
    line.side === 'credit' ? amount : undefined,
    line.rounding ? 'Rounding' : line.tax_jurisdiction_code === undefined ? undefined : `Tax ${line.tax_jurisdiction_code}`,
    line.tax_jurisdiction_code,
    line.dimensions.channel_code,
    line.dimensions.cccode,
    line.dimensions.logical_guid,
    entry.entry_kind,
    entry.reverses_entry_id,
    entry.occurred_on,
  ];
}
