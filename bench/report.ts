import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import type { AgingReport } from './aging/aging-report';
import type { CapacityResult } from './harness/capacity';
import { type ColdStartReport, coldStartSection, coldStartVerdicts } from './cold-start/cold-start';
import type { PayoutBenchReport } from './payouts/commission-payout';
import type { ExportReport } from './exports/export-events';
import type { FinancialRollupBenchReport } from './rollups/financial-rollup';
import type { LatencyReport, ParityResult } from './latency/latency';
import { type LatencySettings, type RouteLatency, latencySection, latencyVerdicts } from './latency/latency-section';
import type { ReconcileBenchRun, StorageReconcileBenchReport } from './storage/storage-reconcile';
import type { ChainOverhead } from './latency/chain-overhead';
import { round } from './harness/stats';
import type { TargetVerdict } from './harness/verdict';
import { ms, table, units } from './harness/table';

export interface BenchSettings {
  importRounds: number;
  latencyCalls: number;
  latencyWarmup: number;
  seedEvents: number;
  capacityCalls: number;
  /** The large export window, in events (BENCH_EXPORT_EVENTS). */
  exportEvents: number;
  /** The small export window it is compared with. */
  exportSmallEvents: number;
  /** Open invoices seeded for /invoice/payment/apply: one for each of its calls, whichever side makes it. */
  paymentInvoices: number;
  /** Open invoices of the aging report section (BENCH_AR_INVOICES). */
  arInvoices: number;
  /** Customer rows asked for per /ar/aging/report and /ar/balance call. */
  arReportLimit: number;
  /** Payable lines of the payout section's associate (BENCH_PAYOUT_LINES). */
  payoutLines: number;
  /** Ledger events of the financial rollup section's one organisation and day (BENCH_ROLLUP_EVENTS). */
  rollupEvents: number;
  /** Objects of the storage reconcile section's first organisation (BENCH_RECONCILE_OBJECTS). */
  reconcileObjects: number;
  /** Table items of its second (BENCH_RECONCILE_ITEMS). */
  reconcileItems: number;
}

/** The latency section's settings, from the whole bench's. */
export const latencySettingsOf = (settings: BenchSettings): LatencySettings => ({
  calls: settings.latencyCalls,
  warmup: settings.latencyWarmup,
  seedEvents: settings.seedEvents,
  extraPaymentInvoices: settings.capacityCalls,
});

export interface ScanCheck {
  /** Scan commands issued through the shared and the raw client during the whole run. */
  issued: number;
  /** Commands issued per name through the shared client (every handler) during the run. */
  sharedClientCommands: Record<string, number>;
  rawClientCommands: Record<string, number>;
  /** Lines of shared/ and functions/ naming a Scan command. */
  references: string[];
}

export interface BenchResults {
  settings: BenchSettings;
  coldStart: ColdStartReport;
  parity: ParityResult[];
  latency: LatencyReport;
  leaseTakes: RouteLatency['leaseTakes'];
  metering: ChainOverhead;
  logging: ChainOverhead;
  capacity: CapacityResult[];
  scan: ScanCheck;
  aging: AgingReport;
  payout: PayoutBenchReport;
  financialRollup: FinancialRollupBenchReport;
  storageReconcile: StorageReconcileBenchReport;
  export: ExportReport;
}

/** The limits the service holds itself to. */
export const limits = {
  /** `/event/get` p50 with its usage meter fields on the request line over without. */
  meteringRatio: 1.1,
  /** `/event/get` p50 with its log line and metrics over without. */
  loggingRatio: 1.05,
  eventGetReadRcu: 0.5,
  /** The whole paged aging report over reading every open invoice once: the aggregates must cost less. */
  agingRcuRatio: 1,
  /** A payout's route may run this long (its timeout; API Gateway waits 30 s). */
  payoutCreateSeconds: 29,
  /** A day's financial rollup of one org: 31 such days, an operator's longest re-run, fit its 15-minute timeout. */
  rollupDaySeconds: 29,
  /** Peak RSS of the largest export build over the smallest's: flat memory whatever the window. */
  exportRssRatio: 1.3,
} as const;

