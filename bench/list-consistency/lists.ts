import { performance } from 'node:perf_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routeByPath } from '../../shared/routes/registry';
import { ruleSet } from '../../test/support/fixtures/commission-rules';
import { eventRequest } from '../../test/support/fixtures/events';
import { orderPlaced } from '../../test/support/fixtures/orders';
import { oneLineInvoiceRequest, paymentRequest } from '../../test/support/fixtures/receivables';
import { storageUsageRequest } from '../../test/support/fixtures/storage-usage';
import { deliverEvent, invokeOperator } from '../../test/support/local-api';
import { percentile } from '../harness/stats';
import { type CommandRecorder, type SentCommand, handlerCall, readUnitsOf } from './replay';
import { type WriteOrg, writeOrg } from './write-routes';

/**
 * Each list and report of a small organisation (one shard, `records` of each
 * family), called through its handler in-process as the code sends it (now:
 * every list partition read with ConsistentRead) and with ConsistentRead
 * taken off every Query the handlers' client sends (a middleware), which is
 * what the index page it replaces cost: an index read is always eventually
 * consistent, and its entries were the whole item, as the copies are. The two
 * sides alternate, call by call. RCU is DynamoDB Local's ConsumedCapacity, a
 * read that finds nothing counted at what AWS bills it (1 consistent, 0.5 not;
 * Local reports 0).
 */

export interface ListRow {
  route: string;
  calls: number;
  /** Items its Queries read (ScannedCount, before any filter), one call. */
  itemsRead: number;
  /** The commands of one call now, runs counted: `GetItem(consistent) | Query(consistent) x3`. */
  commands: string;
  /** Means per call: the page's Queries and the whole call (the credential read included). */
  now: { pageRcu: number; rcu: number; p50: number };
  eventual: { pageRcu: number; rcu: number; p50: number };
}

const listLimit = 25;
const november = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' } as const;
const novemberDays = 24;
const dayOf = (index: number) => `2026-11-${String(2 + (index % novemberDays)).padStart(2, '0')}`;
const associate = 'assoc_bench';
const customer = 'cust_bench';

