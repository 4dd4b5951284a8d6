import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createExport } from '../../shared/db/exports/export-repository';
import { eventRecordPuts } from '../../shared/db/events/event-repository';
import { unsharded } from '../../shared/db/shard-layout';
import * as keys from '../../shared/db/keys';
import type { RequestContext } from '../../shared/domain/common-schemas';
import { buildEvent, eventRecordRequest } from '../../shared/domain/events/accounting-event';
import { exportCreateRequest, newExport } from '../../shared/domain/exports/export-record';
import { newId } from '../../shared/domain/identifiers';
import { unclaimedWorkGraceMs } from '../../shared/exports/build-jobs';
import type { LocalEventBus } from '../../shared/local/event-bus-api';
import { batchPutAll } from '../harness/batch-write';
import { runNode } from '../harness/child-process';
import type { ChildMeasurement } from './export-build-child';
import { seedEvent } from '../harness/local-stack';

/** One window of the export section: its build and the bare read of the same events. */
export interface ExportRun {
  events: number;
  build: ChildMeasurement;
  read: ChildMeasurement;
  /** Events written to S3 per second of build. */
  eventsPerSecond: number;
  /** build seconds / read seconds */
  buildOverRead: number;
}

export interface ExportReport {
  /** Events seeded: the largest window; each smaller window holds the oldest of them. */
  seededEvents: number;
  /** Items written: three per event, the event and its copies in the ledger by time and of its type (its lineage links, which no export reads, are left out). */
  seededItems: number;
  seedSeconds: number;
  batchSize: number;
  runs: ExportRun[];
  /** Peak RSS of the largest window's build / of the smallest's. */
  rssRatio: number;
}

/** Where the seeded events start, one every `spacingMs`: clear of every other section's window. */
const exportWindowStart = Date.parse('2027-01-01T00:00:00Z');
const spacingMs = 10_000;

const batchSize = () => Number(process.env.EXPORT_BATCH_SIZE ?? 10_000);

function benchContext(orgcode: string): RequestContext {
  return { orgcode, actor: 'bench', context_source: 'api_key' };
}

/**
 * The items of `count` events as /event/record would store them (the bench's
 * seed event, one every ten seconds from the window start): each event and its
 * copies in its lists, the ledger by time (which an export of every type reads)
 * and the ledger of its type, made lazily so the whole seed never sits in
 * memory. The org is never raised: one shard. Their lineage links are left
 * out: no export reads them, and they would add a third to the seeding time.
 */
function* seedItems(orgcode: string, count: number, recordedAt: Date): Generator<Record<string, unknown>> {
  const origin = { orgcode, requestContext: benchContext(orgcode), now: recordedAt };
  for (let index = 0; index < count; index += 1) {
    const occurredAt = new Date(exportWindowStart + index * spacingMs).toISOString();
    const request = eventRecordRequest.parse({ ...seedEvent(orgcode, index), occurred_at: occurredAt });
    for (const put of eventRecordPuts(buildEvent(request, origin), unsharded)) {
      if (put.item.record_type === 'event') yield put.item;
    }
  }
}

/**
 * Writes `count` events straight into the table with the repository's own item
 * builder through BatchWriteItem (recording 100,000 events one HTTP call at a
 * time would take far longer than the export). Returns the number of items written.
 */
function seedExportEvents(client: DynamoDBDocumentClient, table: string, orgcode: string, count: number): Promise<number> {
  // Recorded a minute ago: safely before the exports' `recorded_before`.
  return batchPutAll(client, table, seedItems(orgcode, count, new Date(Date.now() - 60_000)));
}

/**
 * Pages once through the oldest `events` seeded events in the ledger by time
 * (their copies on the table, read consistently as the export reads them),
 * untimed: the first Query of a freshly loaded partition is far slower in
 * DynamoDB Local than any later one, and would otherwise land on the first
 * measurement alone.
 */
async function warmUp(client: DynamoDBDocumentClient, table: string, orgcode: string, events: number): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND sk < :to',
        ExpressionAttributeValues: { ':pk': keys.eventsByTime(orgcode), ':to': new Date(exportWindowStart + events * spacingMs).toISOString() },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** A pending export of the events in [start, start + events * spacing), stored as /export/create stores it, but not started. */
