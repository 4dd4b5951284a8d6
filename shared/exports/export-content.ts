import { eventsForExport } from '../db/events/event-repository';
import { closedPeriods } from '../db/gl/gl-period-repository';
import { mappingsUpTo } from '../db/gl/gl-mapping-repository';
import { earlierJournalBatches } from '../db/gl/posted-journals';
import type { JournalSelection, RecordSelection } from '../domain/exports/export-record';
import { exportLines, fileHeader } from '../domain/exports/export-lines';
import { JournalMapper } from '../domain/gl/journal-mapper';
import { PostingHistory, type SentBatch } from '../domain/gl/posting-history';
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
  /**
   * The selection as the build reads it: a journal's adds the sent batches
   * its corrections start from, which every batch it writes keeps.
   */
  selection: RecordSelection;
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

/** The content of a selection of `orgcode`'s ledger, for export `exportId`. */
export async function exportContent(orgcode: string, exportId: string, selection: RecordSelection): Promise<ExportContent> {
  return selection.journal ? journalContent(orgcode, exportId, selection, selection.journal) : ledgerContent(orgcode, selection);
}

/** `financial_events` and `tax_audit`: the events' own lines, one piece per event. */
function ledgerContent(orgcode: string, selection: RecordSelection): ExportContent {
  return {
    selection,
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
 * `gl_journal`: what each event's entries take the ERP to, one piece per
 * entry, from what the earlier journals' sent batches gave it
 * (shared/domain/gl/posting-history.ts); mapped by the revisions up to the
 * export's and dated by the periods closed before it was created. An event no
 * rule maps is counted and written nowhere.
 */
async function journalContent(orgcode: string, exportId: string, selection: RecordSelection, journal: JournalSelection): Promise<ExportContent> {
  const [mappings, periods, earlier] = await Promise.all([
    mappingsUpTo(orgcode),
    closedPeriods(orgcode),
    earlierJournalBatches(orgcode, exportId, selection),
  ]);
  const mapperAsOf = (mappingRevision: number, recordedBefore: string) =>
    new JournalMapper(
      orgcode,
      mappings.filter((mapping) => mapping.revision <= mappingRevision),
      periods.filter((period) => period.closed_at < recordedBefore).map((period) => period.period),
    );
  const sent = earlier.flatMap((batch): SentBatch[] => {
    const { first_key, last_key, journal: built } = batch.selection;
    if (!batch.sent_at || first_key === undefined || last_key === undefined || !built) return [];
    return [
      {
        batch_id: batch.batch_id,
        sent_at: batch.sent_at,
        first_key,
        last_key,
        recorded_before: batch.selection.recorded_before,
        ...(batch.selection.event_types && { event_types: batch.selection.event_types }),
        posted_batches: built.posted_batches ?? [],
        mapper: mapperAsOf(built.mapping_revision, batch.selection.recorded_before),
      },
    ];
  });
  const pins = journal.posted_batches ?? earlier.filter((batch) => batch.status === 'sent').map((batch) => batch.batch_id).sort();
  const history = new PostingHistory(sent);
  const mapper = mapperAsOf(journal.mapping_revision, selection.recorded_before);
  let unmapped = 0;
  return {
    selection: { ...selection, journal: { ...journal, posted_batches: pins } },
    header: journalFileHeader(selection.format),
    async *events() {
      for await (const source of journalSources(orgcode, selection)) {
        const outcome = history.outcome(pins, mapper, source);
        if ('unmapped' in outcome) unmapped += 1;
        const entries = 'entries' in outcome && !unmapped ? outcome.entries : [];
        yield { sortKey: source.sortKey, pieces: entries.map((entry) => journalRecords(entry, selection.format)) };
      }
    },
    refusal: () => (unmapped ? `unmapped: ${unmapped} event(s) of the window no rule of the account mapping maps (see /gl/coverage/report)` : undefined),
  };
}
