import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CommandLog } from '../harness/command-log';
import { checkSeedBuilders, seedInvoicePool } from './invoice-seed';
import { type LatencyReport, type ParityResult, checkParity, isLeaseTake, measureLatency } from './latency';
import { type BenchStack, benchOrgcode } from '../harness/local-stack';
import type { TargetVerdict } from '../harness/verdict';
import { type Scenario, httpCall } from '../harness/http-client';
import { rawDocumentClient, recordBody, scenarios } from './route-calls';
import { ms, table } from '../harness/table';

/**
 * Every route's p50 and p99 over the raw DynamoDB calls it makes (issue 23, section 3), measured on
 * the route's handler invoked in-process: all of our code (chain, route, repositories) and none of
 * the local HTTP transport. Over HTTP, the local adapter's round trip, which stands in for API Gateway
 * and the Lambda service, is alone more than 15% of the fastest routes' raw calls here, so the
 * route's ratio over HTTP is printed beside it but judged by no target (docs/decisions.md: Performance).
 */
export const latencyLimits = { p50Ratio: 1.15, p99Ratio: 1.5 } as const;

export interface LatencySettings {
  calls: number;
  warmup: number;
  seedEvents: number;
  /** Open invoices seeded for /invoice/payment/apply beyond the latency loop's and the parity check's own. */
  extraPaymentInvoices: number;
}

export interface RouteLatency {
  parity: ParityResult[];
  latency: LatencyReport;
  /** The scenarios, with invoices left for `extraPaymentInvoices` more payment calls (the capacity section's). */
  calls: Scenario[];
  /** Takes of the shared allowance during the loop, over the route and handler calls made in it (null if a route issues UpdateItem of its own). */
  leaseTakes: { takes: number; calls: number };
  /** A document client of its own, for later sections' seeds. */
  seeder: DynamoDBDocumentClient;
  rawLog: CommandLog;
}

/** Every latency iteration pays one invoice per side (route, handler, raw); the parity check, four (a route and a raw call before the two it captures). */
export const paymentInvoicesOf = (settings: LatencySettings) => (settings.warmup + settings.calls) * 3 + 4 + settings.extraPaymentInvoices;

/**
 * The route latency section: records the template event, seeds the invoices
 * to pay, checks that each scenario's raw calls mirror its route (through
 * `shared`, the log on the handlers' client), then measures every side
 * interleaved in one loop.
 */
export async function measureRouteLatency(stack: BenchStack, shared: CommandLog, settings: LatencySettings, log: (line: string) => void): Promise<RouteLatency> {
  const raw = rawDocumentClient();
  const rawLog = new CommandLog('raw').attach(raw);
  const tableName = process.env.TABLE_NAME!;
  const { baseUrl } = stack.api;
  const template = await httpCall(baseUrl, '/event/record', { headers: stack.writer.headers, body: recordBody(stack.writer.orgcode) })();
  if (template.status !== 200) throw new Error(`recording the template event: ${template.status} ${template.text}`);
  const recordedEvent = JSON.parse(template.text).data.event;

  // A client of its own, so the raw client's command counts stay those of the raw calls.
  const seeder = rawDocumentClient();
  const paymentInvoices = paymentInvoicesOf(settings);
  log(`checking the seed's item builders, then seeding ${paymentInvoices} invoices to pay`);
  await checkSeedBuilders(seeder, tableName, benchOrgcode('BV'));
  const invoices = await seedInvoicePool(seeder, tableName, stack.writer.orgcode, paymentInvoices);
  const calls = scenarios({ stack, raw, tableName, recordedEvent, invoices });

  log(`checking the raw calls against the routes, then ${settings.calls} interleaved calls per side`);
  const parity = await checkParity(calls, baseUrl, shared, rawLog);
  // A route's own UpdateItems (a settled receivable set to expire) are not lease takes: the log tells them by key.
  const takes = shared.watch(isLeaseTake);
  const latency = await measureLatency(calls, baseUrl, settings.calls, settings.warmup);
  const leaseTakes = { takes: takes.count, calls: (settings.warmup + settings.calls) * calls.length * 2 };
  return { parity, latency, calls, seeder, rawLog, leaseTakes };
}

