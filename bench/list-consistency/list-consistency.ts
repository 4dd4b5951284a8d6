import { performance } from 'node:perf_hooks';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { raiseDelayMs, raiseShards } from '../../shared/db/shard-layout';
import { apiBasePath } from '../../shared/routes/route-definition';
import { ruleSet } from '../../test/support/fixtures/commission-rules';
import { eventRequest } from '../../test/support/fixtures/events';
import { orderPlaced } from '../../test/support/fixtures/orders';
import { oneLineInvoiceRequest, paymentRequest } from '../../test/support/fixtures/receivables';
import { storageUsageRequest } from '../../test/support/fixtures/storage-usage';
import { deliverEvent, invokeOperator } from '../../test/support/local-api';
import { unitsOf } from '../harness/capacity';
import { postJson } from '../harness/http-client';
import { type BenchCaller, benchCaller, benchOrgcode } from '../harness/local-stack';
import { peakShards } from '../heat/partition-heat-report';
import type { TargetVerdict } from '../harness/verdict';
import { percentile } from '../harness/stats';
import { table } from '../harness/table';

/**
 * What issue 30 (acknowledged writes are listed) costs, per route, on the
 * local stack (DynamoDB Local: its indexes follow the table at once, so a
 * settle here is its reads, never AWS's index lag of a fraction of a second).
 *
 * Lists and reports, "now" vs "before" (6a6d569). Index reads did not change;
 * the one read that did is a page of the table itself, which queryPage now
 * asks for with ConsistentRead. Each route call is made twice, interleaved,
 * through the real HTTP path: as the code sends it (now), and with a
 * middleware on the handlers' document client removing ConsistentRead from
 * every Query that queryPage sends (before), except readStatementLines', whose
 * query was consistent already in 6a6d569 (checked: it is the only caller of
 * queryPage that passed ConsistentRead there). The middleware tells a
 * command's origin from the stack it is sent from (Error.stack, function
 * names). RCU per call is DynamoDB's ConsumedCapacity (TOTAL) of every command
 * of the call, credential read included, a read that finds nothing counted at
 * the unit AWS bills for it (atLeastOneUnit); p50 is the call's wall time.
 *
 * Writes, "with settle" vs "without". The code has no switch to skip the
 * settle, so its cost is subtracted: every command sent from within
 * shared/db/listed-writes.ts is tagged by the same stack test (pre-read: the
 * consistent read of an item before its first write, from imagesOf inside the
 * recording middleware; settle: the read-back and the exact-key index Queries
 * of settle, with its pauses). "Without" is the call less the time those
 * commands span (the union of the pre-reads' intervals and the settle from its
 * first command's start to its last one's end) and less their RCU. Settle
 * rounds per call are its read-backs (one BatchGetItem per round up to 100
 * items). The write calls measured are the organisations' seeding calls, made
 * one at a time; the first few of each route are left out as warm-up.
 *
 * Each side is measured for a small organisation (one shard) and one raised to
 * the peak layout (peakShards, by raiseShards as the operator does), each
 * seeded with the same few dozen records of every family.
 */

export interface ListConsistencySettings {
  /** Records seeded per family (BENCH_LIST_RECORDS). */
  records: number;
  /** Interleaved calls a side per list route (BENCH_LIST_CALLS). */
  calls: number;
  warmup: number;
}

/** The section's settings: BENCH_LIST_RECORDS, BENCH_LIST_CALLS. */
export const listConsistencySettings = (): ListConsistencySettings => ({
  records: Number(process.env.BENCH_LIST_RECORDS ?? 30),
  calls: Number(process.env.BENCH_LIST_CALLS ?? 100),
  warmup: 5,
});

/** The issue's bound on a small organisation's list call, now against before. */
const maxRatio = 1.3;
const listLimit = 25;
/** Write calls of each route left out of the figures: the first calls load modules and warm the client. */
const writeWarmup = 3;

type Origin = 'page' | 'page-consistent-before' | 'pre-read' | 'settle' | 'other';

