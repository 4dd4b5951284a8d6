import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { httpRoutes, routeByPath } from '../../shared/routes/registry';
import { createBuiltExport, exportRequest } from '../support/fixtures/exports';
import { type TestOrg, useOrg, useStack } from '../support/harness';

/**
 * Spec Limits: "idempotent replay returns the original response". Concurrent
 * twins (same organisation, route, key and body) must all get the first
 * call's answer, never its effect seen as a conflict, and leave one effect.
 *
 * A twin waits for the first call up to twinWaitMs (6 s), and the first call
 * answers only once its writes are listed: under the AWS-like mode's index lag
 * on a loaded machine that can take longer, and then a twin answers the
 * retryable 409 idempotency_in_progress (or the first call the retryable 503
 * deadline_exceeded, its writes standing). A client sends those again with
 * the same key and body, as each twin here does; what it must never get is
 * another answer than the first call's.
 */
const glMappingSet = routeByPath('/gl/mapping/set')!;
const twins = 30;
const rounds = 3;

useStack();
const twinsOrg = useOrg('TWN', { caller: { owner: true, roles: ['acct_view', 'acct_export_admin', 'ar_admin'] } });

interface Twin {
  body: Record<string, unknown>;
  /** How many records the route's effect has left (the twins must leave exactly one more). */
  effects(): Promise<number>;
}

type Org = TestOrg<'caller'>;

const changeFields = (orgcode: string) => ({
  reason: 'twin test',
  source_refs: [{ kind: 'test', id: 'twins' }],
  request_context: { orgcode, actor: 'tester', context_source: 'api_key' },
});

async function itemsIn(partition: string): Promise<number> {
  const { Count } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': partition },
      Select: 'COUNT',
    }),
  );
  return Count ?? 0;
}

async function readyExport(org: Org) {
  const { exportRecord, batches } = await createBuiltExport(exportRequest(org.orgcode, changeFields(org.orgcode)), org.headers.caller);
  expect(exportRecord.status).toBe('ready');
  return { exportId: exportRecord.export_id as string, batchId: batches[0].batch_id as string };
}

/** Answers a client sends again, unchanged, after a pause. */
const retriedErrors = ['accounting.idempotency_in_progress', 'accounting.deadline_exceeded'];