export function latencyVerdicts({ parity, latency }: Pick<RouteLatency, 'parity' | 'latency'>): TargetVerdict[] {
  const rows: TargetVerdict[] = parity.map((entry) => ({
    target: `${entry.label} raw calls mirror the route`,
    measured: entry.matches ? 'same commands' : 'differ',
    limit: 'same commands',
    pass: entry.matches,
  }));
  for (const route of latency.routes) {
    const handler = { p50: route.handler.p50 / route.raw.p50, p99: route.handler.p99 / route.raw.p99 };
    rows.push({ target: `${route.label} p50 handler vs raw`, measured: `${handler.p50.toFixed(2)}x`, limit: `<= ${latencyLimits.p50Ratio}x`, pass: handler.p50 <= latencyLimits.p50Ratio });
    rows.push({ target: `${route.label} p99 handler vs raw`, measured: `${handler.p99.toFixed(2)}x`, limit: `<= ${latencyLimits.p99Ratio}x`, pass: handler.p99 <= latencyLimits.p99Ratio });
  }
  return rows;
}

export function latencySection({ parity, latency, leaseTakes }: Pick<RouteLatency, 'parity' | 'latency' | 'leaseTakes'>, settings: LatencySettings): string[] {
  const parityOf = new Map(parity.map((entry) => [entry.label, entry]));
  const floor = latency.httpFloor;
  return [
    `Latency (ms): ${settings.calls} calls per side after ${settings.warmup} warm-up; ${settings.seedEvents} seeded events. ` +
      'handler = the route\'s handler invoked in-process with the event the local adapter builds; raw = the DynamoDB calls the route makes, issued directly; route = a keep-alive HTTP POST to the local adapter. All sides interleaved in one loop. ' +
      `Targets: handler/raw at most ${latencyLimits.p50Ratio}x at p50 and ${latencyLimits.p99Ratio}x at p99.`,
    table(
      ['route', 'p50 handler', 'p50 raw', 'handler/raw p50', 'p99 handler', 'p99 raw', 'handler/raw p99', 'raw calls (checked against the route)'],
      latency.routes.map((route) => {
        const entry = parityOf.get(route.label);
        return [
          route.label,
          ms(route.handler.p50),
          ms(route.raw.p50),
          `${(route.handler.p50 / route.raw.p50).toFixed(2)}x`,
          ms(route.handler.p99),
          ms(route.raw.p99),
          `${(route.handler.p99 / route.raw.p99).toFixed(2)}x`,
          entry ? `${entry.rawCommands.join(' + ')}${entry.matches ? '' : '  (DIFFERS from route)'}` : '',
        ];
      }),
    ),
    `Over HTTP, for reference (judged by no target): the local adapter's bare round trip (a POST it answers 404 without a handler) is p50 ${ms(floor.p50)}, p99 ${ms(floor.p99)}. ` +
      'CPU of this process per call, p50 in µs: what each side\'s code runs, without the waits on DynamoDB Local and for a core that wall time counts (the route\'s includes the HTTP client and the adapter, which share the process).',
    table(
      ['route', 'p50 route', 'route/raw p50', 'p99 route', 'route/raw p99', '(route - floor)/raw p50', 'CPU µs raw', 'CPU µs handler', 'CPU µs route'],
      latency.routes.map((route) => {
        const { cpuMicros: cpu } = route;
        const over = (micros: number) => `${micros.toFixed(0)} (+${(micros - cpu.raw).toFixed(0)})`;
        return [
          route.label,
          ms(route.route.p50),
          `${route.ratio.toFixed(2)}x`,
          ms(route.route.p99),
          `${(route.route.p99 / route.raw.p99).toFixed(2)}x`,
          `${((route.route.p50 - floor.p50) / route.raw.p50).toFixed(2)}x`,
          cpu.raw.toFixed(0),
          over(cpu.handler),
          over(cpu.route),
        ];
      }),
    ),
    `Per-organisation limit: ${parity.map((entry) => entry.leaseTakes).reduce((sum, takes) => sum + takes, 0)} lease takes in the captured parity calls (each after one uncaptured call); ` +
      `${leaseTakes.takes} in the loop's ${leaseTakes.calls} route and handler calls (${((leaseTakes.takes / leaseTakes.calls) * 100).toFixed(1)}%), each an UpdateItem sent beside a call; a call waits for one only when its environment holds no call of the organisation (its first, or after a second without calls).`,
    ...parity
      .filter((entry) => !entry.matches)
      .flatMap((entry) => [
        `  ${entry.label}: route issued ${entry.difference?.route ?? '(nothing)'}`,
        `  ${' '.repeat(entry.label.length)}  raw issued   ${entry.difference?.raw ?? '(nothing)'}`,
      ]),
  ];
}