interface SentCommand {
  name: string;
  origin: Origin;
  index?: string;
  consistent: boolean;
  /** Read units, at least what AWS bills a read that finds nothing (see atLeastOneUnit). */
  rcu: number;
  /** Read units as DynamoDB Local reported them. */
  localRcu: number;
  wcu: number;
  startMs: number;
  endMs: number;
  keys?: number;
}


function originOf(stack: string): Origin {
  const called = (name: string) => new RegExp(`at (async )?${name} \\(`).test(stack);
  if (called('settle')) return 'settle';
  if (called('imagesOf')) return 'pre-read';
  if (called('queryPage')) return called('readStatementLines') ? 'page-consistent-before' : 'page';
  return 'other';
}

/**
 * AWS rounds a read's size up to a whole 4 KB unit: a GetItem or Query that
 * finds nothing still costs one unit (1 RCU consistent, 0.5 not). DynamoDB
 * Local reports 0 for it, which would hide what reading an empty shard costs.
 */
const atLeastOneUnit = (name: string, consistent: boolean, rcu: number) =>
  name === 'GetItem' || name === 'Query' ? Math.max(rcu, consistent ? 1 : 0.5) : rcu;


/**
 * Every command the handlers' client sends during a call, with its origin,
 * units and timing; while `asBefore` is set, a table page is sent as 6a6d569
 * sent it (no ConsistentRead). Calls are made one at a time, so `reset()`
 * before a call scopes the log to it.
 */
class CallRecorder {
  private log: SentCommand[] = [];
  asBefore = false;
  private readonly name = 'benchListConsistency';

  attach(client: DynamoDBDocumentClient): this {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
        const input = args.input as Record<string, unknown>;
        const origin = originOf(new Error().stack ?? '');
        const { ConsistentRead: _consistent, ...asBefore } = input;
        const sent = this.asBefore && origin === 'page' && name === 'Query' ? asBefore : input;
        const request = (input.RequestItems ?? {}) as Record<string, { Keys?: unknown[]; ConsistentRead?: boolean }>;
        const batch = Object.values(request)[0];
        const command: SentCommand = {
          name,
          origin,
          ...(typeof input.IndexName === 'string' && { index: input.IndexName }),
          consistent: sent.ConsistentRead === true || batch?.ConsistentRead === true,
          rcu: 0,
          localRcu: 0,
          wcu: 0,
          startMs: performance.now(),
          endMs: 0,
          ...(batch?.Keys && { keys: batch.Keys.length }),
        };
        try {
          const result = await next({ ...args, input: { ...sent, ReturnConsumedCapacity: 'TOTAL' } });
          const units = unitsOf(name, (result.output as { ConsumedCapacity?: ConsumedCapacity }).ConsumedCapacity);
          Object.assign(command, { localRcu: units.rcu, rcu: atLeastOneUnit(name, command.consistent, units.rcu), wcu: units.wcu });
          return result;
        } finally {
          command.endMs = performance.now();
          this.log.push(command);
        }
      },
      { step: 'initialize', priority: 'high', name: this.name },
    );
    return this;
  }

  detach(client: DynamoDBDocumentClient): void {
    client.middlewareStack.remove(this.name);
  }

  reset(): void {
    this.log = [];
  }

  commands(): readonly SentCommand[] {
    return this.log;
  }
}

interface RouteAnswer {
  status: number;
  data: Record<string, any>;
  text: string;
  ms: number;
  commands: readonly SentCommand[];
}

/** One route call through the local API, timed, with the commands it sent. */
async function timedCall(recorder: CallRecorder, baseUrl: string, caller: BenchCaller, path: string, body: Record<string, unknown>): Promise<RouteAnswer> {
  const text = JSON.stringify(body);
  recorder.reset();
  const start = performance.now();
  const answer = await postJson(`${baseUrl}${apiBasePath}${path}`, caller.headers, text);
  const ms = performance.now() - start;
  const parsed = JSON.parse(answer.text) as { data?: Record<string, any> };
  return { status: answer.status, data: parsed.data ?? {}, text: answer.text, ms, commands: [...recorder.commands()] };
}

const sum = (commands: readonly SentCommand[], pick: (command: SentCommand) => number) => commands.reduce((total, command) => total + pick(command), 0);

