import { performance } from 'node:perf_hooks';
import { httpHandler } from '../shared/http/http-handler';
import type { LambdaHandler } from '../shared/local/handler-loader';
import { startHttpApi } from '../shared/local/http-api-server';
import { apiBasePath } from '../shared/routes/route-definition';
import { eventGetRoute } from '../shared/routes/events/event-get.route';
import { type Spread, spread } from './latency';
import type { BenchCaller } from './local-stack';
import { type RouteResponse, httpCall, inProcessCall } from './route-calls';
import { percentile } from './stats';

export interface MeteringOverhead {
  calls: number;
  /** A keep-alive HTTP POST to a local adapter serving both handlers of `/event/get`. */
  route: { metered: Spread; unmetered: Spread };
  /** The same handlers invoked in-process: the overhead without the HTTP round trip to dilute it. */
  handler: { metered: Spread; unmetered: Spread };
  /** route p50 metered / route p50 unmetered */
  ratio: number;
  handlerRatio: number;
}

type Side = 'meteredRoute' | 'unmeteredRoute' | 'meteredHandler' | 'unmeteredHandler';
const sides: Side[] = ['meteredRoute', 'unmeteredRoute', 'meteredHandler', 'unmeteredHandler'];
const unmeteredPath = '/event/get-unmetered';

/**
 * `/event/get` with its usage meter write and without (the same route, its
 * handler built with `metered: false`), every side of one iteration back to
 * back, in an order that rotates and reverses between iterations, as
 * measureLatency does; the first `warmup` iterations are dropped.
 */
export async function measureMeteringOverhead(
  reader: BenchCaller,
  eventIds: readonly string[],
  calls: number,
  warmup: number,
): Promise<MeteringOverhead> {
  // As the local servers call any handler: (event, context) only.
  const handlers: Record<'metered' | 'unmetered', LambdaHandler> = {
    metered: httpHandler(eventGetRoute) as LambdaHandler,
    unmetered: httpHandler(eventGetRoute, { metered: false }) as LambdaHandler,
  };
  const server = await startHttpApi({
    routes: [
      { path: eventGetRoute.path, name: 'metered' },
      { path: unmeteredPath, name: 'unmetered' },
    ],
    loadHandler: async (name) => handlers[name as keyof typeof handlers],
    basePath: apiBasePath,
    port: 0,
  });
  const samples = Object.fromEntries(sides.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
  try {
    for (let iteration = 0; iteration < warmup + calls; iteration += 1) {
      const request = { headers: reader.headers, body: { event_id: eventIds[iteration % eventIds.length] as string } };
      const prepared: Record<Side, () => Promise<RouteResponse>> = {
        meteredRoute: httpCall(server.url, eventGetRoute.path, request),
        unmeteredRoute: httpCall(server.url, unmeteredPath, request),
        meteredHandler: inProcessCall(handlers.metered, eventGetRoute, request),
        unmeteredHandler: inProcessCall(handlers.unmetered, eventGetRoute, request),
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
  } finally {
    await server.close();
  }
  return {
    calls,
    route: { metered: spread(samples.meteredRoute), unmetered: spread(samples.unmeteredRoute) },
    handler: { metered: spread(samples.meteredHandler), unmetered: spread(samples.unmeteredHandler) },
    ratio: percentile(samples.meteredRoute, 50) / percentile(samples.unmeteredRoute, 50),
    handlerRatio: percentile(samples.meteredHandler, 50) / percentile(samples.unmeteredHandler, 50),
  };
}
