import { canonicalJson } from '../canonical-json';
import type { ExportFormat } from '../exports/export-record';
import type { JournalEntry } from './journal-entry';

/**
 * How a journal entry is written in a file of each format: `jsonl`, the
 * canonical entry, one line each (sorted keys, so equal entries are equal
 * bytes).
 */

/** The text that opens every file of a journal in `format`. */
export function journalFileHeader(_format: ExportFormat): string {
  return '';
}

/** The records an entry is in a file: its text, how many records (lines of the file) and journal lines it holds. */
export function journalRecords(entry: JournalEntry, _format: ExportFormat) {
  return { text: `${canonicalJson(entry)}\n`, records: 1, journalLines: entry.lines.length, entry };
}
