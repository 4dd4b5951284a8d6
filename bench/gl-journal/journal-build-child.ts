import { performance } from 'node:perf_hooks';
import { dynamo } from '../../shared/db/client';
import { findExport } from '../../shared/db/exports/export-repository';
import { runBuildJob } from '../../shared/exports/export-worker';
import { CapacityMeter } from '../harness/capacity';

/**
 * One export build of the journal section, alone in its own node process (run
 * by bench/gl-journal/gl-journal-section.ts with the parent's environment), so
 * its peak RSS is its own: `<orgcode> <export_id>` runs the export worker's job
 * with every DynamoDB command's consumed capacity asked for and added up.
 * Prints one line of JSON, a BuildMeasurement.
 */
export interface BuildMeasurement {
  status: string;
  seconds: number;
  /** Records written: events (financial_events) or entries (gl_journal, jsonl). */
  records: number;
  entries?: number;
  rcu: number;
  wcu: number;
  /** Peak RSS of the whole process (MB). */
  maxRssMb: number;
}

async function main(): Promise<void> {
  const [orgcode, exportId] = process.argv.slice(2);
  if (!orgcode || !exportId) throw new Error('usage: journal-build-child.ts <orgcode> <export_id>');
  const meter = new CapacityMeter().attach(dynamo());
  const start = performance.now();
  await runBuildJob({ orgcode, export_id: exportId });
  const seconds = (performance.now() - start) / 1000;
  const units = meter.commands().reduce((sum, command) => ({ rcu: sum.rcu + command.rcu, wcu: sum.wcu + command.wcu }), { rcu: 0, wcu: 0 });
  meter.detach(dynamo());
  const record = await findExport(orgcode, exportId);
  const result: BuildMeasurement = {
    status: record?.status ?? 'missing',
    seconds,
    records: record?.evidence?.record_count ?? 0,
    ...(record?.evidence?.journal && { entries: record.evidence.journal.entries }),
    rcu: units.rcu,
    wcu: units.wcu,
    maxRssMb: Number(((process.resourceUsage().maxRSS * 1024) / 1024 / 1024).toFixed(1)),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error('journal bench child failed:', error);
  process.exit(1);
});
