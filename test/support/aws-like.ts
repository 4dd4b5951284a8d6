import { setTimeout as sleep } from 'node:timers/promises';
import type { AwsLike, AwsLikeCounts } from '../../shared/local/aws-like';
import type { BusEvent } from '../../shared/local/event-bus-api';
import { pollUntil, readObject, sha256 } from './exports';
import { exportFinished } from './fixtures/exports';
import { post } from './local-api';

/**
 * What the suites run under the AWS-like mode (aws-like*.test.ts) share: the
 * checks of an export and of what the mode injected.
 */

/** Every file of an export and its manifests hashes to its evidence; answers the events the files hold. */
export async function eventsOfVerifiedExport(exportRecord: any, batches: any[]): Promise<string[]> {
  expect(sha256(await readObject(exportRecord.evidence.manifest_ref))).toBe(exportRecord.evidence.checksum_sha256);
  const eventIds: string[] = [];
  for (const batch of batches) {
    expect(sha256(await readObject(batch.evidence.manifest_ref))).toBe(batch.evidence.manifest_checksum_sha256);
    for (const ref of batch.evidence.file_refs as string[]) {
      const bytes = await readObject(ref);
      eventIds.push(...bytes.toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line).event_id as string));
    }
  }
  expect(eventIds).toHaveLength(exportRecord.evidence.record_count);
  return eventIds;
}

/** The export outcome events the bus carried for `exportId` (the export's own, not its batches'). */
export function exportOutcomes(events: BusEvent[], exportId: string) {
  return events.filter((event) => {
    const detail = event.detail as { export_id?: string; batch_id?: string };
    return event['detail-type'].startsWith('export.') && detail.export_id === exportId && !detail.batch_id;
  });
}

/** An export and its batches once the worker has finished it; the batch list reads an index, so it waits out `indexLagMs` first. */
export async function builtExport(headers: Record<string, string>, exportId: string, indexLagMs: number) {
  const exportRecord = await pollUntil('/export/get', { export_id: exportId }, headers, 'export', exportFinished);
  await sleep(indexLagMs + 100);
  const listed = await post('/export/batch/list', { export_id: exportId, limit: 256 }, headers);
  expect(listed.status).toBe(200);
  expect(listed.body.data.batches.length).toBe(exportRecord.batch_count);
  return { exportRecord, batches: listed.body.data.batches as any[] };
}

/** Runs `run` and logs what the mode injected meanwhile, by kind: the figures of one test. */
export async function injectedDuring<Result>(mode: AwsLike, name: string, run: () => Promise<Result>): Promise<Result> {
  const before: AwsLikeCounts = { ...mode.counts };
  const result = await run();
  const during = Object.entries(mode.counts).map(([kind, count]) => [kind, count - before[kind as keyof AwsLikeCounts]]);
  console.log(`${name}: ${JSON.stringify(Object.fromEntries(during.filter(([, count]) => count !== 0)))}`);
  return result;
}
