import { performance } from 'node:perf_hooks';
import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { eventsForExport, listEvents } from '../../shared/db/events/event-repository';
import { eventsOfTypeIn } from '../../shared/db/rollups/financial-rollup-sources';
import * as keys from '../../shared/db/keys';
import type { RecordSelection } from '../../shared/domain/exports/export-record';
import { post } from '../../test/support/local-api';
import { CapacityMeter } from '../harness/capacity';
import { type BenchCaller, seedEvent, seedWindow } from '../harness/local-stack';
import type { TargetVerdict } from '../harness/verdict';
import { percentile } from '../harness/stats';

/**
 * What a small organisation pays for a ledger that can be sharded (issue 23,
 * section 2: "small organisations must not pay for it"). An organisation of
 * 100 events, never raised, is read by the code now (the repository
 * functions: the organisation's layout, loaded once a minute per process, then
 * the reads) and by the single Query each read would be without sharding (its
 * list partition on the table, read with ConsistentRead as every list is since
 * issue 37), issued through the same client, interleaved in one run: p50 time
 * and read units per call of an `/event/list` page, of an export's read of its
 * events, and of the financial rollup's ledger reads (its three event types).
 */

export const smallOrgEvents = 100;
/** The ratio of the code now to the unsharded reads it is held within. */
const maxRatio = 1.3;

interface Side {
  ms: number[];
  rcu: number;
}

export interface SmallOrgComparison {
  label: string;
  calls: number;
  now: { p50: number; rcuPerCall: number };
  unsharded: { p50: number; rcuPerCall: number };
}

const window = { from_utc: new Date(seedWindow.from_utc).toISOString(), to_utc: new Date(seedWindow.to_utc).toISOString() };
const listLimit = 50;
const rollupTypes = ['order.placed', 'tender.captured', 'order.cancelled'] as const;
const rollupAttributes = ['event_type', 'amount', 'tax_amount', 'channel_code', 'tax_jurisdiction_code', 'tax_components', 'source_refs'];

/** The events of a list partition on the table within the window (sort keys `<occurred_at>#<event_id>`), read consistently. */
const listPartition = (tableName: string, partition: string) => ({
  TableName: tableName,
  KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
  ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
  ExpressionAttributeValues: { ':pk': partition, ':from': window.from_utc, ':to': window.to_utc },
  ConsistentRead: true,
});

/** Every page of a Query, as the code without sharding would issue it: the loops of the export and the rollup, one `queryPage` round for a list page. */
async function queryPages(client: DynamoDBDocumentClient, input: QueryCommandInput, pages = Infinity): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  for (let page = 0; page < pages; page += 1) {
    const answer = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    startKey = answer.LastEvaluatedKey;
    if (!startKey) return;
  }
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _item of stream);
}

