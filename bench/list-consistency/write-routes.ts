import { eventRequest } from '../../test/support/fixtures/events';
import { oneLineInvoiceRequest, paymentRequest } from '../../test/support/fixtures/receivables';
import { storageUsageRequest } from '../../test/support/fixtures/storage-usage';
import { post } from '../../test/support/local-api';
import { type BenchCaller, benchCaller } from '../harness/local-stack';

/**
 * The write routes whose records are listed, each with what its calls need:
 * `prepare` seeds, through the routes themselves, one subject per call (an
 * invoice to pay, a comment to archive, an associate's lines to pay out), so
 * every call does the same work from the same state; its answer builds call
 * `index`'s body. Run on the code now and on f43b873's (before-child.ts), so
 * it uses only what both have: the routes, the test fixtures, the local API.
 */

type Data = Record<string, any>;

export interface WriteOrg {
  orgcode: string;
  caller: BenchCaller;
  /** An event the comments are about. */
  eventId: string;
  /** A call the route answers 200, or a thrown error. */
  send(path: string, body: Record<string, unknown>): Promise<Data>;
}

export interface WriteRoute {
  path: string;
  prepare(org: WriteOrg, calls: number): Promise<(index: number) => Record<string, unknown>>;
  /**
   * Waits, outside the time measured, for work the call started in the
   * background: the export worker runs in this process here (a function of
   * its own on AWS), where it would take the CPU from the next calls.
   */
  untilIdle?(org: WriteOrg, data: Data): Promise<void>;
}

const writeRoles = ['acct_export_admin', 'finance_audit', 'acct_view'];
/** Every record's time: November 2026, the window the exports read. */
const november = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' } as const;
const at = (index: number) => new Date(Date.parse('2026-11-02T08:00:00Z') + index * 60_000).toISOString();
const provenance = (orgcode: string) => ({
  source_refs: [{ kind: 'bench', id: 'list-consistency' }],
  request_context: { orgcode, actor: 'bench', context_source: 'api_key' },
});
/** Adjustments are dated when made: a payout's period around now holds them. */
const payoutPeriod = () => ({ from_utc: new Date(Date.now() - 86_400_000).toISOString(), to_utc: new Date(Date.now() + 86_400_000).toISOString() });
const linesPerPayout = 3;

async function times<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let index = 0; index < count; index += 1) made.push(await make(index));
  return made;
}

const invoiceOf = (org: WriteOrg, index: number, prefix: string) =>
  org.send('/invoice/set', oneLineInvoiceRequest({ order_id: `${prefix}_${index}`, customer_id: 'cust_bench', amount: 100, issued_at: at(index), net_days: 30 }));

/** An associate with `lines` bonus lines, each a call of /commission/adjust. */
async function associateWithLines(org: WriteOrg, associate: string, lines: number): Promise<string> {
  await times(lines, () => org.send('/commission/adjust', { associate_id: associate, kind: 'bonus', amount: 5, currency: 'USD', reason: 'bench' }));
  return associate;
}

const inboxItem = (org: WriteOrg, index: number) =>
  org.send('/inbox/create', { team: 'finance_audit', kind: 'task.review', title: `Review ${index}`, body: 'bench', target_type: 'event', target_id: org.eventId });

