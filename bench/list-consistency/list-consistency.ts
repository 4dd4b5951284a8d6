import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { benchOrgcode } from '../harness/local-stack';
import { percentile } from '../harness/stats';
import { table } from '../harness/table';
import type { TargetVerdict } from '../harness/verdict';
import { type BeforeWrites, beforeCommit, measureBefore } from './before';
import { type ListRow, measureLists } from './lists';
import { rawDocumentClient } from './mirror';
import { CommandRecorder } from './replay';
import { type WriteRouteResult, measureWrites } from './writes';

/**
 * Issue 37's targets for lists kept on the table (docs/decisions.md:
 * Acknowledged writes are listed; shared/db/listings.ts), all measured in one
 * run: each listed write route against the raw DynamoDB calls it makes
 * (writes.ts), what it reads and bills against f43b873's code, whose lists read
 * gsi1/gsi2 (before.ts), and each list of a small organisation against the
 * same reads eventually consistent, the price of the index page it replaces
 * (lists.ts).
 */
export const listConsistencyLimits = { writeP50: 1.15, writeWcu: 2, pageRcu: 2, listP50: 1.3 } as const;

export interface ListConsistencySettings {
  /** Records of each family of the small organisation the lists read (BENCH_LIST_RECORDS). */
  records: number;
  /** Calls a side per list (BENCH_LIST_CALLS). */
  listCalls: number;
  /** Calls a side per write route (BENCH_LIST_WRITE_CALLS). */
  writeCalls: number;
  /** Calls per write route on f43b873, whose units are the same every call (BENCH_LIST_BEFORE_CALLS). */
  beforeCalls: number;
  warmup: number;
}

export const listConsistencySettings = (): ListConsistencySettings => ({
  records: Number(process.env.BENCH_LIST_RECORDS ?? 30),
  listCalls: Number(process.env.BENCH_LIST_CALLS ?? 100),
  writeCalls: Number(process.env.BENCH_LIST_WRITE_CALLS ?? 100),
  beforeCalls: Number(process.env.BENCH_LIST_BEFORE_CALLS ?? 10),
  warmup: 5,
});

export interface ListConsistencySection {
  settings: ListConsistencySettings;
  writes: WriteRouteResult[];
  before: BeforeWrites[];
  lists: ListRow[];
}

/** f43b873's run first, in a process of its own, so it never shares the machine with a measured call. */
export async function measureListConsistency(options: { shared: DynamoDBDocumentClient; settings: ListConsistencySettings; log: (line: string) => void }): Promise<ListConsistencySection> {
  const { shared, settings, log } = options;
  const before = await measureBefore({ calls: settings.beforeCalls, warmup: 1 }, log);
  const recorder = new CommandRecorder().attach(shared);
  try {
    const writes = await measureWrites({ orgcode: benchOrgcode('BLW'), recorder, raw: rawDocumentClient(), settings: { calls: settings.writeCalls, warmup: settings.warmup }, log });
    const lists = await measureLists({ orgcode: benchOrgcode('BLS'), records: settings.records, calls: settings.listCalls, warmup: settings.warmup, shared, recorder, log });
    return { settings, writes, before, lists };
  } finally {
    recorder.detach(shared);
  }
}

const times = (value: number) => `${value.toFixed(2)}x`;
const fixed = (value: number, digits = 2) => value.toFixed(digits);
const p50 = (sample: readonly number[]) => percentile(sample, 50);
const wcuOf = (units: BeforeWrites['wcu']) => units.table + units.index;
const beforeOf = (section: ListConsistencySection, path: string) => {
  const found = section.before.find((row) => row.path === path);
  if (!found) throw new Error(`no ${beforeCommit} figures for ${path}`);
  return found;
};

