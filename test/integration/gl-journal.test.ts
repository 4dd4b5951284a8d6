import { ledgerEventId } from '../../shared/domain/ledger/ledger-events';
import { parseCsv, pollUntil, readObject, sha256 } from '../support/exports';
import { eventRequest } from '../support/fixtures/events';
import { createBuiltExport, exportRequest } from '../support/fixtures/exports';
import { mappingRequest } from '../support/fixtures/gl';
import { orderCancelled, orderPlaced, tenderCaptured } from '../support/fixtures/orders';
import { useOrg, useStack } from '../support/harness';

/**
 * The journal of one organisation's November, seeded once for the file:
 * - ord_tx, 2 November, at the till: 352.53 with 22 of tax, 15.005 to Texas and
 *   6.995 to Austin, each rounded on its own (15.01 + 7.00): a cent left over;
 * - ord_web, 3 November, on the web store, cancelled on 5 November;
 * - a card tender on 3 November;
 * - on 10 November, an invoice event no rule maps, and a cancellation of an
 *   order the ledger never received.
 */
useStack();
const org = useOrg(
  'GLJ',
  {
    admin: { roles: ['acct_export_admin'] },
    viewer: { roles: ['acct_view'] },
  },
  { per: 'file' },
);

const window = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-11-06T00:00:00Z' };
const withUnmapped = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-11-11T00:00:00Z' };

const texasOrder = () =>
  orderPlaced(org.orgcode, 'ord_tx', {
    tax_jurisdiction_code: 'US-TX',
    tax_components: [
      { jurisdiction_code: 'US-TX', amount: { currency: 'USD', amount: 15.005 } },
      { jurisdiction_code: 'US-TX-AUS', amount: { currency: 'USD', amount: 6.995 } },
    ],
  });

let unmappedInvoiceId = '';

beforeAll(async () => {
  expect((await org.post('admin', '/gl/mapping/set', mappingRequest())).status).toBe(200);
  await org.deliver('retail.orders', 'order.placed', texasOrder());
  await org.deliver('retail.orders', 'order.placed', orderPlaced(org.orgcode, 'ord_web', { placed_at: '2026-11-03T12:00:00Z', channel_code: 'web_store' }));
  await org.deliver('retail.payments', 'tender.captured', tenderCaptured(org.orgcode, 'tnd_1', 'ord_tx', { method: 'card' }));
  await org.deliver('retail.orders', 'order.cancelled', orderCancelled(org.orgcode, 'ord_web'));
  await org.deliver('retail.orders', 'order.cancelled', orderCancelled(org.orgcode, 'ord_never', { cancelled_at: '2026-11-10T08:00:00Z' }));
  const invoice = await org.post(
    'admin',
    '/event/record',
    eventRequest(org.orgcode, { event_type: 'invoice.issued', occurred_at: '2026-11-10T09:00:00Z', channel_code: 'pos', request_context: org.requestContext() }),
  );
  expect(invoice.status).toBe(200);
  unmappedInvoiceId = invoice.body.data.event.event_id;
});

describe('/gl/coverage/report', () => {
  it('counts what the mapping maps in the window and groups what it does not, with their event ids', async () => {
    const covered = await org.post('viewer', '/gl/coverage/report', window);
    expect(covered.status).toBe(200);
    expect(covered.body.data.coverage).toEqual({ ...window, from_utc: '2026-11-01T00:00:00.000Z', to_utc: '2026-11-06T00:00:00.000Z', events: 4, mapped: 4, unmapped: [] });

    const partial = await org.post('admin', '/gl/coverage/report', withUnmapped);
    expect(partial.body.data.coverage).toMatchObject({ events: 6, mapped: 4 });
    expect(partial.body.data.coverage.unmapped).toEqual([
      { event_type: 'invoice.issued', match: { channel_code: 'pos', cccode: null, logical_guid: null, currency: 'USD' }, count: 1, event_ids: [unmappedInvoiceId] },
      {
        event_type: 'order.cancelled',
        match: { channel_code: null, cccode: null, logical_guid: null, currency: null },
        count: 1,
        event_ids: [ledgerEventId('order.cancelled', 'ord_never')],
      },
    ]);

    const onlyTenders = await org.post('viewer', '/gl/coverage/report', { ...withUnmapped, event_types: ['tender.captured'] });
    expect(onlyTenders.body.data.coverage).toMatchObject({ events: 1, mapped: 1, unmapped: [] });
  });
});