/** Wall time the listed-writes commands of a call span: the pre-reads' intervals and the settle from its first command to its last. */
function listedWritesMs(commands: readonly SentCommand[]): number {
  const settle = commands.filter((command) => command.origin === 'settle');
  const intervals = commands.filter((command) => command.origin === 'pre-read').map((command) => [command.startMs, command.endMs] as [number, number]);
  if (settle.length) intervals.push([Math.min(...settle.map((command) => command.startMs)), Math.max(...settle.map((command) => command.endMs))]);
  intervals.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of intervals) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

// ---- writes

interface WriteSample {
  ms: number;
  withoutMs: number;
  rcu: number;
  wcu: number;
  listedRcu: number;
  rounds: number;
  itemsSettled: number;
  indexQueries: number;
}

export interface WriteRow {
  route: string;
  org: string;
  calls: number;
  p50: number;
  p50Without: number;
  rcu: number;
  rcuWithout: number;
  wcu: number;
  itemsSettled: number;
  indexQueriesPerCall: number;
  meanRounds: number;
  maxRounds: number;
}

function writeSample(answer: RouteAnswer): WriteSample {
  const listed = answer.commands.filter((command) => command.origin === 'settle' || command.origin === 'pre-read');
  const settleReads = answer.commands.filter((command) => command.origin === 'settle' && command.name === 'BatchGetItem');
  return {
    ms: answer.ms,
    withoutMs: answer.ms - listedWritesMs(answer.commands),
    rcu: sum(answer.commands, (command) => command.rcu),
    wcu: sum(answer.commands, (command) => command.wcu),
    listedRcu: sum(listed, (command) => command.rcu),
    rounds: settleReads.length,
    itemsSettled: settleReads[0]?.keys ?? 0,
    indexQueries: answer.commands.filter((command) => command.origin === 'settle' && command.name === 'Query').length,
  };
}

function writeRow(route: string, org: string, samples: WriteSample[]): WriteRow {
  const measured = samples.slice(Math.min(writeWarmup, samples.length - 1));
  const mean = (pick: (sample: WriteSample) => number) => measured.reduce((total, sample) => total + pick(sample), 0) / measured.length;
  return {
    route,
    org,
    calls: measured.length,
    p50: percentile(measured.map((sample) => sample.ms), 50),
    p50Without: percentile(measured.map((sample) => sample.withoutMs), 50),
    rcu: mean((sample) => sample.rcu),
    rcuWithout: mean((sample) => sample.rcu - sample.listedRcu),
    wcu: mean((sample) => sample.wcu),
    itemsSettled: mean((sample) => sample.itemsSettled),
    indexQueriesPerCall: mean((sample) => sample.indexQueries),
    meanRounds: mean((sample) => sample.rounds),
    maxRounds: Math.max(...measured.map((sample) => sample.rounds)),
  };
}

// ---- seeding: every family, its write calls measured

interface SeededOrg {
  label: string;
  caller: BenchCaller;
  exportId: string;
  notes: string[];
}

const november = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' } as const;
/** Days the seeded records spread over, 2 to 25 November. */
const novemberDays = 24;
const dayOfNovember = (index: number) => `2026-11-${String(2 + (index % novemberDays)).padStart(2, '0')}`;
const associate = 'assoc_bench';
const customer = 'cust_bench';

/**
 * Seeds a fresh organisation with `records` of each family, one call at a
 * time, and answers it with the samples of every write route it called.
 */
