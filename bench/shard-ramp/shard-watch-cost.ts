import { performance } from 'node:perf_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { unwatchShardedWrites, watchShardedWrites } from '../../shared/db/shard-watch';
import { post } from '../../test/support/local-api';
import { CapacityMeter } from '../harness/capacity';
import { type BenchCaller, seedEvent } from '../harness/local-stack';
import type { TargetVerdict } from '../harness/verdict';
import { percentile } from '../harness/stats';

/**
 * What the shard watch costs a small organisation (issue 31, item 1: at most
 * 1.3x today's cost per call, as issue 23 measured it): `/event/record` calls
 * of one organisation, never raised, through the real HTTP path, with the
 * watch on the service's client and without it (today's code), interleaved
 * in one run: p50 time and the units DynamoDB says each call consumed. The
 * calls come back to back, some 30 a second, more than a small organisation
 * makes: past 50 units of its ledger in 10 s the process adds its count to
 * the organisation's counter, which a small organisation never reaches.
 */

const maxRatio = 1.3;

export interface WatchCost {
  calls: number;
  watched: { p50: number; unitsPerCall: number; counterWrites: number };
  unwatched: { p50: number; unitsPerCall: number; counterWrites: number };
}

export async function measureWatchCost(options: { caller: BenchCaller; client: DynamoDBDocumentClient; calls: number; warmup: number }): Promise<WatchCost> {
  const { caller, client } = options;
  const sides = { watched: { ms: [] as number[], units: 0, counterWrites: 0 }, unwatched: { ms: [] as number[], units: 0, counterWrites: 0 } };
  const meter = new CapacityMeter().attach(client);
  let counterWrites = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      if (String((args.input as { Key?: { pk?: string } }).Key?.pk ?? '').endsWith('#SHARD_WATCH')) counterWrites += 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchCounterWrites' },
  );
  try {
    for (let iteration = 0; iteration < options.warmup + options.calls; iteration += 1) {
      const order = iteration % 2 === 0 ? (['watched', 'unwatched'] as const) : (['unwatched', 'watched'] as const);
      for (const side of order) {
        if (side === 'unwatched') unwatchShardedWrites(client);
        meter.reset();
        counterWrites = 0;
        const start = performance.now();
        const answer = await post('/event/record', seedEvent(caller.orgcode, iteration * 2 + (side === 'watched' ? 0 : 1)), caller.headers);
        const ms = performance.now() - start;
        if (side === 'unwatched') watchShardedWrites(client);
        if (answer.status !== 200) throw new Error(`/event/record: ${answer.status} ${answer.text}`);
        if (iteration < options.warmup) continue;
        sides[side].ms.push(ms);
        sides[side].units += meter.commands().reduce((sum, command) => sum + command.rcu + command.wcu, 0);
        sides[side].counterWrites += counterWrites;
      }
    }
  } finally {
    client.middlewareStack.remove('benchCounterWrites');
    meter.detach(client);
  }
  const summary = (side: (typeof sides)['watched']) => ({ p50: percentile(side.ms, 50), unitsPerCall: side.units / options.calls, counterWrites: side.counterWrites });
  return { calls: options.calls, watched: summary(sides.watched), unwatched: summary(sides.unwatched) };
}

const ratio = (now: number, today: number) => `${(now / today).toFixed(2)}x`;

export function watchCostLines(cost: WatchCost): string[] {
  return [
    `Small organisation (never raised): /event/record with the shard watch vs without (today), ${cost.calls} interleaved calls each, back to back`,
    `p50 ${cost.watched.p50.toFixed(2)} ms vs ${cost.unwatched.p50.toFixed(2)} ms (${ratio(cost.watched.p50, cost.unwatched.p50)}); ` +
      `units a call (RCU + WCU) ${cost.watched.unitsPerCall.toFixed(2)} vs ${cost.unwatched.unitsPerCall.toFixed(2)} (${ratio(cost.watched.unitsPerCall, cost.unwatched.unitsPerCall)}); ` +
      `counter writes ${cost.watched.counterWrites} in ${cost.calls} calls`,
  ];
}

export function watchCostVerdicts(cost: WatchCost): TargetVerdict[] {
  return [
    {
      target: 'small organisation: /event/record p50 with the shard watch vs without',
      measured: ratio(cost.watched.p50, cost.unwatched.p50),
      limit: `<= ${maxRatio}x`,
      pass: cost.watched.p50 / cost.unwatched.p50 <= maxRatio,
    },
    {
      target: 'small organisation: /event/record units per call with the shard watch vs without',
      measured: ratio(cost.watched.unitsPerCall, cost.unwatched.unitsPerCall),
      limit: `<= ${maxRatio}x`,
      pass: cost.watched.unitsPerCall / cost.unwatched.unitsPerCall <= maxRatio,
    },
  ];
}