export const writeRoutes: WriteRoute[] = [
  {
    path: '/event/record',
    prepare: async (org) => (index) => eventRequest(org.orgcode, { occurred_at: at(index), source_refs: [{ kind: 'order', id: `ord_${index}` }] }),
  },
  {
    path: '/invoice/set',
    prepare: async () => (index) => oneLineInvoiceRequest({ order_id: `set_${index}`, customer_id: 'cust_bench', amount: 100, issued_at: at(index), net_days: 30 }),
  },
  {
    path: '/invoice/status/set',
    prepare: async (org, calls) => {
      const invoices = await times(calls, async (index) => (await invoiceOf(org, index, 'status')).invoice);
      return (index) => ({ invoice_id: invoices[index].invoice_id, status: 'written_off', expected_revision: invoices[index].revision, reason: 'bench' });
    },
  },
  {
    path: '/invoice/payment/apply',
    prepare: async (org, calls) => {
      const invoices = await times(calls, async (index) => (await invoiceOf(org, index, 'pay')).invoice);
      return (index) => paymentRequest(invoices[index], 40, at(index));
    },
  },
  {
    path: '/commission/adjust',
    prepare: async () => () => ({ associate_id: 'assoc_adjusted', kind: 'bonus', amount: 5, currency: 'USD', reason: 'bench' }),
  },
  {
    path: '/commission/payout/create',
    prepare: async (org, calls) => {
      const associates = await times(calls, (index) => associateWithLines(org, `assoc_paid_${index}`, linesPerPayout));
      return (index) => ({ associate_id: associates[index], currency: 'USD', ...payoutPeriod() });
    },
  },
  {
    path: '/commission/payout/status/set',
    prepare: async (org, calls) => {
      const payouts = await times(calls, async (index) => {
        const associate = await associateWithLines(org, `assoc_approved_${index}`, linesPerPayout);
        return (await org.send('/commission/payout/create', { associate_id: associate, currency: 'USD', ...payoutPeriod() })).payout;
      });
      return (index) => ({ payout_id: payouts[index].payout_id, status: 'approved', expected_revision: payouts[index].revision });
    },
  },
  {
    path: '/comment',
    prepare: async (org) => (index) => ({ target_type: 'event', target_id: org.eventId, body: `checked ${index} #audit` }),
  },
  {
    path: '/comment/revise',
    prepare: async (org, calls) => {
      const comments = await times(calls, async (index) => (await org.send('/comment', { target_type: 'event', target_id: org.eventId, body: `to revise ${index}` })).comment);
      return (index) => ({
        comment_id: comments[index].comment_id,
        target_type: 'event',
        target_id: org.eventId,
        expected_revision: comments[index].current_revision,
        body: `revised ${index} #audit`,
      });
    },
  },
  {
    path: '/comment/status',
    prepare: async (org, calls) => {
      const comments = await times(calls, async (index) => (await org.send('/comment', { target_type: 'event', target_id: org.eventId, body: `to archive ${index}` })).comment);
      return (index) => ({
        comment_id: comments[index].comment_id,
        target_type: 'event',
        target_id: org.eventId,
        status: 'archived',
        expected_revision: comments[index].current_revision,
      });
    },
  },
  {
    path: '/inbox/create',
    prepare: async (org) => (index) => ({ team: 'finance_audit', kind: 'task.review', title: `Review ${index}`, body: 'bench', target_type: 'event', target_id: org.eventId }),
  },
  {
    path: '/inbox/state',
    prepare: async (org, calls) => {
      const items = await times(calls, async (index) => (await inboxItem(org, index)).item);
      return (index) => ({ item_ids: [items[index].item_id], state: 'read' });
    },
  },
  {
    path: '/inbox/status',
    prepare: async (org, calls) => {
      const items = await times(calls, async (index) => (await inboxItem(org, index)).item);
      return (index) => ({ item_id: items[index].item_id, status: 'archived', expected_revision: items[index].revision });
    },
  },
  {
    path: '/export/create',
    prepare: async (org) => () => exportRequest(org),
    untilIdle: async (org, data) => {
      await until(async () => ['ready', 'failed'].includes((await org.send('/export/get', { export_id: data.export.export_id })).export.status), `export ${data.export.export_id} built`);
    },
  },
  {
    path: '/export/batch/create',
    prepare: async (org) => {
      const exportId = await exportOf(org);
      return (index) => batchRequest(org, exportId, `created-${index}`);
    },
    untilIdle: async (org, data) => {
      await builtBatch(org, data.batch.batch_id);
    },
  },
  {
    path: '/export/batch/status/set',
    prepare: async (org, calls) => {
      const exportId = await exportOf(org);
      const created = await times(calls, async (index) => (await org.send('/export/batch/create', batchRequest(org, exportId, `sent-${index}`))).batch);
      // The worker builds each requested batch in the background: a batch is sent once it is ready.
      const ready = await times(calls, (index) => builtBatch(org, created[index].batch_id));
      return (index) => ({ batch_id: ready[index]!.batch_id, status: 'sent', expected_revision: ready[index]!.revision, reason: 'bench', ...provenance(org.orgcode) });
    },
  },
  {
    path: '/export/schedule/create',
    prepare: async (org) => () => scheduleRequest(org),
  },
  {
    path: '/export/schedule/status/set',
    prepare: async (org, calls) => {
      const schedules = await times(calls, async () => (await org.send('/export/schedule/create', scheduleRequest(org))).schedule);
      return (index) => ({ schedule_id: schedules[index].schedule_id, status: 'suspended', expected_revision: schedules[index].revision, reason: 'bench', ...provenance(org.orgcode) });
    },
  },
  {
    path: '/storage/usage/record',
    prepare: async (org) => (index) => storageUsageRequest(org.orgcode, { bytes: 1024 * (index + 1) }, { idempotency_key: `storage-${index}` }),
  },
];

const exportRequest = (org: WriteOrg) => ({ ...november, event_types: ['order.placed'], format: 'csv', reason: 'bench', ...provenance(org.orgcode) });
const exportOf = async (org: WriteOrg): Promise<string> => (await org.send('/export/create', exportRequest(org))).export.export_id;
const batchRequest = (org: WriteOrg, exportId: string, batchId: string) => ({ export_id: exportId, batch_id: batchId, batch_kind: 'initial', reason: 'bench', ...provenance(org.orgcode) });
const scheduleRequest = (org: WriteOrg) => ({
  cadence: { type: 'cron', cron: '0 2 * * *', timezone: 'Europe/Berlin' },
  window: { from_offset_minutes: -1440, to_offset_minutes: 0 },
  format: 'csv',
  event_types: ['order.placed'],
  destination_ref: 'erp://bench',
  reason: 'bench',
  ...provenance(org.orgcode),
});

/** A requested batch once the export worker, started in the background by its request, has built it. */
async function builtBatch(org: WriteOrg, batchId: string): Promise<Data> {
  let batch: Data = {};
  await until(async () => (batch = (await org.send('/export/batch/get', { batch_id: batchId })).batch).status === 'ready', `batch ${batchId} built`);
  return batch;
}

async function until(done: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within 30 s`);
}

/** A fresh organisation with a caller of every write role and an event to comment on. */
export async function writeOrg(orgcode: string): Promise<WriteOrg> {
  const caller = await benchCaller(orgcode, writeRoles);
  const send = async (path: string, body: Record<string, unknown>) => {
    const answer = await post(path, body, caller.headers);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    return answer.body.data as Data;
  };
  const { event } = await send('/event/record', eventRequest(orgcode, { occurred_at: at(0) }));
  return { orgcode, caller, eventId: event.event_id, send };
}
