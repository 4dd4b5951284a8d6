import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import type { UsageTotals } from './usage-totals';

/** One event of a CloudWatch Logs subscription batch: a line a function wrote. */
export interface LogEvent {
  id: string;
  timestamp: number;
  message: string;
}

/** Where a batch's lines were written: together with the events' ids, what names the batch. */
export interface LogSource {
  logGroup: string;
  logStream: string;
}

/** A subscription batch: the log events of one log stream. */
export interface LogBatch extends LogSource {
  logEvents: LogEvent[];
}

/** What calls add to a meter: every counter but deliveries, which no call makes. */
export type CallTotals = Pick<UsageTotals, 'api_calls' | 'records' | 'bandwidth_in_bytes' | 'bandwidth_out_bytes' | 'errors'>;

/** The meter a call counts on: its org, cost centre (`-` for none), surface (the route's path) and UTC day (`YYYY-MM-DD`). */
export interface MeterKey {
  orgcode: string;
  cccode: string;
  surface: string;
  day: string;
}

/** The calls of one batch on one meter, summed, with the ids of the log events they came from. */
export interface MeterIncrement {
  meter: MeterKey;
  totals: CallTotals;
  eventIds: string[];
}

const count = z.int().check(z.minimum(0));

/** A metered call's request line, as shared/http/request-log.ts writes it; every other field is ignored. */
const meteredRequestLine = z.object({
  message: z.literal('request'),
  orgcode: z.string().check(z.minLength(1)),
  route: z.string().check(z.minLength(1)),
  cccode: z.string().check(z.minLength(1)),
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  api_calls: z.literal(1),
  records: count,
  bandwidth_in_bytes: count,
  bandwidth_out_bytes: count,
  errors: count,
});

function parsedLine(message: string): z.output<typeof meteredRequestLine> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return undefined;
  }
  const parsed = meteredRequestLine.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The batch's calls summed per meter, in meter order (so the same batch always
 * gives the same increments), and how many events were no metered request
 * line: the subscription's filter passes only those, so any is a line written
 * by something else, which no retry could count.
 */
export function meterIncrements(events: readonly LogEvent[]): { increments: MeterIncrement[]; unreadable: number } {
  const byMeter = new Map<string, MeterIncrement>();
  let unreadable = 0;
  for (const event of events) {
    const line = parsedLine(event.message);
    if (!line) {
      unreadable += 1;
      continue;
    }
    const meter: MeterKey = { orgcode: line.orgcode, cccode: line.cccode, surface: line.route, day: line.day };
    const id = JSON.stringify([meter.orgcode, meter.day, meter.cccode, meter.surface]);
    let increment = byMeter.get(id);
    if (!increment) {
      increment = { meter, totals: { api_calls: 0, records: 0, bandwidth_in_bytes: 0, bandwidth_out_bytes: 0, errors: 0 }, eventIds: [] };
      byMeter.set(id, increment);
    }
    for (const name of Object.keys(increment.totals) as (keyof CallTotals)[]) increment.totals[name] += line[name];
    increment.eventIds.push(event.id);
  }
  const increments = [...byMeter.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, increment]) => increment);
  return { increments, unreadable };
}

/**
 * Meter updates per chunk: DynamoDB's 100 items per transaction, less the
 * chunk's marker.
 */
export const incrementsPerChunk = 99;

/** Increments applied together, in one transaction, with the marker that says they were. */
export interface MeterChunk {
  /** The same for the same events of the same log stream, however often they are delivered. */
  id: string;
  increments: MeterIncrement[];
}

/**
 * The increments in chunks of at most incrementsPerChunk, each named by a
 * SHA-256 of the log group, the log stream and the ids of the chunk's events
 * (CloudWatch Logs gives every event an id unique in its stream): a batch
 * delivered again makes the same chunks with the same ids.
 */
export function meterChunks(source: LogSource, increments: readonly MeterIncrement[]): MeterChunk[] {
  const chunks: MeterChunk[] = [];
  for (let start = 0; start < increments.length; start += incrementsPerChunk) {
    const part = increments.slice(start, start + incrementsPerChunk);
    const eventIds = part.flatMap((increment) => increment.eventIds).sort();
    const id = createHash('sha256').update(JSON.stringify([source.logGroup, source.logStream, eventIds])).digest('hex');
    chunks.push({ id, increments: part });
  }
  return chunks;
}
