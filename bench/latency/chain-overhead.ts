import { openSync, closeSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type HttpHandlerOptions, httpHandler } from '../../shared/http/http-handler';
import type { LambdaHandler } from '../../shared/local/lambda-environments';
import { startHttpApi } from '../../shared/local/http-api-server';
import { apiBasePath } from '../../shared/http/route-definition';
import { eventGetRoute } from '../../shared/routes/events/event-get.route';
import { type Spread, spread } from './latency';
import type { BenchCaller } from '../harness/local-stack';
import { type RouteResponse, httpCall } from '../harness/http-client';
import { inProcessCall } from './route-calls';
import { percentile } from '../harness/stats';

/** A part of the HTTP chain a handler can be built without, to measure what it costs. */
export type ChainFeature = keyof HttpHandlerOptions;

export interface ChainOverhead {
  feature: ChainFeature;
  calls: number;
  /** A keep-alive HTTP POST to a local adapter serving both handlers of `/event/get`. */
  route: { with: Spread; without: Spread };
  /** The same handlers invoked in-process: the overhead without the HTTP round trip to dilute it. */
  handler: { with: Spread; without: Spread };
  /** route p50 with the feature / route p50 without */
  ratio: number;
  handlerRatio: number;
}

type Side = 'withRoute' | 'withoutRoute' | 'withHandler' | 'withoutHandler';
const sides: Side[] = ['withRoute', 'withoutRoute', 'withHandler', 'withoutHandler'];
const withoutPath = '/event/get-without';

/**
 * Log lines go out as in Lambda (one write per line, to a file descriptor)
 * rather than to the bench's terminal: the local stack turns them off, so
 * `logged` would otherwise measure nothing, nor `metered`, whose whole cost on
 * the request path is the meter fields of the line.
 */
async function withLogLinesWritten<T>(work: () => Promise<T>): Promise<T> {
  const sink = openSync('/dev/null', 'w');
  const write = process.stdout.write;
  const previous = process.env.ACCOUNTING_LOG_LINES;
  process.stdout.write = ((chunk: string) => writeSync(sink, chunk) >= 0) as typeof process.stdout.write;
  process.env.ACCOUNTING_LOG_LINES = 'on';
  try {
    return await work();
  } finally {
    process.env.ACCOUNTING_LOG_LINES = previous;
    process.stdout.write = write;
    closeSync(sink);
  }
}

/**
 * `/event/get` with one feature of the chain and without it (the same route,
 * its handler built with the feature off), every side of one iteration back to
 * back, in an order that rotates and reverses between iterations, as
 * measureLatency does; the first `warmup` iterations are dropped.
 */
export async function measureChainOverhead(
  feature: ChainFeature,
  reader: BenchCaller,
  eventIds: readonly string[],
  calls: number,
  warmup: number,
): Promise<ChainOverhead> {
  // As the local servers call any handler: (event, context) only.
  const handlers: Record<'with' | 'without', LambdaHandler> = {
    with: httpHandler(eventGetRoute) as LambdaHandler,
    without: httpHandler(eventGetRoute, { [feature]: false }) as LambdaHandler,
  };
  const server = await startHttpApi({
    routes: [
      { path: eventGetRoute.path, name: 'with' },
      { path: withoutPath, name: 'without' },
    ],
    loadHandler: async (name) => handlers[name as keyof typeof handlers],
    basePath: apiBasePath,
    port: 0,
  });
  const samples = Object.fromEntries(sides.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
  const measure = async () => {
    for (let iteration = 0; iteration < warmup + calls; iteration += 1) {
      const request = { headers: reader.headers, body: { event_id: eventIds[iteration % eventIds.length] as string } };
      const prepared: Record<Side, () => Promise<RouteResponse>> = {
        withRoute: httpCall(server.url, eventGetRoute.path, request),
        withoutRoute: httpCall(server.url, withoutPath, request),
        withHandler: inProcessCall(handlers.with, eventGetRoute, request),
        withoutHandler: inProcessCall(handlers.without, eventGetRoute, request),
      };
      const rotation = iteration % sides.length;
      const order = [...sides.slice(rotation), ...sides.slice(0, rotation)];
      if (iteration % 2 === 1) order.reverse();
      for (const side of order) {
        const start = performance.now();
        const response = await prepared[side]();
        const ms = performance.now() - start;
        if (response.status !== 200) throw new Error(`/event/get (${side}) answered ${response.status}: ${response.text.slice(0, 300)}`);
        if (iteration >= warmup) samples[side].push(ms);
      }
    }
  };
  try {
    await withLogLinesWritten(measure);
  } finally {
    await server.close();
  }
  return {
    feature,
    calls,
    route: { with: spread(samples.withRoute), without: spread(samples.withoutRoute) },
    handler: { with: spread(samples.withHandler), without: spread(samples.withoutHandler) },
    ratio: percentile(samples.withRoute, 50) / percentile(samples.withoutRoute, 50),
    handlerRatio: percentile(samples.withHandler, 50) / percentile(samples.withoutHandler, 50),
  };
}
