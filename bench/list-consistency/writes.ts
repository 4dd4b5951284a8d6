import { performance } from 'node:perf_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routeByPath } from '../../shared/routes/registry';
import { percentile } from '../harness/stats';
import { type BilledWrites, billedWrites } from './billed-writes';
import { copyToMirror, createMirror, readItems } from './mirror';
import { type CommandRecorder, type Item, type SentCommand, differences, handlerCall, prepareReplay, readUnitsOf, writtenKeys } from './replay';
import { type WriteOrg, type WriteRoute, writeOrg, writeRoutes } from './write-routes';

/**
 * Each listed write route's calls, measured as bench/latency measures a route
 * against its raw calls, and what each call reads and bills. Every iteration
 * calls the route's handler in-process (the call whose commands are recorded)
 * and replays the previous call's commands on a raw client against the
 * mirror (replay.ts), in an order that alternates, so drift on a loaded
 * machine lands on both sides. Run on the code now and by before-child.ts on
 * f43b873's, which answers the same figures (its times unused).
 */

export interface WriteSettings {
  /** Measured calls a side per route. */
  calls: number;
  /** Iterations left out first (module loading, JIT, pools). */
  warmup: number;
}

export interface ReadUnits {
  /** The caller's credential. */
  auth: number;
  /** The idempotency key's stored answer, for a call that gives one. */
  idempotency: number;
  /** What the write itself reads: the record it changes, its list's state, the settle's read-backs before. */
  operation: number;
}

export interface WriteRouteResult {
  path: string;
  calls: number;
  /** ms of each measured call: the handler in-process, the replay of a call's commands. */
  handler: number[];
  raw: number[];
  /** CPU µs of this process, p50 a side: what each side's code ran, without the waits on DynamoDB Local and for a core. */
  cpuMicros: { handler: number; raw: number };
  /** One call's commands, by name. */
  commands: string;
  replayed: number;
  /** Replayed commands whose outcome or units were not the route's. */
  differing: number;
  /** Means per call. */
  rcu: ReadUnits;
  wcu: BilledWrites;
}

interface RouteCall {
  ms: number;
  cpuMicros: number;
  commands: SentCommand[];
  /** The items it wrote, as they are right after it. */
  after: Map<string, Item>;
}

const keysOf = (commands: readonly SentCommand[]) => commands.flatMap((command) => writtenKeys(command.name, command.input));

/** Read units by purpose. */
function readUnits(commands: readonly SentCommand[]): ReadUnits {
  const units: ReadUnits = { auth: 0, idempotency: 0, operation: 0 };
  for (const command of commands) {
    const pk = String((command.input.Key as Item | undefined)?.pk ?? '');
    units[pk.endsWith('#CREDENTIAL') ? 'auth' : pk.includes('#IDEMPOTENCY#') ? 'idempotency' : 'operation'] += readUnitsOf(command);
  }
  return units;
}

const micros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
const mean = <T extends object>(samples: readonly T[]): T =>
  Object.fromEntries(Object.keys(samples[0]!).map((name) => [name, samples.reduce((sum, sample) => sum + (sample as Record<string, number>)[name]!, 0) / samples.length])) as T;