async function seedOrg(options: {
  label: string;
  shards: number;
  records: number;
  recorder: CallRecorder;
  baseUrl: string;
  samples: Map<string, WriteSample[]>;
  log: (line: string) => void;
}): Promise<SeededOrg> {
  const { records, recorder, baseUrl, samples, log } = options;
  const orgcode = benchOrgcode(options.shards > 1 ? 'BLR' : 'BLS');
  // A fresh organisation: no process holds its layout yet, so the raise is backdated rather than waited for.
  if (options.shards > 1) await raiseShards(orgcode, options.shards, new Date(Date.now() - raiseDelayMs));
  const caller = await benchCaller(orgcode, ['acct_export_admin', 'finance_audit', 'acct_view']);
  const notes: string[] = [];
  const write = async (path: string, body: Record<string, unknown>) => {
    const answer = await timedCall(recorder, baseUrl, caller, path, body);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    const key = `${path}\n${options.label}`;
    samples.set(key, [...(samples.get(key) ?? []), writeSample(answer)]);
    return answer.data;
  };
  /** A family whose seeding may be refused by the local stack: noted, the rest goes on. */
  const family = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      notes.push(`${options.label}: ${what} not seeded (${(error as Error).message.replace(/"request_id":"[^"]*",?/, '').slice(0, 400)})`);
    }
  };
  const provenance = (ref: string) => ({ source_refs: [{ kind: 'bench', id: ref }], request_context: { orgcode, actor: 'bench', context_source: 'api_key' } });
  const each = async (work: (index: number) => Promise<void>) => {
    for (let index = 0; index < records; index += 1) await work(index);
  };

  log(`list consistency (${options.label}): seeding ${records} records of each family`);
  await family('orders and commissions', async () => {
    const outcomes = await deliverEvent('retail.pricing', 'commission.rule.set', ruleSet(orgcode, 'rule_all', 1, { name: 'All' }));
    if (outcomes.some((outcome) => outcome.status !== 'succeeded')) throw new Error(JSON.stringify(outcomes));
    await each(async (index) => {
      const order = orderPlaced(orgcode, `ord_${index}`, {
        placed_at: `${dayOfNovember(index)}T10:00:00Z`,
        customer_id: customer,
        payment_terms: { type: 'net', net_days: 30 },
        associate_id: associate,
      });
      const delivered = await deliverEvent('retail.orders', 'order.placed', order);
      if (delivered.some((outcome) => outcome.status !== 'succeeded')) throw new Error(JSON.stringify(delivered));
    });
  });
  let eventId = '';
  await family('recorded events', () =>
    each(async (index) => {
      const body = eventRequest(orgcode, { occurred_at: `${dayOfNovember(index)}T12:00:00Z`, source_refs: [{ kind: 'order', id: 'ord_bench' }] });
      const { event } = await write('/event/record', body);
      if (!eventId) eventId = event.event_id;
    }),
  );
  await family('invoices and payments', () =>
    each(async (index) => {
      const request = { order_id: `manual_${index}`, customer_id: customer, amount: 100, issued_at: `${dayOfNovember(index)}T09:00:00Z`, net_days: 30 };
      const { invoice } = await write('/invoice/set', oneLineInvoiceRequest(request));
      const paid = await write('/invoice/payment/apply', paymentRequest(invoice, 40, `${dayOfNovember(index)}T15:00:00Z`));
      if (index % 2 === 1) {
        await write('/invoice/status/set', { invoice_id: invoice.invoice_id, status: 'written_off', expected_revision: paid.invoice.revision, reason: 'bench' });
      }
    }),
  );
  await family('comments', () =>
    each(async (index) => {
      const { comment } = await write('/comment', { target_type: 'event', target_id: eventId, body: `checked ${index} #audit` });
      await write('/comment/revise', {
        comment_id: comment.comment_id,
        target_type: 'event',
        target_id: eventId,
        expected_revision: comment.current_revision,
        body: `checked ${index} again #audit`,
      });
    }),
  );
  await family('storage usage', () =>
    each(async (index) => {
      await write('/storage/usage/record', storageUsageRequest(orgcode, { bytes: 1024 * (index + 1) }, { idempotency_key: `sto_${index}` }));
    }),
  );
  let exportId = '';
  await family('exports', () =>
    each(async (index) => {
      const body = { ...november, event_types: ['order.placed'], format: 'csv', reason: 'bench', idempotency_key: `exp_${index}`, ...provenance('exp') };
      const created = await write('/export/create', body);
      if (!exportId) exportId = created.export.export_id;
    }),
  );
  await family('export batches', () =>
    each(async (index) => {
      await write('/export/batch/create', { export_id: exportId, batch_id: `bench-${index}`, batch_kind: 'initial', reason: 'bench', ...provenance(`bat_${index}`) });
    }),
  );
  await family('export schedules', () =>
    each(async () => {
      await write('/export/schedule/create', {
        cadence: { type: 'cron', cron: '0 2 * * *', timezone: 'Europe/Berlin' },
        window: { from_offset_minutes: -1440, to_offset_minutes: 0 },
        format: 'csv',
        event_types: ['order.placed'],
        destination_ref: 'erp://bench',
        reason: 'bench',
        ...provenance('sch'),
      });
    }),
  );
  await family('inbox items', () =>
    each(async (index) => {
      await write('/inbox/create', { team: 'finance_audit', kind: 'task.review', title: `Review ${index}`, body: 'bench', target_type: 'export', target_id: exportId || 'exp_none' });
    }),
  );
  // One payout a day: a second one for the same day would find nothing left to pay.
  await family('commission payouts', () =>
    each(async (index) => {
      if (index >= novemberDays) return;
      const from = `${dayOfNovember(index)}T00:00:00Z`;
      const to = new Date(Date.parse(from) + 86_400_000).toISOString();
      await write('/commission/payout/create', { associate_id: associate, currency: 'USD', from_utc: from, to_utc: to });
    }),
  );
  await family('financial rollups', async () => {
    for (let index = 0; index < Math.min(records, 5); index += 1) {
      await invokeOperator('financial-rollup-admin', { action: 'run', dt: dayOfNovember(index), orgcode });
    }
  });
  return { label: options.label, caller, exportId, notes };
}

