import { performance } from 'node:perf_hooks';
import { dynamo } from '../../shared/db/client';
import { s3 } from '../../shared/s3/client';
import { type Holding, seedItems, seedObjects } from '../../test/support/storage-seed';
import { CapacityMeter } from '../harness/capacity';
import { postJson } from '../harness/http-client';
import { type BenchCaller, benchCaller } from '../harness/local-stack';

/** One reconcile run, from the first call to the one that answers no cursor, every request metered. */
export interface ReconcileBenchRun {
  label: string;
  /** What the organisation holds besides its caller's credential: nothing (the fixed part of every run), objects or items. */
  holds: 'nothing' | 'objects' | 'items';
  size: number;
  calls: number;
  s3ListRequests: number;
  /** DynamoDB commands by name, the calls' credential reads included. */
  commands: Record<string, number>;
  rcu: number;
  wcu: number;
  seconds: number;
  usageRecords: number;
}

export interface StorageReconcileBenchReport {
  /** Units of work per call: the route's largest `limit`. */
  limit: number;
  seedSeconds: number;
  runs: ReconcileBenchRun[];
}

/** A past day: no call of the bench is metered on it. */
const window = { from_utc: '2025-09-10T00:00:00Z', to_utc: '2025-09-11T00:00:00Z' };
const limit = 100;

/** Counts the ListObjectsV2 requests the shared S3 client sends (each a unit of the object store). */
function countListRequests(): { count(): number; detach(): void } {
  let requests = 0;
  const name = 'benchListRequests';
  s3().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'ListObjectsV2Command') requests += 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { count: () => requests, detach: () => s3().middlewareStack.remove(name) };
}

interface Totals {
  calls: number;
  object_count: number;
  object_bytes: number;
  record_items: number;
  usage_records: number;
}

async function reconcileToTheEnd(baseUrl: string, caller: BenchCaller, dryRun: boolean): Promise<Totals> {
  let cursor: unknown = null;
  let calls = 0;
  for (;;) {
    const body = JSON.stringify({ ...window, limit, dry_run: dryRun, cursor });
    const answer = await postJson(`${baseUrl}/accounting/storage/usage/reconcile`, caller.headers, body);
    calls += 1;
    if (answer.status !== 200) throw new Error(`/storage/usage/reconcile answered ${answer.status}: ${answer.text}`);
    const { reconcile, next_cursor } = JSON.parse(answer.text).data;
    if (next_cursor === null) return { calls, ...reconcile };
    cursor = next_cursor;
  }
}

async function metered(baseUrl: string, caller: BenchCaller, label: string, holds: ReconcileBenchRun['holds'], size: number) {
  const meter = new CapacityMeter().attach(dynamo());
  const lists = countListRequests();
  try {
    const started = performance.now();
    const totals = await reconcileToTheEnd(baseUrl, caller, false);
    const seconds = (performance.now() - started) / 1000;
    const commands: Record<string, number> = {};
    for (const command of meter.commands()) commands[command.name] = (commands[command.name] ?? 0) + 1;
    const sum = (field: 'rcu' | 'wcu') => meter.commands().reduce((total, command) => total + command[field], 0);
    const run: ReconcileBenchRun = {
      label,
      holds,
      size,
      calls: totals.calls,
      s3ListRequests: lists.count(),
      commands,
      rcu: sum('rcu'),
      wcu: sum('wcu'),
      seconds,
      usageRecords: totals.usage_records,
    };
    return { run, totals };
  } finally {
    lists.detach();
    meter.detach(dynamo());
  }
}

const total = (holdings: Record<string, Holding>) =>
  Object.values(holdings).reduce((sum, holding) => ({ count: sum.count + holding.count, bytes: sum.bytes + holding.bytes }), { count: 0, bytes: 0 });

export interface StorageReconcileBenchOptions {
  baseUrl: string;
  /** Three fresh organisations: one holding nothing, one only objects, one only table items. */
  orgcodes: { empty: string; objects: string; items: string };
  objects: number;
  items: number;
  log: (line: string) => void;
}

/**
 * The reconcile of an organisation that holds nothing but its caller's
 * credential (what every run costs), of one that also holds `objects`
 * objects, and of one that holds `items` table items, seeded straight into
 * s3rver and DynamoDB Local; each run once untimed as a dry run (DynamoDB
 * Local's and s3rver's first reads of fresh data are far slower than any
 * later one), then timed, writing its records. Each run's totals are checked
 * against the seed.
 */
export async function measureStorageReconcile(options: StorageReconcileBenchOptions): Promise<StorageReconcileBenchReport> {
  const { baseUrl, orgcodes, log } = options;
  const [emptyCaller, objectsCaller, itemsCaller] = await Promise.all(
    [orgcodes.empty, orgcodes.objects, orgcodes.items].map((orgcode) => benchCaller(orgcode, ['acct_export_admin'])),
  ) as [BenchCaller, BenchCaller, BenchCaller];
  const seedStarted = performance.now();
  const [prefixes, costCentres] = await Promise.all([
    seedObjects(orgcodes.objects, options.objects),
    seedItems(orgcodes.items, options.items, window.from_utc.slice(0, 10)),
  ]);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(`seeded ${options.objects} objects and ${options.items} items in ${seedSeconds.toFixed(0)} s; reconciling each`);

  await reconcileToTheEnd(baseUrl, emptyCaller, true);
  const empty = await metered(baseUrl, emptyCaller, 'nothing (1 credential item)', 'nothing', 0);

  await reconcileToTheEnd(baseUrl, objectsCaller, true);
  const objects = await metered(baseUrl, objectsCaller, `${options.objects} objects (and 1 credential item)`, 'objects', options.objects);
  const seeded = total(prefixes);
  if (objects.totals.object_count !== seeded.count || objects.totals.object_bytes !== seeded.bytes) {
    throw new Error(`the reconcile counted ${JSON.stringify(objects.totals)}, the seed holds ${JSON.stringify(seeded)}`);
  }

  await reconcileToTheEnd(baseUrl, itemsCaller, true);
  const items = await metered(baseUrl, itemsCaller, `${options.items} items (and no object)`, 'items', options.items);
  const seededItems = total(costCentres).count;
  // The caller's credential is one item more.
  if (items.totals.record_items !== seededItems + 1) {
    throw new Error(`the reconcile counted ${items.totals.record_items} items, the seed holds ${seededItems} and a credential`);
  }
  return { limit, seedSeconds, runs: [empty.run, objects.run, items.run] };
}