const journalExport = (overrides: Record<string, unknown> = {}) =>
  createBuiltExport(exportRequest(org.orgcode, { ...window, export_kind: 'gl_journal', ...overrides }), org.headers.admin, { reader: org.headers.viewer });

const jsonLines = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** Debits and credits per account and currency, in cents, added up from entries' lines. */
function accountTotals(entries: Array<{ currency: string; lines: Array<{ account: string; side: string; amount: number }> }>) {
  const totals = new Map<string, { account: string; currency: string; debit: number; credit: number }>();
  for (const entry of entries) {
    for (const line of entry.lines) {
      const key = `${line.account} ${entry.currency}`;
      const total = totals.get(key) ?? { account: line.account, currency: entry.currency, debit: 0, credit: 0 };
      total[line.side as 'debit' | 'credit'] += Math.round(line.amount * 100);
      totals.set(key, total);
    }
  }
  return [...totals.values()]
    .sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0))
    .map(({ account, currency, debit, credit }) => ({ account, currency, debit_total: debit / 100, credit_total: credit / 100 }));
}

describe('export_kind gl_journal', () => {
  it('posts each event as one balanced entry, the cancellation as the reversal of its order, and proves the totals in the evidence and manifest', async () => {
    const { exportRecord, batches } = await journalExport();
    expect(exportRecord).toMatchObject({ status: 'ready', export_kind: 'gl_journal', format: 'jsonl', mapping_revision: 1, max_lines_per_file: 10_000 });
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    const bytes = await readObject(batch.evidence.file_refs[0]);
    expect(sha256(bytes)).toBe(batch.evidence.checksum_sha256);
    expect(batch.evidence.file_refs[0]).toMatch(/\/journal-0001\.jsonl$/);
    const entries = jsonLines(bytes);

    const orderId = ledgerEventId('order.placed', 'ord_tx');
    const webOrderId = ledgerEventId('order.placed', 'ord_web');
    expect(entries.map((entry) => [entry.entry_kind, entry.source_event_ids, entry.rule_id, entry.posting_date])).toEqual([
      ['post', [orderId], 'sales', '2026-11-02'],
      ['post', [ledgerEventId('tender.captured', 'tnd_1')], 'tenders', '2026-11-03'],
      ['post', [webOrderId], 'web-sales', '2026-11-03'],
      ['reversal', [ledgerEventId('order.cancelled', 'ord_web'), webOrderId], 'web-sales', '2026-11-05'],
    ]);
    const [texas, , web, cancellation] = entries;
    expect(texas).toMatchObject({ orgcode: org.orgcode, currency: 'USD', occurred_on: '2026-11-02', mapping_revision: 1, entry_id: expect.stringMatching(/^gle_/) });
    expect(texas.lines.map(({ side, account, amount, tax_jurisdiction_code, rounding }: any) => [side, account, amount, tax_jurisdiction_code, rounding])).toEqual([
      ['debit', '1200', 352.53, undefined, undefined],
      ['credit', '4000', 330.53, undefined, undefined],
      ['credit', '2210', 15.01, 'US-TX', undefined],
      ['credit', '2200', 7, 'US-TX-AUS', undefined],
      ['debit', '7990', 0.01, undefined, true],
    ]);
    expect(web.lines[0].dimensions).toEqual({ channel_code: 'web_store' });
    expect(cancellation).toMatchObject({ reverses_entry_id: web.entry_id, lines: web.lines.map((line: any) => ({ ...line, side: line.side === 'debit' ? 'credit' : 'debit' })) });

    const journal = {
      entries: 4,
      lines: 13,
      currencies: [{ currency: 'USD', debit_total: 1157.61, credit_total: 1157.61 }],
      accounts: accountTotals(entries),
      unbalanced_entries: 0,
    };
    expect(batch.evidence.journal).toEqual(journal);
    expect(exportRecord.evidence.journal).toEqual(journal);
    const manifest = JSON.parse((await readObject(exportRecord.evidence.manifest_ref)).toString('utf8'));
    expect(manifest.journal).toEqual(journal);
    const batchManifest = JSON.parse((await readObject(batch.evidence.manifest_ref)).toString('utf8'));
    expect(batchManifest.files).toEqual([{ ref: batch.evidence.file_refs[0], bytes: bytes.length, record_count: 4, checksum_sha256: sha256(bytes), journal }]);

    const again = await journalExport();
    const entriesAgain = jsonLines(await readObject(again.batches[0].evidence.file_refs[0]));
    expect(entriesAgain.map((entry) => entry.entry_id)).toEqual(entries.map((entry) => entry.entry_id));
  });

  it('fails an export whose window holds events no rule maps, naming how many, with no batch', async () => {
    const { exportRecord, batches } = await journalExport(withUnmapped);
    expect(exportRecord.status).toBe('failed');
    expect(exportRecord.failure_reason).toMatch(/^unmapped: 2 /);
    expect(batches).toEqual([]);
  });

  it('refuses journal formats and fields on the ledger kinds, and csv on a journal', async () => {
    const csvJournal = await org.post('admin', '/export/create', exportRequest(org.orgcode, { export_kind: 'gl_journal', format: 'csv' }));
    expect(csvJournal.status).toBe(400);
    expect(csvJournal.body.error.details.issues).toEqual([{ path: 'format', message: 'gl_journal is written as jsonl or netsuite_csv' }]);
    const netsuiteLedger = await org.post('admin', '/export/create', exportRequest(org.orgcode, { format: 'netsuite_csv' }));
    expect(netsuiteLedger.body.error.details.issues).toEqual([{ path: 'format', message: 'financial_events is written as jsonl or csv' }]);
    const linesOnLedger = await org.post('admin', '/export/create', exportRequest(org.orgcode, { max_lines_per_file: 500 }));
    expect(linesOnLedger.body.error.details.issues).toEqual([{ path: 'max_lines_per_file', message: 'applies only to export_kind gl_journal' }]);

    const schedule = { cadence: { type: 'cron', cron: '0 2 * * *', timezone: 'UTC' }, reason: 'nightly journal', source_refs: [], request_context: org.requestContext() };
    const scheduled = await org.post('admin', '/export/schedule/create', { ...schedule, export_kind: 'gl_journal', format: 'netsuite_csv', max_lines_per_file: 999 });
    expect(scheduled.body.data.schedule).toMatchObject({ export_kind: 'gl_journal', format: 'netsuite_csv', max_lines_per_file: 999 });
    const wrongSchedule = await org.post('admin', '/export/schedule/create', { ...schedule, format: 'netsuite_csv' });
    expect(wrongSchedule.body.error.details.issues).toEqual([{ path: 'format', message: 'financial_events is written as jsonl or csv' }]);
  });
});