// ---- lists

export interface ListRow {
  route: string;
  org: string;
  calls: number;
  /** Items the first page holds (the route's main array, or its report's lines). */
  items: number;
  /** The commands of one call now, e.g. `GetItem Query(page, consistent) x16`. */
  commands: string;
  now: { rcu: number; p50: number };
  before: { rcu: number; p50: number };
}

function listBodies(org: SeededOrg): Array<{ path: string; body: Record<string, unknown> }> {
  return [
    { path: '/event/list', body: { event_types: ['order.placed'], ...november, limit: listLimit } },
    { path: '/lineage/list', body: { source_ref: { kind: 'order', id: 'ord_bench' }, limit: listLimit } },
    { path: '/reconcile/report', body: { ...november } },
    { path: '/invoice/list', body: { customer_id: customer, limit: listLimit } },
    { path: '/invoice/payment/list', body: { customer_id: customer, limit: listLimit } },
    { path: '/commission/list', body: { associate_id: associate, limit: listLimit } },
    { path: '/commission/payout/list', body: { associate_id: associate, limit: listLimit } },
    { path: '/commission/statement', body: { associate_id: associate, ...november } },
    { path: '/export/list', body: { limit: listLimit } },
    { path: '/export/batch/list', body: { export_id: org.exportId || 'exp_01JEXAMPLE0000000000000000', limit: listLimit } },
    { path: '/export/schedule/list', body: { limit: listLimit } },
    { path: '/comment/list', body: { org_wide: true, hashtag: 'audit', limit: listLimit } },
    { path: '/comment/report', body: { org_wide: true } },
    { path: '/inbox/list', body: { limit: listLimit } },
    { path: '/storage/usage/list', body: { service: 'accounting', limit: listLimit } },
    { path: '/rollup/financial/list', body: { from_dt: '2026-11-01', to_dt: '2026-11-30', dimension: 'sales', limit: listLimit } },
    { path: '/usage/rollup/list', body: { from_dt: '2026-11-01', to_dt: '2026-11-30', service: 'accounting', scope: 'org', limit: listLimit } },
    { path: '/ar/balance', body: { customer_id: customer } },
    { path: '/ar/aging/report', body: { as_of: '2026-11-30', currency: 'USD', limit: listLimit } },
    { path: '/ar/statement', body: { customer_id: customer, ...november } },
  ];
}

/** How many items an answer's data holds: its first array, or the first array of its report. */
function itemsOf(data: Record<string, any>): number {
  for (const value of Object.values(data)) {
    if (Array.isArray(value)) return value.length;
    if (value && typeof value === 'object') for (const inner of Object.values(value)) if (Array.isArray(inner)) return inner.length;
  }
  return 0;
}

