import { performance } from 'node:perf_hooks';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../shared/db/client';
import { canonicalJson } from '../../shared/domain/canonical-json';
import { findExport } from '../../shared/db/exports/export-repository';
import type { ExportRecord } from '../../shared/domain/exports/export-record';
import { runBuildJob } from '../../shared/exports/export-worker';
import { s3 } from '../../shared/s3/client';

/**
 * One measurement of the export section, alone in its own node process (run by
 * bench/exports/export-events.ts with the parent's environment), so the peak RSS the
 * kernel reports belongs to it and nothing else:
 *
 *   build <orgcode> <export_id>  runs the export worker's job for a pending export;
 *   read <query>                 pages through the events again with the Query the
 *                                build issued (its `query`, JSON), nothing else: no S3.
 *
 * Prints one line of JSON, a ChildMeasurement.
 */
export interface ChildMeasurement {
  mode: 'build' | 'read';
  /** Events written to S3 (build: the export's record_count), or items the Query returned (read). */
  events: number;
  seconds: number;
  /** Bytes of the records files written (build only). */
  bytes: number;
  batches: number;
  status: string;
  /** RSS once every module is loaded, just before the measured work. */
  rssBeforeMb: number;
  /** Peak RSS of the whole process (`process.resourceUsage().maxRSS`). */
  maxRssMb: number;
  /** Highest `heapUsed` sampled every 50 ms during the work. */
  heapUsedPeakMb: number;
  /** The first Query the process issued (paging aside), as JSON with sorted keys: the build's is what the read replays. */
  query: string;
}

const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
const sampleEveryMs = 50;

async function sampled<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; heapUsedPeak: number }> {
  let heapUsedPeak = process.memoryUsage().heapUsed;
  const sample = () => {
    heapUsedPeak = Math.max(heapUsedPeak, process.memoryUsage().heapUsed);
  };
  const timer = setInterval(sample, sampleEveryMs);
  const start = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - start) / 1000;
    sample();
    return { result, seconds, heapUsedPeak };
  } finally {
    clearInterval(timer);
  }
}

/** Keeps the input of the first Query sent through the shared document client. */
function watchFirstQuery(): () => string {
  let first = '';
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (first === '' && context.commandName === 'QueryCommand') {
        const { ExclusiveStartKey: _page, ...input } = args.input as Record<string, unknown>;
        first = canonicalJson(input);
      }
      return next(args);
    },
    { step: 'initialize', name: 'benchFirstQuery' },
  );
  return () => first;
}

async function exportRecord(orgcode: string, exportId: string): Promise<ExportRecord> {
  const record = await findExport(orgcode, exportId);
  if (!record) throw new Error(`export ${exportId} of ${orgcode} not found`);
  return record;
}

/** Sum of the sizes S3 holds for the export's records files. */
async function bytesOf(fileRefs: string[]): Promise<number> {
  let total = 0;
  for (const ref of fileRefs) {
    const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(ref);
    if (!match) throw new Error(`not an s3:// reference: ${ref}`);
    const { ContentLength } = await s3().send(new HeadObjectCommand({ Bucket: match[1], Key: match[2] }));
    total += ContentLength ?? 0;
  }
  return total;
}

async function build(orgcode: string, exportId: string) {
  const { seconds, heapUsedPeak } = await sampled(() => runBuildJob({ orgcode, export_id: exportId }));
  const record = await exportRecord(orgcode, exportId);
  return {
    events: record.evidence?.record_count ?? 0,
    seconds,
    heapUsedPeak,
    bytes: await bytesOf(record.evidence?.file_refs ?? []),
    batches: record.batch_count ?? 0,
    status: record.status,
  };
}

async function read(query: QueryCommandInput) {
  const { result: events, seconds, heapUsedPeak } = await sampled(async () => {
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(new QueryCommand({ ...query, ExclusiveStartKey: startKey }));
      count += page.Items?.length ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return count;
  });
  return { events, seconds, heapUsedPeak, bytes: 0, batches: 0, status: 'read' };
}

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2);
  const [orgcode, exportId] = args;
  const usage = 'usage: export-build-child.ts build <orgcode> <export_id> | read <query json>';
  if (!((mode === 'build' && orgcode && exportId) || (mode === 'read' && args[0]))) throw new Error(usage);
  const firstQuery = watchFirstQuery();
  const rssBefore = process.memoryUsage().rss;
  const measured = mode === 'build' ? await build(orgcode!, exportId!) : await read(JSON.parse(args[0]!) as QueryCommandInput);
  const result: ChildMeasurement = {
    mode,
    events: measured.events,
    seconds: measured.seconds,
    bytes: measured.bytes,
    batches: measured.batches,
    status: measured.status,
    rssBeforeMb: mb(rssBefore),
    // maxRSS is in kilobytes.
    maxRssMb: mb(process.resourceUsage().maxRSS * 1024),
    heapUsedPeakMb: mb(measured.heapUsedPeak),
    query: firstQuery(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error('export bench child failed:', error);
  process.exit(1);
});
