import { performance } from 'node:perf_hooks';
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dayMarkerItem } from '../../shared/db/active-days';
import { dynamo } from '../../shared/db/client';
import { eventRecordPuts } from '../../shared/db/events/event-repository';
import type { AccountingEvent } from '../../shared/domain/events/accounting-event';
import { unsharded } from '../../shared/db/shard-layout';
import { findFinancialRollup } from '../../shared/db/rollups/financial-rollup-repository';
import * as keys from '../../shared/db/keys';
import { orderCancelledEvent, orderPlacedEvent, tenderCapturedEvent } from '../../shared/domain/ledger/ledger-events';
import { orderCancelledDetail, orderPlacedDetail, tenderCapturedDetail } from '../../shared/domain/receivables/incoming-events';
import type { FinancialDimension } from '../../shared/domain/rollups/financial-rollup';
import { dayWindow } from '../../shared/domain/rollups/rollup-days';
import type { FinancialRollupRun } from '../../shared/rollups/financial-rollup';
import { invokeOperator, runScheduled } from '../../test/support/local-api';
import { batchPutAll } from '../harness/batch-write';
import { CapacityMeter } from '../harness/capacity';

/** One run of the rollup over the seeded day, every DynamoDB command metered. */
export interface MeteredRollup {
  label: string;
  seconds: number;
  /** Commands by name, e.g. `{ Query: 101, BatchGetItem: 50, UpdateItem: 30 }`. */
  commands: Record<string, number>;
  itemsRead: number;
  rcu: number;
  wcu: number;
  records: number;
}

export interface FinancialRollupBenchReport {
  dt: string;
  events: number;
  placed: number;
  cancelled: number;
  tenders: number;
  seedSeconds: number;
  runs: MeteredRollup[];
}

/** A past day no other section writes events on. */
const dt = '2025-10-15';
const channels = ['web_store', 'pos', 'kiosk', 'phone', 'marketplace', 'mobile_app', 'call_centre', 'pop_up'];
const jurisdictions = Array.from({ length: 20 }, (_, index) => `US-J${String(index).padStart(2, '0')}`);
const methods = ['card', 'cash', 'gift_card', 'store_credit', 'bank_transfer', 'other'] as const;

/** The day's share of each kind: seven in ten events are orders, one in twenty a cancellation of one of them, the rest tenders. */
function mix(events: number) {
  const cancelled = Math.floor(events / 20);
  const placed = Math.floor((events * 7) / 10);
  return { placed, cancelled, tenders: events - placed - cancelled };
}

const instantOf = (index: number, of: number) => new Date(Date.parse(dayWindow(dt).from_utc) + Math.floor((index * 86_400_000) / of)).toISOString();
const orderCents = (index: number) => 500 + ((index * 7919) % 50_000);
const taxCents = (index: number) => Math.floor(orderCents(index) / 12);
const currencyOf = (index: number) => (index % 10 === 9 ? 'EUR' : 'USD');

/** Sums the bench expects, in cents: `dimension|value|currency` → count, amount, tax. */
type Expected = Map<string, { count: number; amount: number; tax: number }>;

function addExpected(expected: Expected, dimension: FinancialDimension, value: string, currency: string, count: number, amount: number, tax: number) {
  const key = `${dimension}|${value}|${currency}`;
  const sum = expected.get(key) ?? { count: 0, amount: 0, tax: 0 };
  expected.set(key, { count: sum.count + count, amount: sum.amount + amount, tax: sum.tax + tax });
}

/**
 * An event's items as the ledger's consumers store them (the repository's own
 * builder): the event and its copies in the ledger by time and in the ledger of
 * its type, which the rollup reads (its lineage links, which the rollup never
 * reads, left out). The org is never raised: one shard.
 */
const eventWithCopies = (event: AccountingEvent) =>
  eventRecordPuts(event, unsharded)
    .map((put) => put.item)
    .filter((item) => item.record_type === 'event');

/**
 * The day's events, each with its copies in its lists (eventWithCopies), the
 * day's active-org marker first, made lazily; `expected` gathers the sums as
 * they go.
 */
function* seedItems(orgcode: string, events: number, expected: Expected): Generator<Record<string, unknown>> {
  const now = new Date();
  const { placed, cancelled, tenders } = mix(events);
  yield dayMarkerItem('ledger', orgcode, dt);
  for (let index = 0; index < placed; index += 1) {
    const [total, tax, currency] = [orderCents(index), taxCents(index), currencyOf(index)];
    const [channel, jurisdiction] = [channels[index % channels.length]!, jurisdictions[index % jurisdictions.length]!];
    const detail = orderPlacedDetail.parse({
      orgcode,
      order_id: `ord_${index}`,
      customer_id: `cust_${index % 500}`,
      placed_at: instantOf(index, placed),
      currency,
      lines: [{ sku: 'SKU-1', quantity: 1, unit_amount: (total - tax) / 100, tax_amount: tax / 100 }],
      subtotal: (total - tax) / 100,
      tax_total: tax / 100,
      total: total / 100,
      channel_code: channel,
      tax_jurisdiction_code: jurisdiction,
    });
    yield* eventWithCopies(orderPlacedEvent(detail, now));
    const sign = index < cancelled ? 0 : 1;
    addExpected(expected, 'sales', channel, currency, sign, sign * total, sign * tax);
    addExpected(expected, 'tax', jurisdiction, currency, sign, sign * total, sign * tax);
  }
  for (let index = 0; index < cancelled; index += 1) {
    const detail = orderCancelledDetail.parse({ orgcode, order_id: `ord_${index}`, cancelled_at: instantOf(index, cancelled) });
    yield* eventWithCopies(orderCancelledEvent(detail, now));
  }
  for (let index = 0; index < tenders; index += 1) {
    const method = methods[index % methods.length]!;
    const [amount, currency] = [orderCents(index + 1), currencyOf(index)];
    const detail = tenderCapturedDetail.parse({
      orgcode,
      tender_id: `tnd_${index}`,
      order_id: `ord_${index}`,
      amount: { currency, amount: amount / 100 },
      method,
      captured_at: instantOf(index, tenders),
    });
    yield* eventWithCopies(tenderCapturedEvent(detail, now));
    addExpected(expected, 'tender', method, currency, 1, amount, 0);
  }
}