export function verdicts(results: BenchResults): TargetVerdict[] {
  const rows: TargetVerdict[] = [...coldStartVerdicts(results.coldStart), ...latencyVerdicts(results)];
  const { metering, logging } = results;
  rows.push({
    target: '/event/get p50 with metering vs without',
    measured: `${metering.ratio.toFixed(2)}x`,
    limit: `<= ${limits.meteringRatio.toFixed(2)}x`,
    pass: metering.ratio <= limits.meteringRatio,
  });
  rows.push({
    target: '/event/get p50 with its log line and metrics vs without',
    measured: `${logging.ratio.toFixed(2)}x`,
    limit: `<= ${limits.loggingRatio.toFixed(2)}x`,
    pass: logging.ratio <= limits.loggingRatio,
  });
  const get = results.capacity.find((result) => result.label === '/event/get');
  if (get) {
    const rcu = get.perCall.operation.rcu;
    rows.push({ target: '/event/get event read RCU', measured: String(rcu), limit: `${limits.eventGetReadRcu}`, pass: rcu === limits.eventGetReadRcu });
  }
  rows.push(...agingVerdicts(results.aging));
  const [create] = results.payout.steps;
  if (create) {
    rows.push({
      target: `${create.label}, ${results.payout.lines} lines, wall time`,
      measured: `${create.seconds.toFixed(1)} s`,
      limit: `<= ${limits.payoutCreateSeconds} s`,
      pass: create.seconds <= limits.payoutCreateSeconds,
    });
  }
  // measurePayout fails the bench unless the payout took every line and the statement's totals matched it.
  rows.push({ target: 'payout amount and statement totals vs seeded lines', measured: 'exact', limit: 'exact', pass: true });
  for (const run of results.financialRollup.runs) {
    rows.push({
      target: `${run.label}, ${results.financialRollup.events} events, wall time`,
      measured: `${run.seconds.toFixed(1)} s`,
      limit: `<= ${limits.rollupDaySeconds} s`,
      pass: run.seconds <= limits.rollupDaySeconds,
    });
  }
  // measureFinancialRollup fails the bench unless every record equals the sums the seed was built with.
  rows.push({ target: 'financial rollup records vs seeded events', measured: 'exact', limit: 'exact', pass: true });
  // measureStorageReconcile fails the bench unless each run counted exactly the objects, bytes and items seeded.
  rows.push({ target: 'storage reconcile totals vs seeded objects and items', measured: 'exact', limit: 'exact', pass: true });
  const exports = results.export.runs;
  if (exports.length > 1) {
    const ratio = results.export.rssRatio;
    rows.push({
      target: `export peak RSS, ${exports[exports.length - 1]!.events} vs ${exports[0]!.events} events`,
      measured: `${ratio.toFixed(2)}x`,
      limit: `<= ${limits.exportRssRatio}x`,
      pass: ratio <= limits.exportRssRatio,
    });
  }
  rows.push({ target: 'Scan commands issued during the run', measured: String(results.scan.issued), limit: '0', pass: results.scan.issued === 0 });
  rows.push({
    target: 'ScanCommand in shared/ and functions/',
    measured: results.scan.references.length ? `${results.scan.references.length} lines` : 'none',
    limit: 'none',
    pass: results.scan.references.length === 0,
  });
  return rows;
}