describe('netsuite_csv, max_lines_per_file and /export/files', () => {
  it('writes NetSuite rows grouped by External ID in files of at most max_lines_per_file lines, never splitting an entry, each file balanced', async () => {
    const { exportRecord, batches } = await journalExport({ format: 'netsuite_csv', max_lines_per_file: 10 });
    expect(exportRecord).toMatchObject({ status: 'ready', format: 'netsuite_csv', max_lines_per_file: 10, file_count: 2 });
    const [batch] = batches;
    expect(batch.evidence.file_refs.map((ref: string) => ref.slice(ref.lastIndexOf('/') + 1))).toEqual(['journal-0001.csv', 'journal-0002.csv']);
    const files = await Promise.all(batch.evidence.file_refs.map(readObject));
    expect(sha256(Buffer.concat(files))).toBe(batch.evidence.checksum_sha256);

    const tables = files.map((bytes) => parseCsv(bytes.toString('utf8')));
    for (const [header] of tables) {
      expect(header).toEqual(['External ID', 'Date', 'Currency', 'Memo', 'Account', 'Debit', 'Credit', 'Line Memo', 'Tax Jurisdiction', 'Channel', 'Cost Centre', 'Facility', 'Entry Kind', 'Reverses Entry ID', 'Occurred On']);
    }
    const rows = tables.map(([, ...body]) => body);
    expect(rows.map((body) => body.length)).toEqual([10, 3]);
    const cents = (value: string) => (value === '' ? 0 : Math.round(Number(value) * 100));
    for (const body of rows) {
      expect(body.reduce((sum, row) => sum + cents(row[5]!), 0)).toBe(body.reduce((sum, row) => sum + cents(row[6]!), 0));
    }
    const entryIdsOf = (body: string[][]) => new Set(body.map((row) => row[0]));
    const [first, second] = rows.map(entryIdsOf);
    expect([...first!].filter((id) => second!.has(id))).toEqual([]);
    expect(rows[0]!.slice(0, 5).map((row) => [row[1], row[4], row[5], row[6], row[7], row[8]])).toEqual([
      ['2026-11-02', '1200', '352.53', '', '', ''],
      ['2026-11-02', '4000', '', '330.53', '', ''],
      ['2026-11-02', '2210', '', '15.01', 'Tax US-TX', 'US-TX'],
      ['2026-11-02', '2200', '', '7.00', 'Tax US-TX-AUS', 'US-TX-AUS'],
      ['2026-11-02', '7990', '0.01', '', 'Rounding', ''],
    ]);
    expect(new Set(rows[0]!.slice(0, 5).map((row) => row[0])).size).toBe(1);
    const manifest = JSON.parse((await readObject(batch.evidence.manifest_ref)).toString('utf8'));
    expect(manifest.files.map((file: { record_count: number; journal: { lines: number; currencies: unknown[] } }) => [file.record_count, file.journal.lines, file.journal.currencies])).toEqual([
      [10, 10, [{ currency: 'USD', debit_total: 805.08, credit_total: 805.08 }]],
      [3, 3, [{ currency: 'USD', debit_total: 352.53, credit_total: 352.53 }]],
    ]);
  });

  it('hands every file of any export kind, and its manifest, over links a plain HTTP GET downloads within 15 minutes', async () => {
    const journal = await journalExport({ format: 'netsuite_csv', max_lines_per_file: 10 });
    const ledger = await createBuiltExport(exportRequest(org.orgcode, window), org.headers.admin, { reader: org.headers.viewer });
    for (const [built, which] of [
      [journal, { export_id: journal.exportRecord.export_id }],
      [ledger, { export_id: ledger.exportRecord.export_id }],
      [journal, { batch_id: journal.batches[0].batch_id }],
    ] as const) {
      const asked = Date.now();
      const answer = await org.post('viewer', '/export/files', which);
      expect(answer.status).toBe(200);
      const { files, manifest } = answer.body.data;
      expect(files.map((file: { file_ref: string }) => file.file_ref)).toEqual(built.exportRecord.evidence.file_refs);
      for (const file of [...files, manifest]) {
        expect(Date.parse(file.expires_at)).toBeLessThanOrEqual(asked + 15 * 60_000 + 1_000);
        expect(Date.parse(file.expires_at)).toBeGreaterThan(asked + 14 * 60_000);
        const download = await fetch(file.url);
        expect(download.status).toBe(200);
        const bytes = Buffer.from(await download.arrayBuffer());
        expect([bytes.length, sha256(bytes)]).toEqual([file.bytes, file.checksum_sha256]);
      }
      const expectedManifest = 'batch_id' in which ? built.batches[0].evidence.manifest_checksum_sha256 : built.exportRecord.evidence.checksum_sha256;
      expect(manifest.checksum_sha256).toBe(expectedManifest);
    }
    const pending = await org.post('admin', '/export/create', exportRequest(org.orgcode, { ...window, export_kind: 'gl_journal' }));
    const early = await org.post('viewer', '/export/files', { export_id: pending.body.data.export_id });
    expect([200, 409]).toContain(early.status);
    expect((await org.post('viewer', '/export/files', { export_id: 'exp_missing' })).status).toBe(404);
    expect((await org.post('viewer', '/export/files', {})).status).toBe(400);
  });
});