/** The reads compared: each side's work for one call. */
function comparisons(orgcode: string, client: DynamoDBDocumentClient, tableName: string) {
  const rollupProjection = {
    ProjectionExpression: rollupAttributes.map((_name, index) => `#a${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(rollupAttributes.map((name, index) => [`#a${index}`, name])),
  };
  const selection = (): RecordSelection => ({ export_kind: 'financial_events', format: 'jsonl', ...window, recorded_before: new Date().toISOString() });
  return [
    {
      label: `/event/list page of ${listLimit} (listEvents)`,
      now: () => listEvents(orgcode, window, listLimit),
      unsharded: () =>
        queryPages(
          client,
          {
            ...listPartition(tableName, keys.eventsByTime(orgcode)),
            Limit: listLimit,
          },
          1,
        ),
    },
    {
      label: `export's read of ${smallOrgEvents} events (eventsForExport)`,
      now: () => drain(eventsForExport(orgcode, selection())),
      unsharded: () =>
        queryPages(client, {
          ...listPartition(tableName, keys.eventsByTime(orgcode)),
          FilterExpression: '#recorded_at < :recorded_before',
          ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk', '#recorded_at': 'recorded_at' },
          ExpressionAttributeValues: { ':pk': keys.eventsByTime(orgcode), ':from': window.from_utc, ':to': window.to_utc, ':recorded_before': selection().recorded_before },
          Limit: 1000,
        }),
    },
    {
      label: `financial rollup's ledger reads, ${rollupTypes.length} types (eventsOfTypeIn)`,
      now: async () => {
        for (const type of rollupTypes) await drain(eventsOfTypeIn(orgcode, type, window));
      },
      unsharded: async () => {
        for (const type of rollupTypes) {
          const partition = listPartition(tableName, keys.eventsOfType(orgcode, type));
          await queryPages(client, {
            ...partition,
            ...rollupProjection,
            ExpressionAttributeNames: { ...partition.ExpressionAttributeNames, ...rollupProjection.ExpressionAttributeNames },
            Limit: 1000,
          });
        }
      },
    },
  ];
}

async function seed(caller: BenchCaller): Promise<void> {
  for (let index = 0; index < smallOrgEvents; index += 1) {
    const answer = await post('/event/record', seedEvent(caller.orgcode, index), caller.headers);
    if (answer.status !== 200) throw new Error(`seeding the small organisation: ${answer.status} ${answer.text}`);
  }
}

/**
 * Seeds `caller`'s organisation with 100 events, then runs each comparison
 * `calls` times after `warmup`, the two sides back to back in an order that
 * alternates, through `client` (the handlers' own), metered.
 */
export async function measureSmallOrg(options: {
  caller: BenchCaller;
  client: DynamoDBDocumentClient;
  tableName: string;
  calls: number;
  warmup: number;
}): Promise<SmallOrgComparison[]> {
  await seed(options.caller);
  const meter = new CapacityMeter().attach(options.client);
  try {
    return await compare(comparisons(options.caller.orgcode, options.client, options.tableName), meter, options.calls, options.warmup);
  } finally {
    meter.detach(options.client);
  }
}

async function compare(
  cases: ReturnType<typeof comparisons>,
  meter: CapacityMeter,
  calls: number,
  warmup: number,
): Promise<SmallOrgComparison[]> {
  const results: SmallOrgComparison[] = [];
  for (const comparison of cases) {
    const sides: Record<'now' | 'unsharded', Side> = { now: { ms: [], rcu: 0 }, unsharded: { ms: [], rcu: 0 } };
    for (let iteration = 0; iteration < warmup + calls; iteration += 1) {
      const order = iteration % 2 === 0 ? (['now', 'unsharded'] as const) : (['unsharded', 'now'] as const);
      for (const side of order) {
        meter.reset();
        const start = performance.now();
        await comparison[side]();
        const ms = performance.now() - start;
        if (iteration < warmup) continue;
        sides[side].ms.push(ms);
        sides[side].rcu += meter.commands().reduce((sum, command) => sum + command.rcu, 0);
      }
    }
    const summary = (side: Side) => ({ p50: percentile(side.ms, 50), rcuPerCall: side.rcu / calls });
    results.push({ label: comparison.label, calls, now: summary(sides.now), unsharded: summary(sides.unsharded) });
  }
  return results;
}

export function smallOrgLines(results: readonly SmallOrgComparison[]): string[] {
  const header = ['read', 'p50 now ms', 'p50 unsharded ms', 'ratio', 'RCU/call now', 'RCU/call unsharded', 'ratio'];
  const rows = results.map((result) => [
    result.label,
    result.now.p50.toFixed(2),
    result.unsharded.p50.toFixed(2),
    `${(result.now.p50 / result.unsharded.p50).toFixed(2)}x`,
    result.now.rcuPerCall.toFixed(2),
    result.unsharded.rcuPerCall.toFixed(2),
    `${(result.now.rcuPerCall / result.unsharded.rcuPerCall).toFixed(2)}x`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [
    `Small organisation (${smallOrgEvents} events, one shard): the code now (its layout loaded once a minute, then its reads) vs the single Query of its unsharded list partition per read, ` +
      `through the same client, ${results[0]?.calls ?? 0} interleaved calls each`,
    line(header),
    ...rows.map(line),
  ];
}

export function smallOrgVerdicts(results: readonly SmallOrgComparison[]): TargetVerdict[] {
  return results.flatMap((result) => [
    {
      target: `small organisation: ${result.label} p50, now vs unsharded`,
      measured: `${(result.now.p50 / result.unsharded.p50).toFixed(2)}x`,
      limit: `<= ${maxRatio}x`,
      pass: result.now.p50 / result.unsharded.p50 <= maxRatio,
    },
    {
      target: `small organisation: ${result.label} RCU per call, now vs unsharded`,
      measured: `${(result.now.rcuPerCall / result.unsharded.rcuPerCall).toFixed(2)}x`,
      limit: `<= ${maxRatio}x`,
      pass: result.now.rcuPerCall / result.unsharded.rcuPerCall <= maxRatio,
    },
  ]);
}