export function listConsistencyLines(section: ListConsistencySection): string[] {
  const { settings, writes, lists } = section;
  const limits = listConsistencyLimits;
  const replayed = writes.reduce((sum, row) => sum + row.replayed, 0);
  const differing = writes.reduce((sum, row) => sum + row.differing, 0);
  const single = (rows: readonly BeforeWrites[]) => `${fixed(rows.reduce((sum, row) => sum + row.wcu.singleIndex, 0))} computed, ${fixed(rows.reduce((sum, row) => sum + row.wcu.localSingleIndex, 0))} reported`;
  return [
    `List consistency (issue 37): lists kept on the table, a copy of each listed record in each of its list partitions written in the record's transaction and read with ConsistentRead; measured in one run against ${beforeCommit} (lists read gsi1/gsi2, each answered write waited for its index entries).`,
    `Writes, ${settings.writeCalls} calls a side after ${settings.warmup} warm-up, one organisation: handler = the route's handler invoked in-process (as the latency section judges it); raw = the DynamoDB commands that very call sent, replayed on a raw document client against a mirror table holding what the route's table held before the call, ` +
      `so each command met the same items (checked: ${replayed - differing} of ${replayed} replayed commands had the route's outcome and units); the two alternate. The organisation's lease takes are sent beside a call and are not replayed; ` +
      "what is not a DynamoDB call is not either (an export's creation and a batch's request invoke the export worker through Lambda). CPU µs = this process's CPU a call, p50: the handler's code against the SDK's alone. " +
      `Target: handler/raw p50 <= ${limits.writeP50}x.`,
    table(
      ['route', 'p50 handler', 'p50 raw', 'handler/raw', 'CPU µs handler', 'CPU µs raw', 'commands of one call'],
      writes.map((row) => [
        row.path,
        fixed(p50(row.handler)),
        fixed(p50(row.raw)),
        times(p50(row.handler) / p50(row.raw)),
        fixed(row.cpuMicros.handler, 0),
        fixed(row.cpuMicros.raw, 0),
        row.commands,
      ]),
    ),
    `RCU per write (DynamoDB Local's units of the call's reads, a read of nothing at AWS's least unit): the credential, the idempotency key's answer, and what the write itself reads (the record it changes, its state); before, its op also held the settle's reads (each item read before its first write, read back after, and asked of gsi1/gsi2 until listed).`,
    table(
      ['route', 'auth', 'idempotency', 'op now', `op ${beforeCommit}`, 'total now', `total ${beforeCommit}`],
      writes.map((row) => {
        const before = beforeOf(section, row.path).rcu;
        return [row.path, fixed(row.rcu.auth), fixed(row.rcu.idempotency), fixed(row.rcu.operation), fixed(before.operation), fixed(row.rcu.auth + row.rcu.idempotency + row.rcu.operation), fixed(before.auth + before.idempotency + before.operation)];
      }),
    ),
    `WCU per write, as AWS bills it: each item 1 WCU a KB (of the larger of its images), twice in a transaction; each index entry put, changed or removed 1 WCU a KB (a move between index keys two). ${beforeCommit}: its own code run in this run (a process and local stack of its own, ${settings.beforeCalls} calls a route, the same calls): table items + gsi1/gsi2/gsi3 entries. ` +
      `Now: table items, copies included, + gsi3 entries. Computed from the items each call wrote (read before and after it): DynamoDB Local reports index units (INDEXES) but bills a transaction as AWS does not (twice about one item's KB whatever the number of items); for single-item writes its index units equal the computed ones (${beforeCommit}: ${single(section.before)}; now: ${single(writes)}). Target: now <= ${limits.writeWcu}x ${beforeCommit}.`,
    table(
      ['route', `items ${beforeCommit}`, 'table', 'index', `WCU ${beforeCommit}`, 'items now', 'table', 'index', 'WCU now', 'now/before', ''],
      writes.map((row) => {
        const before = beforeOf(section, row.path).wcu;
        const ratio = wcuOf(row.wcu) / wcuOf(before);
        return [row.path, fixed(before.items, 1), fixed(before.table, 1), fixed(before.index, 1), fixed(wcuOf(before), 1), fixed(row.wcu.items, 1), fixed(row.wcu.table, 1), fixed(row.wcu.index, 1), fixed(wcuOf(row.wcu), 1), times(ratio), ratio > limits.writeWcu ? 'MISS' : ''];
      }),
    ),
    '  What the extra units buy: a ConsistentRead Query of a list partition returns every write answered before it, so a write answered 200 is in the next list whoever asks, with nothing to wait for: ' +
      `no write reads anything for its lists any more (the settle's reads above, and its pauses until an index caught up, which on AWS follow the table "within a fraction of a second" and under load longer), and no list misses a write or shows one where it was.`,
    '',
    `Lists and reports of a small organisation (one shard, ${settings.records} records a family), ${settings.listCalls} calls a side after ${settings.warmup} warm-up, handler in-process: now (every Query with ConsistentRead) vs eventual (ConsistentRead taken off every Query by a middleware on the handlers' client: ` +
      `what the index page it replaces cost, an index read being eventually consistent and its entries whole items as the copies are), alternating. Page = the call's Queries; call = with its other reads (the credential's). ` +
      `DynamoDB Local serves both kinds of read alike (it has no replicas), so the p50 ratio shows what the code adds, not AWS's leader-replica latency. Targets: page RCU <= ${limits.pageRcu}x, p50 <= ${limits.listP50}x.`,
    table(
      ['route', 'items read', 'page RCU now', 'eventual', 'ratio', 'call RCU now', 'eventual', 'p50 now', 'p50 eventual', 'ratio', 'commands of one call now'],
      lists.map((row) => [
        row.route,
        row.itemsRead,
        fixed(row.now.pageRcu),
        fixed(row.eventual.pageRcu),
        times(row.now.pageRcu / row.eventual.pageRcu),
        fixed(row.now.rcu),
        fixed(row.eventual.rcu),
        fixed(row.now.p50),
        fixed(row.eventual.p50),
        times(row.now.p50 / row.eventual.p50),
        row.commands,
      ]),
    ),
  ];
}

export function listConsistencyVerdicts(section: ListConsistencySection): TargetVerdict[] {
  const limits = listConsistencyLimits;
  const replayed = section.writes.reduce((sum, row) => sum + row.replayed, 0);
  const differing = section.writes.reduce((sum, row) => sum + row.differing, 0);
  const verdict = (target: string, ratio: number, limit: number): TargetVerdict => ({ target: `list consistency: ${target}`, measured: times(ratio), limit: `<= ${limit}x`, pass: ratio <= limit });
  return [
    {
      target: 'list consistency: replayed write commands with the route\'s outcome and units',
      measured: `${replayed - differing} of ${replayed}`,
      limit: 'all',
      pass: differing === 0,
    },
    ...section.writes.flatMap((row) => [
      verdict(`${row.path} p50 handler vs raw`, p50(row.handler) / p50(row.raw), limits.writeP50),
      verdict(`${row.path} WCU now vs ${beforeCommit}`, wcuOf(row.wcu) / wcuOf(beforeOf(section, row.path).wcu), limits.writeWcu),
    ]),
    ...section.lists.flatMap((row) => [
      verdict(`${row.route} page RCU, consistent vs eventual`, row.now.pageRcu / row.eventual.pageRcu, limits.pageRcu),
      verdict(`${row.route} p50, consistent vs eventual`, row.now.p50 / row.eventual.p50, limits.listP50),
    ]),
  ];
}