export function render(results: BenchResults, verdictRows: TargetVerdict[]): string {
  const { settings } = results;
  const out: string[] = [...coldStartSection(results.coldStart)];

  out.push('');
  out.push(...latencySection(results, latencySettingsOf(settings)));

  out.push('');
  out.push(...overheadSection(
    results.metering,
    'Metering overhead (ms): /event/get with its usage meter fields on its request log line and without (the same handler built unmetered; both lines written to a file descriptor, as Lambda takes stdout)',
    settings.latencyWarmup,
  ));
  out.push('');
  out.push(...overheadSection(
    results.logging,
    'Logging overhead (ms): /event/get with its request log line and Embedded Metric Format metrics (written to a file descriptor, as Lambda takes stdout) and without',
    settings.latencyWarmup,
  ));

  out.push('');
  out.push(`Capacity per route call (ConsumedCapacity TOTAL as DynamoDB Local reports it; mean of ${settings.capacityCalls} sequential calls):`);
  out.push(
    table(
      ['route', 'commands', 'auth RCU', 'idem RCU', 'op RCU', 'op WCU', 'total RCU', 'total WCU', 'same every call'],
      results.capacity.map((result) => [
        result.label,
        result.commands,
        units(result.perCall.auth.rcu),
        units(result.perCall.idempotency.rcu),
        units(result.perCall.operation.rcu),
        units(result.perCall.operation.wcu),
        units(result.perCall.total.rcu),
        units(result.perCall.total.wcu),
        result.stable ? 'yes' : 'no',
      ]),
    ),
  );

  out.push(
    "  Note: DynamoDB Local's TransactWriteItems capacity is not always the per-item sum AWS bills (four equal 1-attribute items in one transaction report 2 WCU), so transaction WCU here are indicative.",
  );
  out.push(
    '  A failed command reports no capacity, so it counts 0 here: e.g. the conditional DeleteItem after a payment that leaves a balance owed, which AWS still bills as a write (at least 1 WCU).',
  );

  out.push('');
  out.push(...agingSection(results.aging));

  out.push('');
  const { payout } = results;
  out.push(
    `Commission payout: ${payout.lines} payable lines of one associate in one month (${payout.chargebacks} of them chargebacks), seeded with BatchWriteItem in ${payout.seedSeconds.toFixed(1)} s, netting USD ${payout.amount}. ` +
      'Created in one call, its statement paged through, then cancelled (which frees every line), each step metered (ConsumedCapacity TOTAL, the credential reads included).',
  );
  out.push(
    table(
      ['step', 'calls', 'commands', 'transactions', 'RCU', 'WCU', 'WCU per line', 's'],
      payout.steps.map((step) => [step.label, step.calls, step.commands, step.transactions, units(step.rcu), units(step.wcu), (step.wcu / payout.lines).toFixed(2), step.seconds.toFixed(2)]),
    ),
  );

  out.push('');
  const rollup = results.financialRollup;
  out.push(
    `Financial rollup: one organisation's day (${rollup.dt}) of ${rollup.events} ledger events (${rollup.placed} order.placed, ${rollup.cancelled} order.cancelled of them, ${rollup.tenders} tender.captured), ` +
      `seeded with BatchWriteItem in ${rollup.seedSeconds.toFixed(0)} s (event items and the day's active-org marker; no lineage links, which the rollup never reads). ` +
      'Run by the 02:00 schedule\'s function (finding the org on the active-org index), then re-run by the operator function, every command metered (ConsumedCapacity TOTAL).',
  );
  const perThousandEvents = (value: number) => ((value / rollup.events) * 1000).toFixed(2);
  out.push(
    table(
      ['run', 's', 'records', 'commands', 'items read', 'RCU', 'RCU / 1,000 events', 'WCU'],
      rollup.runs.map((run) => [
        run.label,
        run.seconds.toFixed(2),
        run.records,
        Object.entries(run.commands).map(([name, count]) => `${name} ${count}`).join(', '),
        run.itemsRead,
        units(run.rcu),
        perThousandEvents(run.rcu),
        units(run.wcu),
      ]),
    ),
  );

  out.push('');
  out.push(...storageReconcileSection(results.storageReconcile, settings));

  out.push('');
  const exported = results.export;
  out.push(
    `Export: the export worker's job (runBuildJob) for windows of ${exported.runs.map((run) => run.events).join(' and ')} events, ` +
      `EXPORT_BATCH_SIZE ${exported.batchSize}; ${exported.seededEvents} events seeded with BatchWriteItem in ${exported.seedSeconds.toFixed(0)} s (event items only). ` +
      'Each build, and each raw read, runs alone in a fresh node process (bench/exports/export-build-child.ts), so the peak RSS is its own; ' +
      'raw = the Query the build issued, replayed page by page with nothing written to S3.',
  );
  out.push(
    table(
      ['events', 'batches', 'MB written', 'build s', 'events/s', 'raw Query s', 'build/raw', 'RSS at start MB', 'peak RSS MB', 'peak heap MB', 'raw peak RSS MB'],
      exported.runs.map((run) => [
        run.events,
        run.build.batches,
        (run.build.bytes / 1e6).toFixed(1),
        run.build.seconds.toFixed(2),
        run.eventsPerSecond.toFixed(0),
        run.read.seconds.toFixed(2),
        run.buildOverRead.toFixed(2),
        run.build.rssBeforeMb.toFixed(1),
        run.build.maxRssMb.toFixed(1),
        run.build.heapUsedPeakMb.toFixed(1),
        run.read.maxRssMb.toFixed(1),
      ]),
    ),
  );
  out.push(
    `Peak RSS of the largest build / the smallest's: ${exported.rssRatio.toFixed(2)}x. RSS at start = the child with its modules loaded, before the job; ` +
      'peak heap = highest heapUsed sampled every 50 ms. events/s = events written to S3 per second of build. One run of each: read the ratios.',
  );
  const perThousand = exported.runs.map((run) => `${run.events}: ${((run.read.seconds / run.events) * 1e6).toFixed(0)} ms`);
  out.push(`  raw Query time per 1,000 events, ${perThousand.join(', ')} (flat if reading scales with the window).`);

  out.push('');
  const seen = Object.entries(results.scan.sharedClientCommands).map(([name, count]) => `${name} ${count}`).join(', ');
  out.push(`No Scan anywhere: ${results.scan.issued} Scan commands issued in the run (shared client saw ${seen});`);
  out.push(
    `  ScanCommand/paginateScan in shared/ and functions/: ${results.scan.references.length ? results.scan.references.join('; ') : 'none'}.`,
  );

  out.push('');
  out.push('Targets');
  out.push(table(['target', 'measured', 'limit', 'verdict'], verdictRows.map((row) => [row.target, row.measured, row.limit, row.pass ? 'PASS' : 'MISS'])));
  const missed = verdictRows.filter((row) => !row.pass).length;
  out.push(`${verdictRows.length - missed} PASS, ${missed} MISS`);
  return out.join('\n');
}

