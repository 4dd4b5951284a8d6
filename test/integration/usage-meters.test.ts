import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { type MeterTotals, meterShards, readDayMeters } from '../../shared/db/usage/usage-meter-repository';
import { logSubscriptionEvent } from '../../shared/lambda/log-subscription-handler';
import { redriveDeadLetter } from '../../shared/operators/dead-letter-redrive';
import { usageMeterAggregatorFunction } from '../../shared/routes/consumer-registry';
import { everyDeadLetter, useDeadLetterQueue } from '../support/dead-letter-queue';
import { eventRequest } from '../support/fixtures/events';
import { createOrg, useStack } from '../support/harness';
import { type HttpResult, flushMeters, invokeOperator, post } from '../support/local-api';
import { meteredCostCentre, meteredRequestLine } from '../support/fixtures/request-lines';

/**
 * Usage meters (docs/decisions.md: Usage meters): every call's request log
 * line carries what it adds, and the usage meter aggregator adds the lines up
 * from the log subscription, so a test flushes the subscription before it
 * reads a meter.
 */

const stack = useStack();
const deadLetterQueue = useDeadLetterQueue(stack);

const costCentre = meteredCostCentre;

interface Org {
  orgcode: string;
  headers: Record<string, string>;
}

/** A new organisation and its owner's headers, calling under the cost centre. */
async function anOrg(prefix: string): Promise<Org> {
  const org = await createOrg(prefix, { owner: { owner: true, actor: 'tester' } });
  return { orgcode: org.orgcode, headers: { ...org.headers.owner, 'x-cccode': costCentre } };
}

/** An event recorded under the meter, without an amount. */
const meteredEvent = (org: Org, extra: Record<string, unknown> = {}) =>
  eventRequest(org.orgcode, { amount: undefined, reason: 'metered', request_context: { orgcode: org.orgcode, actor: 'tester', context_source: 'api_key' }, ...extra });

/** What the test expects on one meter, summed from the calls it made and the answers it got. */
class Expected {
  readonly totals: MeterTotals = { api_calls: 0, records: 0, deliveries: 0, bandwidth_in_bytes: 0, bandwidth_out_bytes: 0, errors: 0 };
  readonly days = new Set<string>();

  async call(path: string, body: unknown, headers: Record<string, string>, counts: { records?: number } = {}): Promise<HttpResult> {
    const response = await post(path, body, headers);
    this.totals.api_calls += 1;
    this.totals.records += counts.records ?? 0;
    this.totals.bandwidth_in_bytes += Buffer.byteLength(JSON.stringify(body), 'utf8');
    this.totals.bandwidth_out_bytes += Buffer.byteLength(response.text, 'utf8');
    this.totals.errors += response.status >= 400 ? 1 : 0;
    this.days.add(response.body.stats.timestamp_utc.slice(0, 10));
    return response;
  }
}

/** The org's meter of one surface and cost centre, summed over every day its calls fell on. */
async function meterTotals(orgcode: string, surface: string, days: Iterable<string>): Promise<MeterTotals | undefined> {
  let summed: MeterTotals | undefined;
  for (const day of days) {
    const meter = (await readDayMeters(orgcode, day)).find((entry) => entry.surface === surface && entry.cccode === costCentre);
    if (!meter) continue;
    summed ??= { api_calls: 0, records: 0, deliveries: 0, bandwidth_in_bytes: 0, bandwidth_out_bytes: 0, errors: 0 };
    for (const [name, value] of Object.entries(meter.totals)) summed[name as keyof MeterTotals] += value;
  }
  return summed;
}

/** The meter once every call answered so far has reached the aggregator and been added up. */
async function flushedMeter(orgcode: string, surface: string, expected: Expected): Promise<MeterTotals | undefined> {
  await flushMeters();
  return meterTotals(orgcode, surface, expected.days);
}

async function recordEvent(org: Org, expected: Expected, extra: Record<string, unknown> = {}) {
  const response = await expected.call('/event/record', meteredEvent(org, extra), org.headers, { records: 1 });
  expect(response.status).toBe(200);
  return response.body.data.event.event_id as string;
}