/** `GetItem(consistent) 1 | Query(page, consistent) x16 1.5`: a call's commands, runs of the same one counted, with the RCU DynamoDB Local reported. */
function describeCommands(commands: readonly SentCommand[]): string {
  const runs: Array<{ name: string; count: number; rcu: number }> = [];
  for (const command of commands) {
    const notes = [...(command.index ? [command.index] : []), ...(command.origin.startsWith('page') ? ['page'] : []), ...(command.consistent ? ['consistent'] : [])];
    const name = notes.length ? `${command.name}(${notes.join(', ')})` : command.name;
    const last = runs[runs.length - 1];
    if (last && last.name === name) {
      last.count += 1;
      last.rcu += command.localRcu;
    } else runs.push({ name, count: 1, rcu: command.localRcu });
  }
  return runs.map((run) => `${run.name}${run.count > 1 ? ` x${run.count}` : ''} ${run.rcu}`).join(' | ');
}

async function measureList(
  recorder: CallRecorder,
  baseUrl: string,
  org: SeededOrg,
  list: { path: string; body: Record<string, unknown> },
  settings: ListConsistencySettings,
): Promise<ListRow> {
  const sides = { now: { ms: [] as number[], rcu: 0 }, before: { ms: [] as number[], rcu: 0 } };
  let first: RouteAnswer | undefined;
  for (let iteration = 0; iteration < settings.warmup + settings.calls; iteration += 1) {
    const order = iteration % 2 === 0 ? (['now', 'before'] as const) : (['before', 'now'] as const);
    for (const side of order) {
      recorder.asBefore = side === 'before';
      const answer = await timedCall(recorder, baseUrl, org.caller, list.path, list.body);
      recorder.asBefore = false;
      if (answer.status !== 200) throw new Error(`${list.path} (${org.label}, ${side}): ${answer.status} ${answer.text}`);
      if (side === 'now') first ??= answer;
      if (iteration < settings.warmup) continue;
      sides[side].ms.push(answer.ms);
      sides[side].rcu += sum(answer.commands, (command) => command.rcu);
    }
  }
  const summary = (side: { ms: number[]; rcu: number }) => ({ rcu: side.rcu / settings.calls, p50: percentile(side.ms, 50) });
  return {
    route: list.path,
    org: org.label,
    calls: settings.calls,
    items: itemsOf(first!.data),
    commands: describeCommands(first!.commands),
    now: summary(sides.now),
    before: summary(sides.before),
  };
}

// ---- the section

export interface ListConsistencySection {
  settings: ListConsistencySettings;
  lists: ListRow[];
  writes: WriteRow[];
  notes: string[];
}

export async function measureListConsistency(options: {
  shared: DynamoDBDocumentClient;
  baseUrl: string;
  settings: ListConsistencySettings;
  log: (line: string) => void;
}): Promise<ListConsistencySection> {
  const { shared, baseUrl, settings, log } = options;
  // The origin of a command is read from its stack: every frame down to the repository function is needed.
  const stackLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  const recorder = new CallRecorder().attach(shared);
  try {
    // The first organisation seeded would otherwise pay for every route's first load and the client's warm-up.
    await seedOrg({ label: 'warm-up', shards: 1, records: writeWarmup, recorder, baseUrl, samples: new Map(), log });
    const samples = new Map<string, WriteSample[]>();
    const orgs = [];
    for (const [label, shards] of [['small', 1], [`raised ${peakShards}`, peakShards]] as const) {
      orgs.push(await seedOrg({ label, shards, records: settings.records, recorder, baseUrl, samples, log }));
    }
    const lists: ListRow[] = [];
    const bodies = orgs.map(listBodies);
    for (let route = 0; route < bodies[0]!.length; route += 1) {
      for (const [index, org] of orgs.entries()) {
        const list = bodies[index]![route]!;
        log(`list consistency: ${list.path} (${org.label}), ${settings.calls} calls a side`);
        lists.push(await measureList(recorder, baseUrl, org, list, settings));
      }
    }
    const writes = [...samples].map(([key, routeSamples]) => {
      const [route, org] = key.split('\n') as [string, string];
      return writeRow(route, org, routeSamples);
    });
    writes.sort((a, b) => a.route.localeCompare(b.route) || a.org.localeCompare(b.org));
    return { settings, lists, writes, notes: orgs.flatMap((org) => org.notes) };
  } finally {
    recorder.detach(shared);
    Error.stackTraceLimit = stackLimit;
  }
}