/** Writes everything measured, raw samples included, for later comparison. */
export function writeJson(file: string, results: BenchResults, verdictRows: TargetVerdict[]): void {
  mkdirSync(dirname(file), { recursive: true });
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version, platform: process.platform };
  writeFileSync(file, `${JSON.stringify({ finishedAt: new Date().toISOString(), machine, ...results, targets: verdictRows }, null, 2)}\n`);
}

function overheadSection(overhead: ChainOverhead, what: string, warmup: number): string[] {
  return [
    `${what}, ${overhead.calls} calls per side after ${warmup} warm-up, all sides interleaved in one loop; route = keep-alive HTTP POST to a local adapter serving both, handler = invoked in-process.`,
    table(
      ['side', 'p50 with', 'p50 without', 'x without', 'p99 with', 'p99 without'],
      [
        ['route', ms(overhead.route.with.p50), ms(overhead.route.without.p50), overhead.ratio.toFixed(2), ms(overhead.route.with.p99), ms(overhead.route.without.p99)],
        ['handler', ms(overhead.handler.with.p50), ms(overhead.handler.without.p50), overhead.handlerRatio.toFixed(2), ms(overhead.handler.with.p99), ms(overhead.handler.without.p99)],
      ],
    ),
  ];
}

function storageReconcileSection(reconcile: StorageReconcileBenchReport, settings: BenchSettings): string[] {
  const fixed = reconcile.runs.find((run) => run.holds === 'nothing');
  const unitsOf = (run: ReconcileBenchRun) => run.s3ListRequests + (run.commands.Query ?? 0);
  // What the seeded objects or items added to the run of an organisation holding nothing, per 1,000 of them.
  const perThousand = (run: ReconcileBenchRun, value: (run: ReconcileBenchRun) => number) =>
    fixed && run.size > 0 ? round(((value(run) - value(fixed)) / run.size) * 1000, 3) : '';
  return [
    `Storage reconcile: an organisation holding nothing but its caller's credential, one holding ${settings.reconcileObjects} objects in s3rver (two directly under orgs/<org>/, the rest under exports/ and attachments/), ` +
      `and one holding ${settings.reconcileItems} table items (events, each with its lineage link, and a day's usage meters), seeded directly in ${reconcile.seedSeconds.toFixed(0)} s. ` +
      `Each reconciled for that day with limit ${reconcile.limit} (units of work per call) until next_cursor is null, writing its records, after an untimed dry run; ` +
      "every S3 request and DynamoDB command metered (ConsumedCapacity TOTAL, the calls' credential reads included). " +
      'Per 1,000 = beyond the run of the organisation holding nothing (what every run costs: one listing, each item family read once), per 1,000 objects or items; ' +
      `units = S3 LIST requests + Queries, calls = units / ${reconcile.limit}.`,
    table(
      ['run', 'calls', 'S3 LIST', 'DynamoDB commands', 'RCU', 'WCU', 'records', 's', 'per 1,000: units', 'calls', 'RCU', 'WCU', 's'],
      reconcile.runs.map((run) => [
        run.label,
        run.calls,
        run.s3ListRequests,
        Object.entries(run.commands).map(([name, count]) => `${name} ${count}`).join(', '),
        units(run.rcu),
        units(run.wcu),
        run.usageRecords,
        run.seconds.toFixed(2),
        perThousand(run, unitsOf),
        perThousand(run, (measured) => unitsOf(measured) / reconcile.limit),
        perThousand(run, (measured) => measured.rcu),
        perThousand(run, (measured) => measured.wcu),
        perThousand(run, (measured) => measured.seconds),
      ]),
    ),
  ];
}

