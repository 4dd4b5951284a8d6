import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../shared/db/client';
import { eventsForExport } from '../../shared/db/events/event-repository';
import { ordersByEventId } from '../../shared/db/gl/cancelled-orders';
import { mappingsUpTo } from '../../shared/db/gl/gl-mapping-repository';
import { JournalMapper, cancelledOrderEventId, isCancellation } from '../../shared/domain/gl/journal-mapper';
import { TrialBalance, type TrialBalanceReport } from '../../shared/domain/gl/trial-balance';
import { addDays } from '../../shared/domain/rollups/rollup-days';
import { trialBalanceAsOf } from '../../shared/gl/trial-balance';
import { CapacityMeter } from '../harness/capacity';
import { runNode } from '../harness/child-process';
import type { SectionRun } from '../harness/run-section';
import type { TargetVerdict } from '../harness/verdict';
import type { BuildMeasurement } from './journal-build-child';
import { journalDays, journalWindowStart, pendingExport, seedJournal } from './journal-seed';

/**
 * The journal section of `npm run bench` (issue 39): an organisation's ledger
 * of `events` events over ten days (bench/gl-journal/journal-seed.ts), then
 * - its journal export (`gl_journal`, jsonl) against today's `financial_events`
 *   export of the same window, each built by the export worker in a process of
 *   its own: time, RCU and peak RSS; and the journal of a fifth of the window,
 *   whose peak RSS the whole window's must not outgrow (memory stays flat);
 * - the trial balance as of the window's last day (shared/gl/trial-balance.ts)
 *   against the same figures made by reading every event up to then and mapping
 *   each (the answers are checked equal first), alternated, `rounds` a side:
 *   p50 and RCU.
 */
/** BENCH_GL_EVENTS events (default 100,000), BENCH_GL_ROUNDS trial balances a side (default 5). */
export function journalSettings(): { events: number; rounds: number } {
  return { events: Number(process.env.BENCH_GL_EVENTS ?? 100_000), rounds: Number(process.env.BENCH_GL_ROUNDS ?? 5) };
}

export interface JournalSectionOptions {
  root: string;
  client: DynamoDBDocumentClient;
  tableName: string;
  orgcode: string;
  events: number;
  rounds: number;
  log: (line: string) => void;
}

async function build(root: string, orgcode: string, exportId: string): Promise<BuildMeasurement> {
  const { code, stdout, stderr } = await runNode(['--import', 'tsx', join(root, 'bench', 'gl-journal', 'journal-build-child.ts'), orgcode, exportId], {
    cwd: root,
    env: process.env,
  });
  if (code !== 0) throw new Error(`journal bench child failed (exit ${code}):\n${stderr}${stdout}`);
  const measured = JSON.parse(stdout.trim().split('\n').pop() ?? '') as BuildMeasurement;
  if (measured.status !== 'ready') throw new Error(`export ${exportId} ended ${measured.status}`);
  return measured;
}