async function measureRoute(options: {
  route: WriteRoute;
  request: (index: number) => Record<string, unknown>;
  org: WriteOrg;
  recorder: CommandRecorder;
  raw: DynamoDBDocumentClient;
  mirror: string;
  settings: WriteSettings;
}): Promise<WriteRouteResult> {
  const { route, request, recorder, raw, mirror, settings } = options;
  const definition = routeByPath(route.path);
  if (!definition) throw new Error(`no route ${route.path}`);
  const table = process.env.TABLE_NAME!;
  const callRoute = async (index: number): Promise<RouteCall> => {
    const invoke = await handlerCall(definition, options.org.caller.headers, request(index));
    const cpu = process.cpuUsage();
    const start = performance.now();
    const { answer, commands } = await recorder.call(invoke);
    const ms = performance.now() - start;
    const cpuMicros = micros(process.cpuUsage(cpu));
    if (answer.statusCode !== 200) throw new Error(`${route.path} answered ${answer.statusCode}: ${answer.body}`);
    await route.untilIdle?.(options.org, JSON.parse(answer.body!).data);
    return { ms, cpuMicros, commands, after: await readItems(raw, table, keysOf(commands)) };
  };
  const replayOnMirror = async (call: RouteCall) => {
    const before = await readItems(raw, mirror, keysOf(call.commands));
    const send = prepareReplay(raw, call.commands, mirror);
    const cpu = process.cpuUsage();
    const start = performance.now();
    const outcomes = await send();
    return { ms: performance.now() - start, cpuMicros: micros(process.cpuUsage(cpu)), outcomes, before };
  };

  const samples = { handler: [] as number[], raw: [] as number[], cpu: { handler: [] as number[], raw: [] as number[] }, reads: [] as ReadUnits[], writes: [] as BilledWrites[] };
  let replayed = 0;
  let differing = 0;
  let previous = await callRoute(0);
  for (let iteration = 1; iteration <= settings.warmup + settings.calls; iteration += 1) {
    let next: RouteCall | undefined;
    let mirrored: Awaited<ReturnType<typeof replayOnMirror>> | undefined;
    for (const side of iteration % 2 ? ['route', 'raw'] : ['raw', 'route']) {
      if (side === 'route') next = await callRoute(iteration);
      else mirrored = await replayOnMirror(previous);
    }
    if (iteration > settings.warmup) {
      samples.handler.push(next!.ms);
      samples.raw.push(mirrored!.ms);
      samples.cpu.handler.push(next!.cpuMicros);
      samples.cpu.raw.push(mirrored!.cpuMicros);
      replayed += previous.commands.length;
      differing += differences(previous.commands, mirrored!.outcomes);
      samples.reads.push(readUnits(previous.commands));
      samples.writes.push(billedWrites(previous.commands, mirrored!.before, previous.after));
    }
    previous = next!;
  }
  // The last call too, so the mirror holds what the table holds for the next route.
  await replayOnMirror(previous);
  return {
    path: route.path,
    calls: settings.calls,
    handler: samples.handler,
    raw: samples.raw,
    cpuMicros: { handler: percentile(samples.cpu.handler, 50), raw: percentile(samples.cpu.raw, 50) },
    commands: previous.commands.map((command) => command.name).join(' '),
    replayed,
    differing,
    rcu: mean(samples.reads),
    wcu: mean(samples.writes),
  };
}

/**
 * Seeds a fresh organisation `orgcode` with each route's subjects (through
 * the routes, watching every key written), copies what was written to a new
 * mirror table, then measures each route in turn.
 */
export async function measureWrites(options: {
  orgcode: string;
  recorder: CommandRecorder;
  raw: DynamoDBDocumentClient;
  settings: WriteSettings;
  log: (line: string) => void;
}): Promise<WriteRouteResult[]> {
  const { recorder, raw, settings, log } = options;
  const subjects = settings.warmup + settings.calls + 1;
  const requests = new Map<WriteRoute, (index: number) => Record<string, unknown>>();
  let org: WriteOrg | undefined;
  log(`list consistency: seeding ${subjects} subjects for each of ${writeRoutes.length} write routes`);
  const written = await recorder.watchWrites(async () => {
    org = await writeOrg(options.orgcode);
    for (const route of writeRoutes) requests.set(route, await route.prepare(org, subjects));
  });
  const mirror = await createMirror();
  log(`list consistency: ${await copyToMirror(raw, mirror, written)} seeded items copied to the mirror table ${mirror}`);
  const results: WriteRouteResult[] = [];
  for (const route of writeRoutes) {
    log(`list consistency: ${route.path}, ${settings.calls} calls a side after ${settings.warmup} warm-up`);
    results.push(await measureRoute({ route, request: requests.get(route)!, org: org!, recorder, raw, mirror, settings }));
  }
  return results;
}