/**
 * Pages once through the day's events of each type (the ledger of the type, on the table, read consistently as the
 * rollup reads it), untimed: DynamoDB Local's first Query of a freshly loaded partition is far slower than any later one.
 */
async function warmUp(client: DynamoDBDocumentClient, table: string, orgcode: string): Promise<void> {
  const window = dayWindow(dt);
  for (const eventType of ['order.placed', 'order.cancelled', 'tender.captured']) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': keys.eventsOfType(orgcode, eventType), ':from': window.from_utc, ':to': window.to_utc },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}

async function metered(meter: CapacityMeter, label: string, run: () => Promise<FinancialRollupRun>): Promise<MeteredRollup> {
  meter.reset();
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const commands: Record<string, number> = {};
  for (const command of meter.commands()) commands[command.name] = (commands[command.name] ?? 0) + 1;
  const sum = (field: 'rcu' | 'wcu' | 'itemsRead') => meter.commands().reduce((total, command) => total + command[field], 0);
  const [day] = result.days;
  if (result.days.length !== 1 || day?.orgs !== 1) throw new Error(`${label}: expected one org on ${dt}, got ${JSON.stringify(result.days)}`);
  return { label, seconds, commands, itemsRead: sum('itemsRead'), rcu: sum('rcu'), wcu: sum('wcu'), records: day.records };
}

/** Fails the bench unless the run wrote one record per value and each holds exactly the sums the seed was built with. */
async function checkFigures(orgcode: string, expected: Expected, records: number): Promise<void> {
  const byValue = new Map<string, Array<{ currency: string; count: number; amount: number; tax_amount: number }>>();
  for (const [key, sum] of expected) {
    const [dimension, value, currency] = key.split('|') as [string, string, string];
    if (sum.count === 0 && sum.amount === 0 && sum.tax === 0) continue;
    const metrics = byValue.get(`${dimension}|${value}`) ?? [];
    metrics.push({ currency, count: sum.count, amount: sum.amount / 100, tax_amount: sum.tax / 100 });
    byValue.set(`${dimension}|${value}`, metrics);
  }
  if (byValue.size !== records) throw new Error(`the rollup wrote ${records} records, the seed has ${byValue.size} values`);
  for (const [key, metrics] of byValue) {
    const [dimension, value] = key.split('|') as [FinancialDimension, string];
    const record = await findFinancialRollup(orgcode, dt, dimension, value);
    // The table keeps no attribute order within a map: compare the fields in one order.
    const held = JSON.stringify(record?.metrics.map(({ currency, count, amount, tax_amount }) => ({ currency, count, amount, tax_amount })));
    const wanted = JSON.stringify(metrics.sort((a, b) => (a.currency < b.currency ? -1 : 1)));
    if (held !== wanted) throw new Error(`${key}: the rollup holds ${held}, the seed adds up to ${wanted}`);
  }
}

export interface FinancialRollupBenchOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  orgcode: string;
  events: number;
  log: (line: string) => void;
}

/**
 * The daily financial rollup of one organisation's day of `events` ledger
 * events, seeded straight into the table: first as the 02:00 schedule runs it
 * (its background function, finding the org through the active-org index),
 * then re-run by the operator function, each metered; the records are then
 * checked against the sums the seed was built with.
 */
export async function measureFinancialRollup(options: FinancialRollupBenchOptions): Promise<FinancialRollupBenchReport> {
  const { client, tableName, orgcode, events, log } = options;
  const expected: Expected = new Map();
  const seedStarted = performance.now();
  const items = await batchPutAll(client, tableName, seedItems(orgcode, events, expected));
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(`seeded ${events} events of ${dt} (${items} items: each event and its two copies, the day's marker) in ${seedSeconds.toFixed(0)} s; rolling the day up`);
  await warmUp(client, tableName, orgcode);

  const meter = new CapacityMeter().attach(dynamo());
  try {
    const scheduled = await metered(meter, 'daily-financial-rollup (the 02:00 run)', () =>
      runScheduled<FinancialRollupRun>('daily-financial-rollup', new Date(`${dayWindow(dt).to_utc.slice(0, 10)}T02:00:00Z`)),
    );
    log(`first run ${scheduled.seconds.toFixed(1)} s; re-running it`);
    const rerun = await metered(meter, 'financial-rollup-admin run (re-run)', () =>
      invokeOperator<FinancialRollupRun>('financial-rollup-admin', { action: 'run', dt, orgcode }),
    );
    await checkFigures(orgcode, expected, rerun.records);
    return { dt, events, ...mix(events), seedSeconds, runs: [scheduled, rerun] };
  } finally {
    meter.detach(dynamo());
  }
}