describe('/gl/trial-balance', () => {
  it('gives each account the debits and credits the journal posts for every event up to the day, and counts what no rule maps', async () => {
    const { exportRecord } = await journalExport();
    const balance = await org.post('viewer', '/gl/trial-balance', { as_of: '2026-11-05' });
    expect(balance.status).toBe(200);
    const { accounts, totals, unmapped } = balance.body.data;
    expect(accounts.map(({ balance: _balance, ...sides }: { balance: number }) => sides)).toEqual(exportRecord.evidence.journal.accounts);
    for (const account of accounts) expect(account.balance).toBeCloseTo(account.debit_total - account.credit_total, 2);
    expect(totals).toEqual([{ currency: 'USD', debit_total: 1157.61, credit_total: 1157.61 }]);
    expect(unmapped).toBe(0);

    const later = (await org.post('admin', '/gl/trial-balance', { as_of: '2026-11-10' })).body.data;
    expect(later).toMatchObject({ as_of: '2026-11-10', accounts, totals, unmapped: 2 });
    const firstDay = (await org.post('viewer', '/gl/trial-balance', { as_of: '2026-11-02' })).body.data;
    expect(firstDay.totals).toEqual([{ currency: 'USD', debit_total: 352.54, credit_total: 352.54 }]);
    expect(firstDay.accounts.find((account: { account: string }) => account.account === '7990')).toEqual({ account: '7990', currency: 'USD', debit_total: 0.01, credit_total: 0, balance: 0.01 });
    expect((await org.post('viewer', '/gl/trial-balance', { as_of: '2026-11-05', currency: 'EUR' })).body.data).toMatchObject({ accounts: [], totals: [] });
    expect((await org.post('viewer', '/gl/trial-balance', { as_of: '2026-11-31' })).status).toBe(400);
  });
});