/** `records` of every listed family, through the routes and the consumers, one at a time. */
async function seed(org: WriteOrg, records: number): Promise<string> {
  const { orgcode, send } = org;
  const each = async (work: (index: number) => Promise<unknown>) => {
    for (let index = 0; index < records; index += 1) await work(index);
  };
  const provenance = { source_refs: [{ kind: 'bench', id: 'lists' }], request_context: { orgcode, actor: 'bench', context_source: 'api_key' } };
  const delivered = (outcomes: Array<{ status: string }>) => {
    if (outcomes.some((outcome) => outcome.status !== 'succeeded')) throw new Error(`a delivery failed: ${JSON.stringify(outcomes)}`);
  };
  delivered(await deliverEvent('retail.pricing', 'commission.rule.set', ruleSet(orgcode, 'rule_all', 1, { name: 'All' })));
  // Orders on terms by an associate a rule covers: an invoice and a commission each.
  await each(async (index) => {
    const order = orderPlaced(orgcode, `ord_${index}`, { placed_at: `${dayOf(index)}T10:00:00Z`, customer_id: customer, payment_terms: { type: 'net', net_days: 30 }, associate_id: associate });
    delivered(await deliverEvent('retail.orders', 'order.placed', order));
  });
  await each((index) => send('/event/record', eventRequest(orgcode, { occurred_at: `${dayOf(index)}T12:00:00Z`, source_refs: [{ kind: 'order', id: 'ord_bench' }] })));
  await each(async (index) => {
    const request = { order_id: `manual_${index}`, customer_id: customer, amount: 100, issued_at: `${dayOf(index)}T09:00:00Z`, net_days: 30 };
    const { invoice } = await send('/invoice/set', oneLineInvoiceRequest(request));
    const paid = await send('/invoice/payment/apply', paymentRequest(invoice, 40, `${dayOf(index)}T15:00:00Z`));
    if (index % 2) await send('/invoice/status/set', { invoice_id: invoice.invoice_id, status: 'written_off', expected_revision: paid.invoice.revision, reason: 'bench' });
  });
  await each((index) => send('/comment', { target_type: 'event', target_id: org.eventId, body: `checked ${index} #audit` }));
  await each((index) => send('/storage/usage/record', storageUsageRequest(orgcode, { bytes: 1024 * (index + 1) }, { idempotency_key: `sto_${index}` })));
  const exportId = (await send('/export/create', { ...november, event_types: ['order.placed'], format: 'csv', reason: 'bench', ...provenance })).export.export_id;
  await each((index) => send('/export/create', { ...november, event_types: ['order.placed'], format: 'csv', reason: `bench ${index}`, ...provenance }));
  await each((index) => send('/export/batch/create', { export_id: exportId, batch_id: `bench-${index}`, batch_kind: 'initial', reason: 'bench', ...provenance }));
  const schedule = { cadence: { type: 'cron', cron: '0 2 * * *', timezone: 'Europe/Berlin' }, window: { from_offset_minutes: -1440, to_offset_minutes: 0 } };
  await each(() => send('/export/schedule/create', { ...schedule, format: 'csv', event_types: ['order.placed'], destination_ref: 'erp://bench', reason: 'bench', ...provenance }));
  await each((index) => send('/inbox/create', { team: 'finance_audit', kind: 'task.review', title: `Review ${index}`, body: 'bench', target_type: 'export', target_id: exportId }));
  // One payout a day of the orders: a second for the same day would find nothing left to pay.
  await each(async (index) => {
    if (index >= novemberDays) return;
    const from = `${dayOf(index)}T00:00:00Z`;
    await send('/commission/payout/create', { associate_id: associate, currency: 'USD', from_utc: from, to_utc: new Date(Date.parse(from) + 86_400_000).toISOString() });
  });
  for (let index = 0; index < Math.min(records, 5); index += 1) await invokeOperator('financial-rollup-admin', { action: 'run', dt: dayOf(index), orgcode });
  return exportId;
}

function listBodies(exportId: string): Array<{ path: string; label?: string; body: Record<string, unknown> }> {
  return [
    { path: '/event/list', body: { event_types: ['order.placed'], ...november, limit: listLimit } },
    { path: '/lineage/list', body: { source_ref: { kind: 'order', id: 'ord_bench' }, limit: listLimit } },
    { path: '/reconcile/report', body: { ...november } },
    { path: '/invoice/list', label: '/invoice/list (customer)', body: { customer_id: customer, limit: listLimit } },
    { path: '/invoice/list', label: '/invoice/list (organisation)', body: { limit: listLimit } },
    { path: '/invoice/payment/list', body: { customer_id: customer, limit: listLimit } },
    { path: '/ar/balance', body: { customer_id: customer } },
    { path: '/ar/aging/report', body: { as_of: '2026-11-30', currency: 'USD', limit: listLimit } },
    { path: '/ar/statement', body: { customer_id: customer, ...november } },
    { path: '/commission/list', body: { associate_id: associate, limit: listLimit } },
    { path: '/commission/payout/list', body: { associate_id: associate, limit: listLimit } },
    { path: '/commission/statement', body: { associate_id: associate, ...november } },
    { path: '/comment/list', body: { org_wide: true, hashtag: 'audit', limit: listLimit } },
    { path: '/comment/report', body: { org_wide: true } },
    { path: '/inbox/list', body: { limit: listLimit } },
    { path: '/export/list', body: { status: 'ready', limit: listLimit } },
    { path: '/export/batch/list', body: { export_id: exportId, limit: listLimit } },
    { path: '/export/schedule/list', body: { limit: listLimit } },
    { path: '/storage/usage/list', body: { service: 'accounting', limit: listLimit } },
    { path: '/rollup/financial/list', body: { from_dt: '2026-11-01', to_dt: '2026-11-30', dimension: 'sales', limit: listLimit } },
    { path: '/usage/rollup/list', body: { from_dt: '2026-11-01', to_dt: '2026-11-30', service: 'accounting', scope: 'org', limit: listLimit } },
  ];
}