async function pendingExport(orgcode: string, events: number): Promise<string> {
  const now = new Date();
  const { idempotency_key: _key, request_context: _declared, ...request } = exportCreateRequest.parse({
    from_utc: new Date(exportWindowStart).toISOString(),
    to_utc: new Date(exportWindowStart + events * spacingMs).toISOString(),
    reason: `Bench export of ${events} events`,
    source_refs: [],
    request_context: benchContext(orgcode),
  });
  const record = newExport(request, { exportId: newId('exp', now), orgcode, requestContext: benchContext(orgcode), now });
  await createExport(record, new Date(now.getTime() + unclaimedWorkGraceMs));
  return record.export_id;
}

/**
 * Runs bench/exports/export-build-child.ts in a fresh node process with this process's
 * environment: DynamoDB Local, s3rver, and the local API's AWS port for
 * EventBridge PutEvents (and Lambda, which the worker does not call).
 */
async function runChild(root: string, args: string[]): Promise<ChildMeasurement> {
  // `--import tsx` rather than the tsx CLI, which would run the script in a second process.
  const { code, stdout, stderr } = await runNode(['--import', 'tsx', join(root, 'bench', 'exports', 'export-build-child.ts'), ...args], {
    cwd: root,
    env: process.env,
  });
  try {
    if (code !== 0) throw new Error(`exit ${code}`);
    return JSON.parse(stdout.trim().split('\n').pop() ?? '') as ChildMeasurement;
  } catch (error) {
    throw new Error(`export bench child (${args[0]}) failed: ${(error as Error).message}\n${stderr}${stdout}`);
  }
}

/** Records what the bus carries about `exportId`: the child's PutEvents is answered, so seen, before the child exits. */
function outcomesOf(bus: LocalEventBus, exportId: string): { seen: string[]; stop(): void } {
  const seen: string[] = [];
  const stop = bus.subscribe((event) => {
    if ((event.detail as { export_id?: string }).export_id === exportId) seen.push(event['detail-type']);
  });
  return { seen, stop };
}

export interface ExportBenchOptions {
  root: string;
  client: DynamoDBDocumentClient;
  tableName: string;
  orgcode: string;
  bus: LocalEventBus;
  /** Window sizes in events, smallest first; the largest is seeded. */
  windows: number[];
  log: (line: string) => void;
}

/**
 * Export throughput and the export worker's memory as the window grows: seeds
 * the largest window's events once, then for each window builds its export and
 * replays the build's Query alone (the raw cost of reading the events), each
 * in a process of its own.
 */
export async function measureExports(options: ExportBenchOptions): Promise<ExportReport> {
  const { root, orgcode, bus, log } = options;
  const windows = [...options.windows].sort((a, b) => a - b);
  const seededEvents = windows[windows.length - 1]!;

  const seedStart = performance.now();
  const seededItems = await seedExportEvents(options.client, options.tableName, orgcode, seededEvents);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  log(`seeded ${seededEvents} events (${seededItems} items) in ${seedSeconds.toFixed(0)}s`);
  await warmUp(options.client, options.tableName, orgcode, windows[0]!);

  const runs: ExportRun[] = [];
  for (const events of windows) {
    const exportId = await pendingExport(orgcode, events);
    const outcomes = outcomesOf(bus, exportId);
    let build: ChildMeasurement;
    try {
      build = await runChild(root, ['build', orgcode, exportId]);
    } finally {
      outcomes.stop();
    }
    if (build.status !== 'ready') throw new Error(`export ${exportId} ended ${build.status}`);
    if (outcomes.seen.join() !== 'export.ready') throw new Error(`export ${exportId} published [${outcomes.seen.join(', ')}], not export.ready`);
    if (!build.query) throw new Error(`export ${exportId} was built without a Query`);
    const read = await runChild(root, ['read', build.query]);
    if (read.query !== build.query) throw new Error(`the replayed Query differs from the build's:\n  ${read.query}\n  ${build.query}`);
    if (build.events !== events || read.events !== events) {
      throw new Error(`window of ${events} events: the build wrote ${build.events}, the Query returned ${read.events}`);
    }
    log(`${events} events: build ${build.seconds.toFixed(1)}s, Query ${read.seconds.toFixed(1)}s, peak RSS ${build.maxRssMb} MB`);
    runs.push({ events, build, read, eventsPerSecond: events / build.seconds, buildOverRead: build.seconds / read.seconds });
  }
  const rssRatio = runs[runs.length - 1]!.build.maxRssMb / runs[0]!.build.maxRssMb;
  return { seededEvents, seededItems, seedSeconds, batchSize: batchSize(), runs, rssRatio };
}