/** Marks a batch as the ERP reports it, under its current revision. */
async function reportBatch(batch: { batch_id: string; revision: number }, status: 'sent' | 'failed') {
  const answer = await org.post('admin', '/export/batch/status/set', {
    batch_id: batch.batch_id,
    status,
    expected_revision: batch.revision,
    reason: `ERP import ${status}`,
    source_refs: [{ kind: 'erp_import', id: batch.batch_id }],
    request_context: org.requestContext(),
  });
  expect(answer.status).toBe(200);
  return answer.body.data.batch;
}

const entriesOf = async (built: { batches: Array<{ evidence: { file_refs: string[] } }> }) =>
  jsonLines(Buffer.concat(await Promise.all(built.batches.flatMap((batch) => batch.evidence.file_refs).map(readObject))));

describe('corrections by reversal and closed periods', () => {
  const webOrderId = ledgerEventId('order.placed', 'ord_web');
  const cancellationId = ledgerEventId('order.cancelled', 'ord_web');
  let firstBatch: { batch_id: string; revision: number };
  let sentEntries: any[] = [];

  it('after a mapping change, reverses what was sent and posts the new entries on their original days, leaving unchanged entries alone', async () => {
    const first = await journalExport();
    firstBatch = await reportBatch(first.batches[0], 'sent');
    sentEntries = await entriesOf(first);

    const rules = (mappingRequest().rules as Array<Record<string, any>>).map((rule) =>
      rule.rule_id === 'web-sales' ? { ...rule, lines: rule.lines.map((line: any) => (line.amount === 'net' ? { ...line, account: '4011' } : line)) } : rule,
    );
    const changed = await org.post('admin', '/gl/mapping/set', mappingRequest({ rules, expected_revision: 1, reason: 'Web sales on their own revenue account' }));
    expect(changed.body.data.mapping.revision).toBe(2);

    const second = await journalExport();
    expect(second.exportRecord).toMatchObject({ status: 'ready', mapping_revision: 2 });
    const entries = await entriesOf(second);
    const sentWeb = sentEntries.find((entry) => entry.entry_kind === 'post' && entry.source_event_ids[0] === webOrderId);
    const sentCancellation = sentEntries.find((entry) => entry.source_event_ids[0] === cancellationId);
    const newWeb = entries[1];
    expect(entries.map((entry) => [entry.entry_kind, entry.reverses_entry_id ?? null, entry.posting_date, entry.occurred_on, entry.source_event_ids, entry.mapping_revision])).toEqual([
      ['reversal', sentWeb.entry_id, '2026-11-03', '2026-11-03', [webOrderId], 1],
      ['post', null, '2026-11-03', '2026-11-03', [webOrderId], 2],
      ['reversal', sentCancellation.entry_id, '2026-11-05', '2026-11-05', [cancellationId, webOrderId], 1],
      ['reversal', newWeb.entry_id, '2026-11-05', '2026-11-05', [cancellationId, webOrderId], 2],
    ]);
    expect(entries[0].lines).toEqual(sentWeb.lines.map((line: any) => ({ ...line, side: line.side === 'debit' ? 'credit' : 'debit' })));
    expect(newWeb.lines.map((line: any) => line.account)).toEqual(['1200', '4011', '2200']);
    expect(second.exportRecord.evidence.journal).toMatchObject({ entries: 4, unbalanced_entries: 0 });
    const [usd] = second.exportRecord.evidence.journal.currencies;
    expect(usd.debit_total).toBe(usd.credit_total);
  });

  it('dates what falls in a closed period on the first day of the next open one, keeps occurred_on, and rebuilds a repaired batch byte for byte', async () => {
    const closed = await org.post('admin', '/gl/period/close', { period: '2026-11', reason: 'November closed in the ERP', request_context: org.requestContext() });
    expect(closed.body.data.period).toMatchObject({ orgcode: org.orgcode, period: '2026-11', status: 'closed', closed_at: expect.any(String) });
    const again = await org.post('admin', '/gl/period/close', { period: '2026-11' });
    expect(again.body.data.period).toEqual(closed.body.data.period);
    expect((await org.post('viewer', '/gl/period/list', {})).body.data.periods).toEqual([closed.body.data.period]);
    expect((await org.post('viewer', '/gl/period/close', { period: '2026-12' })).status).toBe(403);

    const late = await org.post(
      'admin',
      '/event/record',
      eventRequest(org.orgcode, { event_type: 'tender.captured', occurred_at: '2026-11-04T10:00:00Z', amount: { currency: 'USD', amount: 50 }, source_refs: [], request_context: org.requestContext() }),
    );
    const third = await journalExport();
    const entries = await entriesOf(third);
    expect(entries.map((entry) => [entry.entry_kind, entry.posting_date, entry.occurred_on, entry.source_event_ids[0]])).toEqual([
      ['reversal', '2026-12-01', '2026-11-03', webOrderId],
      ['post', '2026-12-01', '2026-11-03', webOrderId],
      ['post', '2026-12-01', '2026-11-04', late.body.data.event.event_id],
      ['reversal', '2026-12-01', '2026-11-05', cancellationId],
      ['reversal', '2026-12-01', '2026-11-05', cancellationId],
    ]);

    const thirdBatch = await reportBatch(third.batches[0], 'sent');
    const fourth = await journalExport();
    expect(fourth.exportRecord.evidence.journal).toMatchObject({ entries: 0, lines: 0 });

    const failed = await reportBatch(thirdBatch, 'failed');
    const repair = await org.post('admin', '/export/batch/repair', {
      export_id: third.exportRecord.export_id,
      repair_of_batch_id: failed.batch_id,
      reason: 'the ERP lost the import',
      source_refs: [],
      request_context: org.requestContext(),
    });
    expect(repair.status).toBe(200);
    const rebuilt = await pollUntil('/export/batch/get', { batch_id: repair.body.data.batch.batch_id }, org.headers.viewer, 'batch', (batch) => batch.status !== 'pending' && batch.status !== 'running');
    expect(rebuilt).toMatchObject({ status: 'ready', evidence: { checksum_sha256: third.batches[0].evidence.checksum_sha256 } });
    expect(firstBatch.batch_id).not.toBe(failed.batch_id);
  });
});