const ratio = (now: number, before: number) => (before === 0 ? (now === 0 ? 1 : Infinity) : now / before);
const times = (value: number) => `${value.toFixed(2)}x`;
const fixed = (value: number, digits = 2) => value.toFixed(digits);

export function listConsistencyLines(section: ListConsistencySection): string[] {
  const { records, calls } = section.settings;
  const listRows = section.lists.map((row) => [
    row.route,
    row.org,
    row.items,
    fixed(row.now.rcu),
    fixed(row.before.rcu),
    times(ratio(row.now.rcu, row.before.rcu)),
    fixed(row.now.p50),
    fixed(row.before.p50),
    times(ratio(row.now.p50, row.before.p50)),
    row.org === 'small' && (ratio(row.now.rcu, row.before.rcu) > maxRatio || ratio(row.now.p50, row.before.p50) > maxRatio) ? 'MISS' : '',
  ]);
  const writeRows = section.writes.map((row) => [
    row.route,
    row.org,
    row.calls,
    fixed(row.p50),
    fixed(row.p50Without),
    times(ratio(row.p50, row.p50Without)),
    fixed(row.rcu),
    fixed(row.rcuWithout),
    fixed(row.wcu),
    fixed(row.itemsSettled, 1),
    fixed(row.indexQueriesPerCall, 1),
    `${fixed(row.meanRounds)}/${row.maxRounds}`,
  ]);
  const commands = [...new Map(section.lists.map((row) => [`${row.route} (${row.org})`, row.commands])).entries()].map(([route, sent]) => `  ${route}: ${sent}`);
  return [
    `Lists and reports, issue 30 (acknowledged writes are listed): now vs before (6a6d569: table pages not consistent), ` +
      `an organisation of one shard and one raised to ${peakShards}, ${records} records a family, ${calls} interleaved calls a side; ` +
      `RCU per call (credential read included; a read of nothing counted at AWS's one unit, which DynamoDB Local reports as 0), p50 ms of the HTTP call; ` +
      `MISS: a small organisation's call over ${maxRatio}x`,
    table(['route', 'org', 'items', 'RCU now', 'RCU before', 'ratio', 'p50 now', 'p50 before', 'ratio', ''], listRows),
    'Commands of one call now, with the RCU DynamoDB Local reported for them:',
    ...commands,
    '',
    'Write calls with the settle (and its pre-reads) vs without it (their commands\' time and RCU subtracted); DynamoDB Local: no index lag, ' +
      'so the settle here is its own reads; rounds: mean/max read-backs a call',
    table(['route', 'org', 'calls', 'p50 with', 'p50 without', 'ratio', 'RCU with', 'RCU without', 'WCU', 'items settled', 'index queries', 'rounds'], writeRows),
    ...(section.notes.length ? ['Not seeded:', ...section.notes.map((note) => `  ${note}`)] : []),
  ];
}

export function listConsistencyVerdicts(section: ListConsistencySection): TargetVerdict[] {
  return section.lists
    .filter((row) => row.org === 'small')
    .flatMap((row) => [
      {
        target: `list consistency: small organisation ${row.route} RCU per call, now vs before`,
        measured: times(ratio(row.now.rcu, row.before.rcu)),
        limit: `<= ${maxRatio}x`,
        pass: ratio(row.now.rcu, row.before.rcu) <= maxRatio,
      },
      {
        target: `list consistency: small organisation ${row.route} p50, now vs before`,
        measured: times(ratio(row.now.p50, row.before.p50)),
        limit: `<= ${maxRatio}x`,
        pass: ratio(row.now.p50, row.before.p50) <= maxRatio,
      },
    ]);
}
