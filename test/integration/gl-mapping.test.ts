import { mappingRequest } from '../support/fixtures/gl';
import { createOrg, useOrg, useStack } from '../support/harness';

useStack();
const org = useOrg(
  'GLMAP',
  {
    admin: { roles: ['acct_export_admin'] },
    viewer: { roles: ['acct_view'] },
    auditor: { roles: ['finance_audit'] },
    owner: { owner: true },
    ar: { roles: ['ar_admin'] },
  },
  { per: 'file' },
);

describe('/gl/mapping/set, /gl/mapping/get and /gl/mapping/list', () => {
  it('keeps the whole mapping as revisions, 428 without expected_revision once one exists, 409 on a stale one', async () => {
    const first = await org.post('admin', '/gl/mapping/set', mappingRequest({ idempotency_key: 'first-mapping' }));
    expect(first.status).toBe(200);
    expect(first.body.data.mapping).toMatchObject({
      orgcode: org.orgcode,
      revision: 1,
      effective_from: '2026-01-01',
      rounding_account: '7990',
      rules: mappingRequest().rules,
      created_at: expect.any(String),
      request_context: { orgcode: org.orgcode, actor: 'admin' },
    });
    const replay = await org.post('admin', '/gl/mapping/set', mappingRequest({ idempotency_key: 'first-mapping' }));
    expect(replay.body.data).toEqual(first.body.data);

    const unnamed = await org.post('owner', '/gl/mapping/set', mappingRequest());
    expect(unnamed.status).toBe(428);
    expect(unnamed.body.error.error_code).toBe('accounting.expected_revision_required');

    const second = await org.post('owner', '/gl/mapping/set', mappingRequest({ expected_revision: 1, effective_from: '2026-12-01', rounding_account: '7991' }));
    expect(second.status).toBe(200);
    expect(second.body.data.mapping).toMatchObject({ revision: 2, effective_from: '2026-12-01', rounding_account: '7991' });

    for (const stale of [1, 5]) {
      const conflict = await org.post('admin', '/gl/mapping/set', mappingRequest({ expected_revision: stale }));
      expect(conflict.status).toBe(409);
      expect(conflict.body.error).toMatchObject({
        error_code: 'accounting.conflict_revision',
        retryable: false,
        details: { supplied_revision: stale, current_revision: 2 },
      });
      expect(conflict.body.conflict_snapshot).toEqual({ revision: 2 });
    }

    const latest = await org.post('viewer', '/gl/mapping/get', {});
    expect(latest.body.data.mapping).toMatchObject({ revision: 2, rounding_account: '7991' });
    const earlier = await org.post('auditor', '/gl/mapping/get', { revision: 1 });
    expect(earlier.body.data.mapping).toEqual(first.body.data.mapping);
    expect((await org.post('admin', '/gl/mapping/get', { revision: 3 })).status).toBe(404);

    const pages = await org.listPages('viewer', '/gl/mapping/list', { limit: 1 });
    expect(pages.flatMap((page) => page.mappings.map((mapping: { revision: number }) => mapping.revision))).toEqual([2, 1]);
  });

  it('refuses, naming the rule, a rule whose debits and credits cannot balance, a rule_id given twice, and a rule for cancellations', async () => {
    const [sales, web, tenders] = mappingRequest().rules as Array<Record<string, any>>;
    const lopsided = { ...tenders, rule_id: 'lopsided', lines: [{ side: 'debit', account: '1010', amount: 'gross' }, { side: 'credit', account: '1200', amount: 'net' }] };
    const refused = await org.post('admin', '/gl/mapping/set', mappingRequest({ rules: [sales, lopsided, { ...web, rule_id: 'sales' }], expected_revision: 2 }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.rule_ids).toEqual(['lopsided', 'sales']);
    expect(refused.body.error.details.issues).toEqual([
      { path: 'rules.1.lines', message: expect.stringMatching(/^rule lopsided: its debits and credits cannot balance/) },
      { path: 'rules.2.rule_id', message: expect.stringMatching(/^rule sales: appears more than once/) },
    ]);

    const cancellation = { rule_id: 'cancel', event_type: 'order.cancelled', lines: sales!.lines };
    const refusedCancellation = await org.post('admin', '/gl/mapping/set', mappingRequest({ rules: [cancellation], expected_revision: 2 }));
    expect(refusedCancellation.status).toBe(400);
    expect(refusedCancellation.body.error.details.rule_ids).toEqual(['cancel']);

    // A net line balances a gross line only with a tax line beside it on the net's side.
    const balanced = { ...sales, rule_id: 'gross-net-tax', lines: [{ side: 'credit', account: 'a', amount: 'gross' }, { side: 'debit', account: 'b', amount: 'net' }, { side: 'debit', account: 'c', amount: 'tax' }] };
    expect((await org.post('admin', '/gl/mapping/set', mappingRequest({ rules: [balanced], expected_revision: 2 }))).status).toBe(200);
  });

  it('lets export admins and the owner write, and acct_view and finance_audit read, within the organisation only', async () => {
    expect((await org.post('viewer', '/gl/mapping/set', mappingRequest({ expected_revision: 3 }))).status).toBe(403);
    expect((await org.post('auditor', '/gl/mapping/set', mappingRequest({ expected_revision: 3 }))).status).toBe(403);
    expect((await org.post('ar', '/gl/mapping/get', {})).status).toBe(403);
    expect((await org.post('admin', '/gl/mapping/get', {})).body.data.mapping.revision).toBe(3);

    const stranger = await createOrg('GLOTHER', { owner: { owner: true, roles: ['acct_view'] } });
    const theirs = await stranger.post('owner', '/gl/mapping/get', {});
    expect(theirs.status).toBe(404);
    expect((await stranger.post('owner', '/gl/mapping/list', {})).body.data.mappings).toEqual([]);
    const intruding = await stranger.post('owner', '/gl/mapping/get', { revision: 1 });
    expect(intruding.status).toBe(404);
  });
});