function describe(commands: readonly SentCommand[]): string {
  const runs: Array<{ name: string; count: number }> = [];
  for (const command of commands) {
    const name = command.input.ConsistentRead === true ? `${command.name}(consistent)` : command.name;
    const last = runs[runs.length - 1];
    if (last?.name === name) last.count += 1;
    else runs.push({ name, count: 1 });
  }
  return runs.map((run) => `${run.name}${run.count > 1 ? ` x${run.count}` : ''}`).join(' | ');
}

/**
 * Seeds a fresh organisation, then calls each list `calls` times a side after
 * `warmup`, alternating which side goes first.
 */
export async function measureLists(options: {
  orgcode: string;
  records: number;
  calls: number;
  warmup: number;
  shared: DynamoDBDocumentClient;
  recorder: CommandRecorder;
  log: (line: string) => void;
}): Promise<ListRow[]> {
  const { calls, warmup, recorder, log } = options;
  log(`list consistency: a small organisation, ${options.records} records of each family`);
  const org = await writeOrg(options.orgcode);
  const exportId = await seed(org, options.records);
  let eventual = false;
  const name = 'benchListEventually';
  options.shared.middlewareStack.add(
    (next, context) => (args) => {
      if (!eventual || context.commandName !== 'QueryCommand') return next(args);
      const { ConsistentRead: _consistent, ...input } = args.input as Record<string, unknown>;
      return next({ ...args, input });
    },
    { step: 'initialize', priority: 'normal', name },
  );
  try {
    const rows: ListRow[] = [];
    for (const list of listBodies(exportId)) {
      log(`list consistency: ${list.label ?? list.path}, ${calls} calls a side`);
      const definition = routeByPath(list.path)!;
      const sides = { now: { ms: [] as number[], pageRcu: 0, rcu: 0 }, eventual: { ms: [] as number[], pageRcu: 0, rcu: 0 } };
      let first: SentCommand[] | undefined;
      for (let iteration = 0; iteration < warmup + calls; iteration += 1) {
        for (const side of iteration % 2 ? (['eventual', 'now'] as const) : (['now', 'eventual'] as const)) {
          const invoke = await handlerCall(definition, org.caller.headers, list.body);
          eventual = side === 'eventual';
          const start = performance.now();
          const { answer, commands } = await recorder.call(invoke);
          const ms = performance.now() - start;
          eventual = false;
          if (answer.statusCode !== 200) throw new Error(`${list.path} (${side}): ${answer.statusCode} ${answer.body}`);
          if (side === 'now') first ??= commands;
          if (iteration < warmup) continue;
          // The input as recorded, before the middleware took ConsistentRead off the eventual side's Queries.
          const consistent = (command: SentCommand) => command.input.ConsistentRead === true && !(side === 'eventual' && command.name === 'Query');
          const units = commands.map((command) => ({ query: command.name === 'Query', rcu: readUnitsOf(command, consistent(command)) }));
          sides[side].ms.push(ms);
          sides[side].pageRcu += units.filter((unit) => unit.query).reduce((sum, unit) => sum + unit.rcu, 0);
          sides[side].rcu += units.reduce((sum, unit) => sum + unit.rcu, 0);
        }
      }
      const summary = (side: { ms: number[]; pageRcu: number; rcu: number }) => ({ pageRcu: side.pageRcu / calls, rcu: side.rcu / calls, p50: percentile(side.ms, 50) });
      const itemsRead = first!.reduce((sum, command) => sum + (command.scanned ?? 0), 0);
      rows.push({ route: list.label ?? list.path, calls, itemsRead, commands: describe(first!), now: summary(sides.now), eventual: summary(sides.eventual) });
    }
    return rows;
  } finally {
    options.shared.middlewareStack.remove(name);
  }
}
