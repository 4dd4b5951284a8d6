import { eventsForExport } from '../db/events/event-repository';
import { closedPeriodsBefore } from '../db/gl/gl-period-repository';
import { mappingsUpTo } from '../db/gl/gl-mapping-repository';
import type { RecordSelection } from '../domain/exports/export-record';
import { exportLines, fileHeader } from '../domain/exports/export-lines';
import { JournalMapper } from '../domain/gl/journal-mapper';
import type { JournalEntry } from '../domain/gl/journal-entry';
import { journalFileHeader, journalRecords } from '../domain/gl/journal-files';
import { journalSources } from '../gl/journal-sources';

/**
 * What an export's events become in its files, whatever its kind: each event's
 * pieces, in the ledger's order. A piece is lines that stay in one file (a
 * journal entry is never split between files); an event with none is not in
 * the files at all.
 */
export interface ExportPiece {
  text: string;
  /** Records (lines of the file) the piece holds. */
  records: number;
  /** Journal lines it posts (what max_lines_per_file counts); its records otherwise. */
  journalLines: number;
  entry?: JournalEntry;
}

export interface ExportContent {
  /** The text that opens every file: a CSV header row, or nothing. */
  header: string;
  /** Each event of the selection, oldest first, with its pieces. */
  events(): AsyncGenerator<{ sortKey: string; pieces: ExportPiece[] }>;
  /**
   * Once the events are read: why the export cannot be delivered, if it cannot
   * (a journal with events no rule maps, which no suspense account takes).
   */
  refusal(): string | undefined;
}

/** The content of a selection of `orgcode`'s ledger. */
export async function exportContent(orgcode: string, selection: RecordSelection): Promise<ExportContent> {
  return selection.journal ? journalContent(orgcode, selection, selection.journal) : ledgerContent(orgcode, selection);
}

/** `financial_events` and `tax_audit`: the events' own lines, one piece per event. */
function ledgerContent(orgcode: string, selection: RecordSelection): ExportContent {
  return {
    header: fileHeader(selection.export_kind, selection.format),
    async *events() {
      for await (const ordered of eventsForExport(orgcode, selection)) {
        const lines = exportLines(ordered.event, selection.export_kind, selection.format, selection.tax_filters);
        const pieces = lines.length ? [{ text: lines.join(''), records: lines.length, journalLines: lines.length }] : [];
        yield { sortKey: ordered.sortKey, pieces };
      }
    },
    refusal: () => undefined,
  };
}

/**
 * `gl_journal`: each event's entries, one piece per entry, mapped by the
 * revisions up to the export's and dated by the periods closed before it was
 * created. An event no rule maps is counted and written nowhere.
 */
async function journalContent(orgcode: string, selection: RecordSelection, journal: NonNullable<RecordSelection['journal']>): Promise<ExportContent> {
  const [mappings, closedPeriods] = await Promise.all([mappingsUpTo(orgcode, journal.mapping_revision), closedPeriodsBefore(orgcode, selection.recorded_before)]);
  const mapper = new JournalMapper(orgcode, mappings, closedPeriods);
  let unmapped = 0;
  return {
    header: journalFileHeader(selection.format),
    async *events() {
      for await (const source of journalSources(orgcode, selection)) {
        const mapped = mapper.map(source.event, source.order);
        if ('unmapped' in mapped) unmapped += 1;
        const entries = 'entry' in mapped && mapped.entry ? [mapped.entry] : [];
        yield { sortKey: source.sortKey, pieces: unmapped ? [] : entries.map((entry) => journalRecords(entry, selection.format)) };
      }
    },
    refusal: () => (unmapped ? `unmapped: ${unmapped} event(s) of the window no rule of the account mapping maps (see /gl/coverage/report)` : undefined),
  };
}