/** The aging report's targets: the whole paged report, today and as of a past day, against reading every invoice; totals exact. */
export function agingVerdicts(aging: AgingReport): TargetVerdict[] {
  const rows: TargetVerdict[] = [];
  for (const [read, when] of [[aging.aging, ''], [aging.pastAging, ` as of ${aging.pastDay}`]] as const) {
    const ratio = read.rcu / aging.everyInvoice.rcu;
    rows.push({
      target: `/ar/aging/report${when} RCU, ${aging.invoices} invoices, vs reading every invoice`,
      measured: `${ratio.toFixed(2)}x`,
      limit: `< ${limits.agingRcuRatio}x`,
      pass: ratio < limits.agingRcuRatio,
    });
  }
  // measureAgingReport fails the bench on any difference, so reaching here means they matched.
  rows.push({ target: '/ar/aging/report (today and as of the past day) and /ar/balance totals vs seeded balances', measured: 'exact', limit: 'exact', pass: true });
  return rows;
}

export function agingSection(aging: AgingReport): string[] {
  const perThousandInvoices = (rcu: number) => ((rcu / aging.invoices) * 1000).toFixed(2);
  const owed = (list: AgingReport['owed']) => list.map((entry) => `${entry.currency} ${entry.amount} (${entry.openInvoices} invoices)`).join(', ');
  return [
    `Aging report over pre-aggregated receivables: ${aging.invoices} open invoices of ${aging.customers} customers (${aging.currencies.join(', ')}) due over ${aging.dueDays} days, ${aging.payments} of them paid in part, ` +
      `seeded with BatchWriteItem in ${aging.seedSeconds.toFixed(0)} s: the invoice items, ${aging.aggregates} receivable aggregates (one per customer, currency and due day, as receivableWrites' ADD updates leave them), ` +
      `and the ${aging.laterChanges} statement entries of the changes counting after ${aging.pastDay} (invoices issued and payments received on ${aging.laterDays} later days). ` +
      `Each route paged with limit ${aging.limit} until next_token is null (aging as_of ${aging.asOf}, then as_of ${aging.pastDay}: today's aggregates less the later changes of each page's customers, a Query per later day and page), every command metered (ConsumedCapacity TOTAL, the credential reads included); ` +
      'every aggregate = the receivables partition read once, 1,000 a page (what the routes read, without their paging); ' +
      "every invoice = the org's active invoices read once from their list partition on the table, consistently, 1,000 a page: what a report without the aggregates would at least read.",
    table(
      ['read', 'calls', 'Query', 'items read', 'RCU', 'auth RCU', 'RCU / 1,000 invoices', 'x every invoice', 'wall s'],
      [aging.aging, aging.pastAging, aging.balance, aging.everyAggregate, aging.everyInvoice].map((read) => [
        read.label,
        read.calls || '-',
        read.queries,
        read.itemsRead,
        units(read.rcu),
        units(read.authRcu),
        perThousandInvoices(read.rcu),
        (read.rcu / aging.everyInvoice.rcu).toFixed(2),
        read.seconds.toFixed(2),
      ]),
    ),
    `  Owed: ${owed(aging.owed)}; on ${aging.pastDay}: ${owed(aging.owedOnPastDay)}. The routes' totals equal what the seeded invoices and payments add up to, to the minor unit (the aging report listed ${aging.customerRows} customer rows).`,
  ];
}
