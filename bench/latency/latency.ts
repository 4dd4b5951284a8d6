import { performance } from 'node:perf_hooks';
import { apiBasePath } from '../../shared/http/route-definition';
import type { CommandLog, IssuedCommand } from '../harness/command-log';
import { postJson } from '../harness/http-client';
import { type RouteResponse, type Scenario, httpCall } from '../harness/http-client';
import { directCall } from './route-calls';
import { percentile } from '../harness/stats';

export interface Spread {
  p50: number;
  p99: number;
}

export interface LatencyResult {
  label: string;
  calls: number;
  /** A keep-alive HTTP POST to the local API Gateway adapter, which invokes the route's handler. */
  route: Spread;
  /** The route's handler invoked in-process with the event the adapter would build: the route without HTTP. */
  handler: Spread;
  /** The DynamoDB calls the route makes, issued directly with a document client. */
  raw: Spread;
  /** route p50 / raw p50 */
  ratio: number;
  /**
   * CPU time of this process per call, p50 in µs, on each side: what the call's code runs (the route side's
   * includes the HTTP client and adapter, which share the process), without the waits (on DynamoDB Local, and
   * for a core while other processes hold both) that wall time counts.
   */
  cpuMicros: { route: number; handler: number; raw: number };
}

export interface LatencyReport {
  routes: LatencyResult[];
  /** A POST the adapter answers 404 without invoking any handler: the HTTP round trip alone. */
  httpFloor: Spread;
}

export interface ParityResult {
  label: string;
  routeCommands: string[];
  rawCommands: string[];
  /** The raw sequence issues the same commands with the same parameters (ids and timestamps aside). */
  matches: boolean;
  /** The first pair of differing command signatures, when they differ. */
  difference?: { route: string | null; raw: string | null };
  /** Takes of the organisation's shared allowance the route issued beside its call (in the background once it holds a lease). */
  leaseTakes: number;
}

/** A take of an organisation's shared call allowance (shared/db/auth/org-rate-repository.ts), keyed ORG#<org>#ORG_RATE. */
export function isLeaseTake(command: IssuedCommand): boolean {
  const key = command.input.Key as { pk?: unknown } | undefined;
  return command.name === 'UpdateItem' && typeof key?.pk === 'string' && key.pk.endsWith('#ORG_RATE');
}

export const spread = (sample: number[]): Spread => ({ p50: percentile(sample, 50), p99: percentile(sample, 99) });

interface Timing {
  ms: number;
  cpuMicros: number;
}

async function timed(call: () => Promise<RouteResponse | void>, label: string): Promise<Timing> {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const response = await call();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  if (response && response.status !== 200) throw new Error(`${label} answered ${response.status}: ${response.text.slice(0, 300)}`);
  return { ms, cpuMicros: cpu.user + cpu.system };
}

function floorCall(baseUrl: string) {
  const url = `${baseUrl}${apiBasePath}/bench-http-floor`;
  return async (): Promise<void> => {
    const response = await postJson(url, {}, '{}');
    if (response.status !== 404) throw new Error(`the HTTP floor call answered ${response.status}`);
  };
}

type Side = 'route' | 'handler' | 'raw' | 'floor';
const sides: Side[] = ['route', 'handler', 'raw', 'floor'];

/**
 * p50/p99 of each route over HTTP, of its handler invoked directly, and of its
 * raw DynamoDB calls, plus the adapter's bare HTTP round trip. One loop
 * interleaves everything: every iteration makes each scenario's calls back to
 * back, in an order that rotates and reverses from one iteration to the next,
 * so drift on a noisy machine lands on every side of every ratio. The first
 * `warmup` iterations are dropped (handler import, JIT, connection pools).
 */
export async function measureLatency(
  scenarios: Scenario[],
  baseUrl: string,
  calls: number,
  warmup: number,
): Promise<LatencyReport> {
  const samples = scenarios.map(() => ({
    route: [] as number[],
    handler: [] as number[],
    raw: [] as number[],
    cpu: { route: [] as number[], handler: [] as number[], raw: [] as number[] },
  }));
  const floor: number[] = [];
  const floorOnce = floorCall(baseUrl);
  for (let iteration = 0; iteration < warmup + calls; iteration += 1) {
    for (let offset = 0; offset < scenarios.length; offset += 1) {
      const index = (iteration + offset) % scenarios.length;
      const scenario = scenarios[index] as Scenario;
      const rotation = (iteration + offset) % sides.length;
      const order = [...sides.slice(rotation), ...sides.slice(0, rotation)];
      if (iteration % 2 === 1) order.reverse();
      const times = {} as Record<Side, Timing>;
      for (const side of order) {
        if (side === 'route') times.route = await timed(httpCall(baseUrl, scenario.route.path, scenario.request()), scenario.label);
        if (side === 'handler') times.handler = await timed(await directCall(scenario.route, scenario.request()), scenario.label);
        if (side === 'raw') times.raw = await timed(scenario.prepareRaw(), scenario.label);
        if (side === 'floor') times.floor = await timed(floorOnce, 'HTTP floor');
      }
      if (iteration < warmup) continue;
      const slot = samples[index]!;
      for (const side of ['route', 'handler', 'raw'] as const) {
        slot[side].push(times[side].ms);
        slot.cpu[side].push(times[side].cpuMicros);
      }
      floor.push(times.floor.ms);
    }
  }
  return {
    routes: scenarios.map((scenario, index) => {
      const { route, handler, raw, cpu } = samples[index]!;
      return {
        label: scenario.label,
        calls,
        route: spread(route),
        handler: spread(handler),
        raw: spread(raw),
        ratio: percentile(route, 50) / percentile(raw, 50),
        cpuMicros: { route: percentile(cpu.route, 50), handler: percentile(cpu.handler, 50), raw: percentile(cpu.raw, 50) },
      };
    }),
    httpFloor: spread(floor),
  };
}