/** The trial balance made the naive way: every event up to the end of `asOf` read and mapped, each cancellation's order fetched. */
async function everyEventBalance(orgcode: string, asOf: string): Promise<TrialBalanceReport> {
  const mappings = await mappingsUpTo(orgcode);
  const mapper = new JournalMapper(orgcode, mappings, []);
  const balance = new TrialBalance(mappings);
  const now = new Date().toISOString();
  const selection = { from_utc: '0001-01-01T00:00:00.000Z', to_utc: `${addDays(asOf, 1)}T00:00:00.000Z`, recorded_before: now };
  let chunk: Awaited<ReturnType<typeof eventsForExport> extends AsyncGenerator<infer T> ? T : never>[] = [];
  const flush = async () => {
    const orders = await ordersByEventId(orgcode, chunk.flatMap(({ event }) => (isCancellation(event) ? (cancelledOrderEventId(event) ?? []) : [])), now);
    for (const { event } of chunk) {
      const orderId = isCancellation(event) ? cancelledOrderEventId(event) : undefined;
      const mapped = mapper.map(event, orderId === undefined ? undefined : orders.get(orderId));
      if ('unmapped' in mapped) balance.addEntry('unmapped');
      else if (mapped.entry) balance.addEntry(mapped.entry);
    }
    chunk = [];
  };
  for await (const ordered of eventsForExport(orgcode, selection)) {
    chunk.push(ordered);
    if (chunk.length === 100) await flush();
  }
  await flush();
  return balance.report(asOf);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed<T>(meter: CapacityMeter, work: () => Promise<T>): Promise<{ result: T; ms: number; rcu: number }> {
  meter.reset();
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  return { result, ms, rcu: meter.commands().reduce((sum, command) => sum + command.rcu, 0) };
}

export async function measureJournalSection(options: JournalSectionOptions): Promise<SectionRun> {
  const { root, orgcode, events, log } = options;
  const seedStart = performance.now();
  const items = await seedJournal(options.client, options.tableName, orgcode, events);
  log(`journal: seeded ${events} events (${items} items) in ${((performance.now() - seedStart) / 1000).toFixed(0)}s`);

  const smallDays = Math.max(1, Math.round(journalDays / 5));
  const ledger = await build(root, orgcode, await pendingExport(orgcode, 'financial_events', journalDays));
  const journal = await build(root, orgcode, await pendingExport(orgcode, 'gl_journal', journalDays));
  const smallJournal = await build(root, orgcode, await pendingExport(orgcode, 'gl_journal', smallDays));
  if (ledger.records !== events || journal.entries !== events) {
    throw new Error(`the window holds ${events} events: the ledger export wrote ${ledger.records} records, the journal ${journal.entries} entries`);
  }
  log(`journal: ${events} events built in ${journal.seconds.toFixed(1)}s (ledger export ${ledger.seconds.toFixed(1)}s)`);

  const asOf = addDays(new Date(journalWindowStart).toISOString().slice(0, 10), journalDays - 1);
  const meter = new CapacityMeter().attach(dynamo());
  const route: Array<{ ms: number; rcu: number }> = [];
  const naive: Array<{ ms: number; rcu: number }> = [];
  try {
    const fromTotals = await timed(meter, () => trialBalanceAsOf(orgcode, asOf, undefined, new Date()));
    const fromEvents = await timed(meter, () => everyEventBalance(orgcode, asOf));
    if (!isDeepStrictEqual(fromTotals.result, fromEvents.result)) {
      throw new Error(`the trial balance differs from every event's entries:\n${JSON.stringify(fromTotals.result)}\n${JSON.stringify(fromEvents.result)}`);
    }
    for (let round = 0; round < options.rounds; round += 1) {
      const { ms, rcu } = await timed(meter, () => trialBalanceAsOf(orgcode, asOf, undefined, new Date()));
      route.push({ ms, rcu });
      const read = await timed(meter, () => everyEventBalance(orgcode, asOf));
      naive.push({ ms: read.ms, rcu: read.rcu });
    }
  } finally {
    meter.detach(dynamo());
  }
  const routeP50 = median(route.map((run) => run.ms));
  const naiveP50 = median(naive.map((run) => run.ms));
  const routeRcu = median(route.map((run) => run.rcu));
  const naiveRcu = median(naive.map((run) => run.rcu));

  const timeRatio = journal.seconds / ledger.seconds;
  const rssRatio = journal.maxRssMb / smallJournal.maxRssMb;
  const ratio = (value: number) => `${value.toFixed(2)}x`;
  const lines = [
    `GL journal (${events} events over ${journalDays} days: 70% orders taxed in two jurisdictions, 25% tenders, 5% cancellations)`,
    '  export                                   seconds      RCU       WCU   peak RSS MB',
    ...[
      [`financial_events, ${events} events`, ledger],
      [`gl_journal jsonl, ${events} events`, journal],
      [`gl_journal jsonl, ${smallDays} of ${journalDays} days`, smallJournal],
    ].map(([label, run]) => {
      const measured = run as BuildMeasurement;
      return `  ${String(label).padEnd(38)} ${measured.seconds.toFixed(1).padStart(8)} ${measured.rcu.toFixed(0).padStart(8)} ${measured.wcu.toFixed(0).padStart(9)} ${measured.maxRssMb.toFixed(0).padStart(13)}`;
    }),
    `  trial balance as of ${asOf} (${options.rounds} rounds a side)      p50 ms      RCU`,
    `  from the day totals and the cancellations        ${routeP50.toFixed(0).padStart(8)} ${routeRcu.toFixed(0).padStart(8)}`,
    `  reading every event                              ${naiveP50.toFixed(0).padStart(8)} ${naiveRcu.toFixed(0).padStart(8)}`,
  ];
  const verdicts: TargetVerdict[] = [
    { target: `journal export of ${events} events: time / financial_events export's`, measured: ratio(timeRatio), limit: '1.50x', pass: timeRatio <= 1.5 },
    { target: `journal export memory: peak RSS of ${journalDays} days / of ${smallDays}`, measured: ratio(rssRatio), limit: '1.25x', pass: rssRatio <= 1.25 },
    { target: 'trial balance RCU / reading every event', measured: ratio(routeRcu / naiveRcu), limit: '0.50x', pass: routeRcu / naiveRcu <= 0.5 },
    { target: 'trial balance p50 / reading every event', measured: ratio(routeP50 / naiveP50), limit: '0.50x', pass: routeP50 / naiveP50 <= 0.5 },
  ];
  return { lines, verdicts };
}