/** The answer without what differs on every call: its request id and the instant it was received. */
function answerOf(response: HttpResult) {
  const { stats, error, ...rest } = response.body;
  const { request_id: _requestId, timestamp_utc: _receivedAt, ...steadyStats } = stats;
  const steadyError = error && (({ request_id: _id, trace_id: _trace, ...kept }) => kept)(error);
  return { status: response.status, body: { ...rest, ...(steadyError && { error: steadyError }), stats: steadyStats } };
}

/** Fails the aggregator's meter writes only (its chunk transactions); every call's own commands go through. */
function failingMeterWrites(): () => void {
  const name = 'injected-meter-fault';
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand' && JSON.stringify(args.input).includes('#USAGE_METER#')) {
        throw new Error('meter table unavailable (injected)');
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => dynamo().middlewareStack.remove(name);
}

describe('per-call usage meters', () => {
  it('count 200 concurrent calls of one org exactly, with their bytes, over more than one shard, and no other org', async () => {
    const busy = await anOrg('MTR');
    const other = await anOrg('MTO');
    const busyGets = new Expected();
    const otherGets = new Expected();
    const busyRecords = new Expected();
    const eventId = await recordEvent(busy, busyRecords);
    const otherEventId = await recordEvent(other, new Expected());

    const answers = await Promise.all([
      ...Array.from({ length: 200 }, () => busyGets.call('/event/get', { event_id: eventId }, busy.headers)),
      ...Array.from({ length: 3 }, () => otherGets.call('/event/get', { event_id: otherEventId }, other.headers)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    expect(await flushedMeter(busy.orgcode, '/event/get', busyGets)).toEqual({ ...busyGets.totals, api_calls: 200 });
    expect(await flushedMeter(other.orgcode, '/event/get', otherGets)).toEqual({ ...otherGets.totals, api_calls: 3 });
    expect(await flushedMeter(busy.orgcode, '/event/record', busyRecords)).toEqual({ ...busyRecords.totals, api_calls: 1, records: 1 });

    const shardsUsed: number[] = [];
    for (const day of busyGets.days) {
      for (let shard = 0; shard < meterShards; shard += 1) {
        const { Item } = await dynamo().send(
          new GetCommand({ TableName: tableName(), Key: keys.usageMeter(busy.orgcode, day, shard, costCentre, '/event/get'), ConsistentRead: true }),
        );
        if (Item) shardsUsed.push(Item.api_calls);
      }
    }
    expect(shardsUsed.length).toBeGreaterThan(1);
  });

  it('count errors for 4xx answers, and leave calls refused before a caller is established unmetered', async () => {
    const org = await anOrg('MTE');
    const gets = new Expected();
    expect((await gets.call('/event/get', { event_id: 'evt_missing' }, org.headers)).status).toBe(404);
    expect((await gets.call('/event/get', { event_id: 'has space' }, org.headers)).status).toBe(400);
    expect((await gets.call('/event/get', { event_id: 'evt_missing', unknown_field: 1 }, org.headers)).status).toBe(400);

    // A forged credential naming the org is no caller of it: not metered, to this org or any.
    const forged = await post('/event/get', { event_id: 'evt_missing' }, { ...org.headers, 'x-api-key': 'ak_forged' });
    expect(forged.status).toBe(401);
    const unmetered = await anOrg('MTU');
    const refused = await post('/event/get', { event_id: 'evt_missing' }, { ...unmetered.headers, 'x-api-key': 'ak_forged' });
    expect(refused.status).toBe(401);

    expect(await flushedMeter(org.orgcode, '/event/get', gets)).toEqual({ ...gets.totals, api_calls: 3, errors: 3 });
    expect(await readDayMeters(unmetered.orgcode, refused.body.stats.timestamp_utc.slice(0, 10))).toEqual([]);
  });

  it('count an idempotent replay as a call, not as a record created', async () => {
    const org = await anOrg('MTI');
    const records = new Expected();
    const first = await recordEvent(org, records, { idempotency_key: 'metered-once' });
    const replay = await records.call('/event/record', meteredEvent(org, { idempotency_key: 'metered-once' }), org.headers);
    expect(replay.body.data.event.event_id).toBe(first);
    expect(await flushedMeter(org.orgcode, '/event/record', records)).toEqual({ ...records.totals, api_calls: 2, records: 1 });
  });

  it('leave every answer identical when the aggregator fails to write the meters (injected), and count the calls once its batch is redriven', async () => {
    const org = await anOrg('MTF');
    const eventId = await recordEvent(org, new Expected());
    await flushMeters();
    const counted = new Expected();
    const found = await counted.call('/event/get', { event_id: eventId }, org.headers);
    const missing = await counted.call('/event/get', { event_id: 'evt_missing' }, org.headers);
    await flushMeters();

    const failedBefore = new Set((await everyDeadLetter(deadLetterQueue.queue)).map((deadLetter) => deadLetter.id));
    const restore = failingMeterWrites();
    const unmetered = new Expected();
    let foundWithoutMeter: HttpResult;
    let missingWithoutMeter: HttpResult;
    try {
      foundWithoutMeter = await unmetered.call('/event/get', { event_id: eventId }, org.headers);
      missingWithoutMeter = await unmetered.call('/event/get', { event_id: 'evt_missing' }, org.headers);
      // Lambda's retries fail too: the batch goes to the dead-letter queue.
      await flushMeters();
    } finally {
      restore();
    }
    expect(answerOf(foundWithoutMeter)).toEqual(answerOf(found));
    expect(answerOf(missingWithoutMeter)).toEqual(answerOf(missing));
    // The failed batch counted nothing; the calls before it still count.
    expect(await flushedMeter(org.orgcode, '/event/get', counted)).toEqual({ ...counted.totals, api_calls: 2, errors: 1 });

    // The two calls' log lines reach the aggregator in one batch, or in two when the machine is slow between them.
    const failed = (await everyDeadLetter(deadLetterQueue.queue)).filter((deadLetter) => !failedBefore.has(deadLetter.id));
    expect(failed.length).toBeGreaterThanOrEqual(1);
    for (const deadLetter of failed) {
      expect(deadLetter).toMatchObject({ consumer: usageMeterAggregatorFunction.name, arrived_by: 'consumer', error_message: 'meter table unavailable (injected)' });
      expect(await redriveDeadLetter(deadLetterQueue.queue, deadLetter.id)).toMatchObject({ outcome: 'redriven' });
    }
    const both = { ...counted.totals };
    for (const [name, value] of Object.entries(unmetered.totals)) both[name as keyof MeterTotals] += value;
    expect(await flushedMeter(org.orgcode, '/event/get', counted)).toEqual({ ...both, api_calls: 4, errors: 2 });
  });

  it('count a log batch delivered twice once', async () => {
    const org = await anOrg('MTD');
    const day = new Date().toISOString().slice(0, 10);
    const batch = logSubscriptionEvent({
      logGroup: '/aws/lambda/event-get',
      logStream: `2026/11/23/[$LATEST]${org.orgcode}`,
      logEvents: Array.from({ length: 150 }, (_, index) => ({ id: `${org.orgcode}-${index}`, timestamp: Date.now(), message: JSON.stringify(meteredRequestLine(org.orgcode, day)) })),
    });
    const once = { api_calls: 150, records: 0, deliveries: 0, bandwidth_in_bytes: 150 * 30, bandwidth_out_bytes: 150 * 700, errors: 0 };

    expect(await invokeOperator(usageMeterAggregatorFunction.name, batch)).toEqual({
      metered_lines: 150,
      unreadable_lines: 0,
      chunks_applied: 1,
      chunks_already_applied: 0,
      late_org_days: 0,
    });
    expect(await invokeOperator(usageMeterAggregatorFunction.name, batch)).toEqual({
      metered_lines: 150,
      unreadable_lines: 0,
      chunks_applied: 0,
      chunks_already_applied: 1,
      late_org_days: 0,
    });
    const [meter] = await readDayMeters(org.orgcode, day);
    expect(meter).toEqual({ cccode: costCentre, surface: '/event/get', totals: once, last_input_at: expect.any(String) });
  });
});