/** A twin as a client sends it: again, with the same key and body, while its answer is one of retriedErrors (a few times). */
async function twinCall(path: string, body: Record<string, unknown>) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await twinsOrg.post('caller', path, body);
    if (attempt === 5 || !retriedErrors.includes(answer.body?.error?.error_code)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

/** Per idempotent route: a fresh valid request (of the twins' round) and how to count what it leaves. */
const twinOf: Record<string, (org: Org, key: string) => Promise<Twin>> = {
  '/event/record': async (org, key) => ({
    body: {
      event_type: 'order.placed',
      occurred_at: '2026-11-20T10:15:00Z',
      ...changeFields(org.orgcode),
      source_refs: [{ kind: 'order', id: key }],
      idempotency_key: key,
    },
    effects: async () => (await org.post('caller', '/lineage/list', { source_ref: { kind: 'order', id: key } })).body.data.lineage.length,
  }),
  '/export/create': async (org, key) => ({
    body: { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z', ...changeFields(org.orgcode), idempotency_key: key },
    effects: () => itemsIn(keys.exportPartition(org.orgcode)),
  }),
  '/export/batch/create': async (org, key) => {
    const { exportId } = await readyExport(org);
    return {
      body: { export_id: exportId, batch_kind: 'initial', ...changeFields(org.orgcode), idempotency_key: key },
      effects: () => itemsIn(keys.exportBatchPartition(org.orgcode)),
    };
  },
  '/export/batch/repair': async (org, key) => {
    const { exportId, batchId } = await readyExport(org);
    const failed = await org.post('caller', '/export/batch/status/set', { batch_id: batchId, status: 'failed', expected_revision: 1, ...changeFields(org.orgcode) });
    expect(failed.status).toBe(200);
    return {
      body: { export_id: exportId, repair_of_batch_id: batchId, ...changeFields(org.orgcode), idempotency_key: key },
      effects: () => itemsIn(keys.exportBatchPartition(org.orgcode)),
    };
  },
  '/export/schedule/create': async (org, key) => ({
    body: { cadence: { type: 'interval', interval_minutes: 60, timezone: 'UTC' }, ...changeFields(org.orgcode), idempotency_key: key },
    effects: () => itemsIn(keys.exportSchedulePartition(org.orgcode)),
  }),
  '/gl/mapping/set': async (org, key) => {
    // The mapping's next revision: once one exists, the change names the revision it follows.
    const current = await org.post('caller', '/gl/mapping/get', {});
    const expected = current.status === 200 ? { expected_revision: current.body.data.mapping.revision as number } : {};
    const { idempotency_key: _example, expected_revision: _none, ...example } = glMappingSet.example(org.orgcode) as Record<string, unknown>;
    return {
      body: { ...example, ...expected, idempotency_key: key },
      effects: () => itemsIn(keys.glMappings(org.orgcode)),
    };
  },
  '/invoice/payment/apply': async (org, key) => {
    const invoice = await org.post(
      'caller',
      '/invoice/set',
      { order_id: key, customer_id: 'cust_twins', currency: 'USD', lines: [{ sku: 'SKU-1', quantity: 1, unit_amount: 100 }], payment_terms: { type: 'net', net_days: 30 } },
    );
    const { invoice_id: invoiceId, revision } = invoice.body.data.invoice;
    return {
      body: { invoice_id: invoiceId, expected_revision: revision, amount: { currency: 'USD', amount: 40 }, method: 'bank_transfer', idempotency_key: key },
      effects: async () => (await org.post('caller', '/invoice/payment/list', { invoice_id: invoiceId })).body.data.payments.length,
    };
  },
  '/commission/adjust': async (org, key) => ({
    body: { associate_id: 'assoc_twins', kind: 'bonus', amount: 25, currency: 'USD', ...changeFields(org.orgcode), idempotency_key: key },
    effects: () => itemsIn(keys.commissionLine(org.orgcode, 'assoc_twins', '', '').pk),
  }),
  '/commission/payout/create': async (org, key) => {
    // Each round's payout has a fresh line of its own to take.
    const bonus = await org.post('caller', '/commission/adjust', { associate_id: 'assoc_payee', kind: 'bonus', amount: 10, currency: 'USD', reason: 'twin test' });
    const now = Date.parse(bonus.body.data.adjustment.counts_at);
    return {
      body: {
        associate_id: 'assoc_payee',
        currency: 'USD',
        from_utc: new Date(now - 3_600_000).toISOString(),
        to_utc: new Date(now + 3_600_000).toISOString(),
        ...changeFields(org.orgcode),
        idempotency_key: key,
      },
      effects: () => itemsIn(keys.payoutsOfAssociate(org.orgcode, 'assoc_payee')),
    };
  },
  '/storage/usage/record': async (org, key) => ({
    body: { usage: { resource_type: 'table_store', resource_ref: 'accounting-table', service: 'accounting', bytes: 2048 }, ...changeFields(org.orgcode), idempotency_key: key },
    effects: () => itemsIn(keys.storageUsages(org.orgcode)),
  }),
  '/comment': async (org, key) => {
    const recorded = await org.post('caller', '/event/record', { event_type: 'order.placed', occurred_at: '2026-11-20T10:15:00Z', ...changeFields(org.orgcode) });
    const eventId = recorded.body.data.event.event_id as string;
    return {
      body: { target_type: 'event', target_id: eventId, body: 'Twin comment #twins for @bob', idempotency_key: key },
      effects: () => itemsIn(keys.commentsOfTarget(org.orgcode, 'event', eventId)),
    };
  },
};

it('has a twin request for every idempotent route of the registry', () => {
  expect(Object.keys(twinOf).sort()).toEqual(httpRoutes.filter((route) => route.idempotent).map((route) => route.path).sort());
});

describe.each(Object.keys(twinOf))('%s', (path) => {
  it(`answers ${rounds} rounds of ${twins} concurrent identical calls with one key all 200 with the same data, leaving one effect`, async () => {
    for (let round = 1; round <= rounds; round += 1) {
      const twin = await twinOf[path]!(twinsOrg, `twins-${round}-${twinsOrg.orgcode}`);
      const before = await twin.effects();

      const answers = await Promise.all(Array.from({ length: twins }, () => twinCall(path, twin.body)));

      const statuses = answers.map((answer) => (answer.status === 200 ? 200 : `${answer.status} ${answer.body?.error?.error_code}`));
      expect(statuses).toEqual(Array(twins).fill(200));
      const data = new Set(answers.map((answer) => JSON.stringify(answer.body.data)));
      expect(data.size).toBe(1);
      expect((await twin.effects()) - before).toBe(1);
    }
  }, 180_000);
});
