import type { BusEvent } from '../../shared/local/event-bus-api';
import { parseCsv, pollUntil, readObject, sha256 } from '../support/exports';
import { eventRequest } from '../support/fixtures/events';
import { createBuiltExport, exportFinished as finished, exportRequest } from '../support/fixtures/exports';
import { createOrg, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

const stack = useStack();
const org = useOrg('EXP', {
  admin: { roles: ['acct_export_admin'] },
  viewer: { roles: ['acct_view'] },
});

const requestContext = () => org.requestContext('finance');

async function record(overrides: Record<string, unknown> = {}) {
  const response = await org.post('admin', '/event/record', eventRequest(org.orgcode, { source_refs: [], request_context: requestContext(), ...overrides }));
  expect(response.status).toBe(200);
  return response.body.data.event;
}

const createExport = (overrides: Record<string, unknown> = {}, headers = org.headers.admin) =>
  post('/export/create', exportRequest(org.orgcode, overrides), headers);

/** Creates an export, waits until it is built, and returns it with its batches. */
const builtExport = (overrides: Record<string, unknown> = {}) =>
  createBuiltExport(exportRequest(org.orgcode, overrides), org.headers.admin, { reader: org.headers.viewer });

async function recordsOf(batch: { evidence: { file_refs: string[] } }): Promise<string> {
  const files = await Promise.all(batch.evidence.file_refs.map(readObject));
  return Buffer.concat(files).toString('utf8');
}

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('/export/create and the export worker', () => {
  it('answers at once with the export pending, then the worker builds it ready with evidence', async () => {
    const first = await record({ occurred_at: '2026-11-20T09:00:00Z' });
    const second = await record({ occurred_at: '2026-11-20T18:00:00Z', event_type: 'tender.captured' });
    await record({ occurred_at: '2026-11-21T00:00:00Z' }); // to_utc is exclusive
    await record({ occurred_at: '2026-11-19T23:59:59.999Z' });

    const created = await createExport();
    expect(created.status).toBe(200);
    expect(created.body.data.export).toMatchObject({
      export_id: expect.stringMatching(/^exp_/),
      status: 'pending',
      format: 'jsonl',
      export_kind: 'financial_events',
      from_utc: '2026-11-20T00:00:00.000Z',
      to_utc: '2026-11-21T00:00:00.000Z',
      revision: 1,
    });
    expect(created.body.data.export_id).toBe(created.body.data.export.export_id);

    const exportId = created.body.data.export.export_id;
    const built = await pollUntil('/export/get', { export_id: exportId }, org.headers.viewer, 'export', finished);
    expect(built).toMatchObject({ status: 'ready', batch_count: 1, file_count: 1, completed_at: expect.any(String) });
    expect(built.evidence).toMatchObject({ record_count: 2, file_count: 1 });

    const manifest = JSON.parse((await readObject(built.evidence.manifest_ref)).toString('utf8'));
    expect(sha256(await readObject(built.evidence.manifest_ref))).toBe(built.evidence.checksum_sha256);
    expect(manifest).toMatchObject({ export_id: exportId, record_count: 2, batches: [expect.any(Object)] });

    const [batch] = (await org.post('viewer', '/export/batch/list', { export_id: exportId })).body.data.batches;
    expect(batch).toMatchObject({ export_id: exportId, batch_kind: 'initial', status: 'ready', revision: 1 });
    const bytes = await readObject(batch.evidence.file_refs[0]);
    expect(sha256(bytes)).toBe(batch.evidence.checksum_sha256);
    expect(jsonLines(bytes.toString('utf8')).map((event) => event.event_id)).toEqual([first.event_id, second.event_id]);
    expect(batch.evidence.file_refs[0]).toMatch(new RegExp(`^s3://[^/]+/orgs/${org.orgcode}/exports/${exportId}/`));

    const batchManifest = await readObject(batch.evidence.manifest_ref);
    expect(sha256(batchManifest)).toBe(batch.evidence.manifest_checksum_sha256);
    expect(JSON.parse(batchManifest.toString('utf8')).files).toEqual([
      { ref: batch.evidence.file_refs[0], bytes: bytes.length, record_count: 2, checksum_sha256: sha256(bytes) },
    ]);
  });

  it('keeps only the event_types asked for', async () => {
    await record({ event_type: 'order.placed' });
    const tender = await record({ event_type: 'tender.captured' });
    const { batches } = await builtExport({ event_types: ['tender.captured'] });
    expect(jsonLines(await recordsOf(batches[0])).map((event) => event.event_id)).toEqual([tender.event_id]);
  });

  it('writes CSV by RFC 4180: commas, quotes and line breaks in a field survive a round trip', async () => {
    const tricky = 'Refund, "damaged"\nsecond line\r\nthird';
    const event = await record({ reason: tricky, amount: { currency: 'EUR', amount: 12.5 } });
    const { batches } = await builtExport({ format: 'csv' });
    const rows = parseCsv(await recordsOf(batches[0]));
    const [header, row] = rows;
    expect(rows).toHaveLength(2);
    const field = (name: string) => row![header!.indexOf(name)];
    expect(field('event_id')).toBe(event.event_id);
    expect(field('reason')).toBe(tricky);
    expect(field('amount')).toBe('12.5');
    expect(field('amount_currency')).toBe('EUR');
  });

  it('replays the original response for the same idempotency_key and refuses another body with 422', async () => {
    const first = await createExport({ idempotency_key: 'close-2026-11' });
    const again = await createExport({ idempotency_key: 'close-2026-11' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const other = await createExport({ idempotency_key: 'close-2026-11', format: 'csv' });
    expect(other.status).toBe(422);
  });

  it('publishes export.ready on the event bus with ids and status only', async () => {
    const events: BusEvent[] = [];
    const unsubscribe = stack.api.bus.subscribe((event) => events.push(event));
    try {
      const { exportRecord } = await builtExport();
      await pollUntil('/export/get', { export_id: exportRecord.export_id }, org.headers.viewer, 'export', () =>
        events.some((event) => (event.detail as { export_id?: string }).export_id === exportRecord.export_id),
      );
      const ready = events.find((event) => (event.detail as { export_id?: string }).export_id === exportRecord.export_id)!;
      expect(ready).toMatchObject({ source: 'accounting', 'detail-type': 'export.ready' });
      expect(ready.detail).toEqual({
        orgcode: org.orgcode,
        export_id: exportRecord.export_id,
        status: 'ready',
        revision: exportRecord.revision,
        occurred_at: exportRecord.completed_at,
      });
    } finally {
      unsubscribe();
    }
  });

  it('validates the request: window order, formats, kinds, tax_filters only for tax_audit, required fields', async () => {
    const response = await org.post(
      'admin',
      '/export/create',
      {
        from_utc: '2026-11-21T00:00:00Z',
        to_utc: '2026-11-20T00:00:00Z',
        format: 'xml',
        export_kind: 'everything',
        tax_filters: { tax_basis: 'added' },
        request_context: requestContext(),
      },
    );
    expect(response.status).toBe(400);
    const paths = response.body.error.details.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['format', 'export_kind', 'reason', 'source_refs']));
    const window = await createExport({ from_utc: '2026-11-21T00:00:00Z', to_utc: '2026-11-20T00:00:00Z' });
    expect(window.body.error.details.issues).toEqual([{ path: 'to_utc', message: 'must be later than from_utc' }]);
    const filters = await createExport({ tax_filters: { tax_basis: 'added' } });
    expect(filters.body.error.details.issues).toEqual([{ path: 'tax_filters', message: 'applies only to export_kind tax_audit' }]);
  });

  it('refuses export creation to a reader (403)', async () => {
    const response = await createExport({}, org.headers.viewer);
    expect(response.status).toBe(403);
  });
});

describe('tax_audit exports', () => {
  async function taxEvents() {
    const components = [
      { jurisdiction_code: 'US-CA', tax_code: 'STATE', rate: 6, taxable_base: { currency: 'USD', amount: 100 }, amount: { currency: 'USD', amount: 6 }, tax_basis: 'added' },
      { jurisdiction_code: 'US-CA-SF', tax_code: 'CITY', rate: 1.25, taxable_base: { currency: 'USD', amount: 100 }, amount: { currency: 'USD', amount: 1.25 }, tax_basis: 'added' },
    ];
    const order = await record({ tax_components: components, tax_policy_version: 'tax-2026.1', tax_liability_trigger: 'order' });
    const invoice = await record({
      occurred_at: '2026-11-20T11:00:00Z',
      tax_components: [{ jurisdiction_code: 'DE', tax_code: 'VAT', rate: 19, amount: { currency: 'EUR', amount: 19 }, tax_basis: 'included' }],
      tax_policy_version: 'tax-2026.2',
      tax_liability_trigger: 'invoice',
    });
    const exempt = await record({
      occurred_at: '2026-11-20T12:00:00Z',
      tax_components: [{ jurisdiction_code: 'US-OR', tax_code: 'NONE', exemption_applied: true, exemption_reason: 'no sales tax' }],
      tax_policy_version: 'tax-2026.1',
      tax_liability_trigger: 'shipment',
    });
    const eventLevel = await record({
      occurred_at: '2026-11-20T13:00:00Z',
      tax_amount: { currency: 'USD', amount: 0.7 },
      tax_jurisdiction_code: 'US-NY',
      tax_basis: 'added',
      tax_liability_trigger: 'order',
    });
    await record({ occurred_at: '2026-11-20T14:00:00Z' }); // no tax at all: no line
    return { order, invoice, exempt, eventLevel };
  }

  const linesOf = async (taxFilters?: Record<string, unknown>) => {
    const { batches } = await builtExport({ export_kind: 'tax_audit', ...(taxFilters && { tax_filters: taxFilters }) });
    return jsonLines(await recordsOf(batches[0]));
  };
  const keysOf = (lines: any[]) => lines.map((line) => `${line.event_id}/${line.component_index}`);

  it('writes one line per tax component, and one from the event-level fields of an event without components', async () => {
    const { order, invoice, exempt, eventLevel } = await taxEvents();
    const lines = await linesOf();
    expect(keysOf(lines)).toEqual([
      `${order.event_id}/0`,
      `${order.event_id}/1`,
      `${invoice.event_id}/0`,
      `${exempt.event_id}/0`,
      `${eventLevel.event_id}/null`,
    ]);
    expect(lines[1]).toEqual({
      event_id: order.event_id,
      event_type: 'order.placed',
      occurred_at: '2026-11-20T10:00:00.000Z',
      component_index: 1,
      jurisdiction_code: 'US-CA-SF',
      tax_code: 'CITY',
      rate: 1.25,
      taxable_base: 100,
      taxable_base_currency: 'USD',
      tax_amount: 1.25,
      tax_amount_currency: 'USD',
      tax_basis: 'added',
      tax_liability_trigger: 'order',
      tax_policy_version: 'tax-2026.1',
    });
  });

  it('honours each tax filter, alone and combined', async () => {
    const { order, invoice, exempt, eventLevel } = await taxEvents();
    expect(keysOf(await linesOf({ jurisdiction_codes: ['US-CA', 'DE'] }))).toEqual([
      `${order.event_id}/0`,
      `${invoice.event_id}/0`,
    ]);
    expect(keysOf(await linesOf({ tax_policy_versions: ['tax-2026.2'] }))).toEqual([`${invoice.event_id}/0`]);
    expect(keysOf(await linesOf({ tax_basis: 'included' }))).toEqual([`${invoice.event_id}/0`]);
    expect(keysOf(await linesOf({ tax_liability_trigger: 'shipment' }))).toEqual([`${exempt.event_id}/0`]);
    expect(keysOf(await linesOf({ require_tax_amount: true }))).toEqual([
      `${order.event_id}/0`,
      `${order.event_id}/1`,
      `${invoice.event_id}/0`,
      `${eventLevel.event_id}/null`,
    ]);
    expect(keysOf(await linesOf({ tax_basis: 'added', tax_liability_trigger: 'order', jurisdiction_codes: ['US-NY'] }))).toEqual([
      `${eventLevel.event_id}/null`,
    ]);
    // Six exports one after another, each waiting out its settled window (indexLagMs + 10 s under the AWS-like mode).
  }, 180_000);
});

describe('/export/list and /export/get', () => {
  it('lists not-yet-finished exports by default, any status on request, and filters by window overlap', async () => {
    const { exportRecord } = await builtExport();
    const unfinished = await org.post('viewer', '/export/list', {});
    expect(unfinished.status).toBe(200);
    expect(unfinished.body.data.exports.map((e: any) => e.export_id)).not.toContain(exportRecord.export_id);

    const ready = await org.post('viewer', '/export/list', { status: 'ready' });
    expect(ready.body.data.exports.map((e: any) => e.export_id)).toEqual([exportRecord.export_id]);
    const overlapping = await org.post('viewer', '/export/list', { status: 'ready', from_utc: '2026-11-20T23:00:00Z', to_utc: '2026-11-22T00:00:00Z' });
    expect(overlapping.body.data.exports).toHaveLength(1);
    const disjoint = await org.post('viewer', '/export/list', { status: 'ready', from_utc: '2026-11-21T00:00:00Z' });
    expect(disjoint.body.data.exports).toHaveLength(0);
  });

  it('pages with opaque tokens bound to the filters', async () => {
    for (let i = 0; i < 3; i += 1) await builtExport();
    const first = await org.post('viewer', '/export/list', { status: 'ready', limit: 2 });
    expect(first.body.data.exports).toHaveLength(2);
    const second = await org.post('viewer', '/export/list', { status: 'ready', limit: 2, next_token: first.body.data.next_token });
    expect(second.body.data.exports).toHaveLength(1);
    const ids = [...first.body.data.exports, ...second.body.data.exports].map((e: any) => e.export_id);
    expect(new Set(ids).size).toBe(3);
    const tampered = await org.post('viewer', '/export/list', { status: 'failed', limit: 2, next_token: first.body.data.next_token });
    expect(tampered.status).toBe(400);
    // Three exports built one after another, each waiting out its settled window under the AWS-like mode.
  }, 120_000);

  it('answers 404 for an unknown export', async () => {
    const response = await org.post('viewer', '/export/get', { export_id: 'exp_unknown' });
    expect(response.status).toBe(404);
    expect(response.body.error.major.tag).toBe('not-found');
  });
});

describe('tenant isolation', () => {
  it("lets no other organisation get, list, repair or set the status of an org's exports", async () => {
    await record();
    const { exportRecord, batches } = await builtExport();
    const batch = batches[0];
    const other = await createOrg('OTH', { intruder: { roles: ['acct_export_admin', 'acct_view', 'finance_audit'], owner: true } });
    const otherContext = other.requestContext('intruder');

    expect((await other.post('intruder', '/export/get', { export_id: exportRecord.export_id })).status).toBe(404);
    expect((await other.post('intruder', '/export/batch/get', { batch_id: batch.batch_id })).status).toBe(404);
    expect((await other.post('intruder', '/export/list', { status: 'ready' })).body.data.exports).toEqual([]);
    expect((await other.post('intruder', '/export/batch/list', { export_id: exportRecord.export_id })).body.data.batches).toEqual([]);
    const statusSet = await other.post(
      'intruder',
      '/export/batch/status/set',
      { batch_id: batch.batch_id, status: 'failed', expected_revision: 1, reason: 'x', source_refs: [], request_context: otherContext },
    );
    expect(statusSet.status).toBe(404);
    const repair = await other.post(
      'intruder',
      '/export/batch/repair',
      { export_id: exportRecord.export_id, repair_of_batch_id: batch.batch_id, reason: 'x', source_refs: [], request_context: otherContext },
    );
    expect(repair.status).toBe(404);

    // The other org's credential presented with this org's code is 404 too (existence never revealed).
    expect((await post('/export/get', { export_id: exportRecord.export_id }, { ...other.headers.intruder, 'x-orgcode': org.orgcode })).status).toBe(404);
    // Every file of the export lies under this organisation's own prefix.
    for (const ref of [exportRecord.evidence.manifest_ref, ...exportRecord.evidence.file_refs, batch.evidence.manifest_ref]) {
      expect(ref).toMatch(new RegExp(`^s3://[^/]+/orgs/${org.orgcode}/`));
    }
  });
});