// Generated ids (events, payments, statement entries) and the seeded invoices and orders each call gets afresh.
const variableParts: Array<[RegExp, string]> = [
  [/\b(evt|pay|are|inv|ord)_[0-9A-HJKMNP-TV-Z]{26}/g, '$1_<id>'],
  [/bench-(route|raw)-\d+/g, 'bench-<key>'],
  // A settled receivable's expiry, in epoch seconds from the time of the call.
  [/":expires":\d+/g, '":expires":<epoch>'],
];

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value;
}

/** A written item compared by its key and attribute names; its values differ per call (ids, times, hashes). */
function putShape(put: Record<string, unknown>) {
  const item = (put.Item ?? {}) as Record<string, unknown>;
  const values = put.ExpressionAttributeValues as Record<string, unknown> | undefined;
  // removeUndefinedValues drops undefined attributes when marshalling, so they are not written.
  const attributes = Object.keys(item).filter((name) => item[name] !== undefined);
  return {
    ...put,
    Item: { pk: item.pk, sk: item.sk, attributes: attributes.sort() },
    ExpressionAttributeValues: values && Object.keys(values).sort(),
  };
}

export function commandSignature(command: IssuedCommand): string {
  let input: unknown = command.input;
  if (command.name === 'PutItem') input = putShape(command.input);
  if (command.name === 'TransactWriteItems') {
    const items = command.input.TransactItems as Array<Record<string, Record<string, unknown>>>;
    input = { TransactItems: items.map((item) => Object.fromEntries(Object.entries(item).map(([op, body]) => [op, putShape(body)]))) };
  }
  let text = `${command.name} ${JSON.stringify(stable(input))}`;
  for (const [pattern, replacement] of variableParts) text = text.replace(pattern, replacement);
  return text;
}

/**
 * Checks that each scenario's raw sequence issues what its route issues, by
 * capturing one call of each after one uncaptured call: the first call of an
 * organisation in an environment waits for its first lease of the shared
 * allowance, every later one spends from the lease and takes the next in the
 * background, so lease takes are counted apart from the route's own commands.
 */
export async function checkParity(
  scenarios: Scenario[],
  baseUrl: string,
  shared: CommandLog,
  raw: CommandLog,
): Promise<ParityResult[]> {
  const results: ParityResult[] = [];
  for (const scenario of scenarios) {
    for (const call of [httpCall(baseUrl, scenario.route.path, scenario.request()), scenario.prepareRaw()]) {
      const response = await call();
      if (response && response.status !== 200) throw new Error(`${scenario.label} answered ${response.status}: ${response.text}`);
    }
    const call = httpCall(baseUrl, scenario.route.path, scenario.request());
    const issued = await shared.capture(async () => {
      const response = await call();
      if (response.status !== 200) throw new Error(`${scenario.label} answered ${response.status}: ${response.text}`);
    });
    const routeIssued = issued.filter((command) => !isLeaseTake(command));
    const rawIssued = await raw.capture(scenario.prepareRaw());
    const routeSignatures = routeIssued.map(commandSignature);
    const rawSignatures = rawIssued.map(commandSignature);
    const at = routeSignatures.findIndex((signature, i) => signature !== rawSignatures[i]);
    const differs = at >= 0 || rawSignatures.length !== routeSignatures.length;
    const position = at >= 0 ? at : routeSignatures.length;
    results.push({
      label: scenario.label,
      routeCommands: routeIssued.map((command) => command.name),
      rawCommands: rawIssued.map((command) => command.name),
      matches: !differs,
      leaseTakes: issued.length - routeIssued.length,
      ...(differs && {
        difference: { route: routeSignatures[position] ?? null, raw: rawSignatures[position] ?? null },
      }),
    });
  }
  return results;
}
