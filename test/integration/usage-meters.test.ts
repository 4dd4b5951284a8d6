import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { type MeterTotals, meterShards, readDayMeters } from '../../shared/db/usage-meter-repository';
import { meterWaitMs } from '../../shared/http/usage-metering';
import { callerHeaders, uniqueOrgcode } from '../support/callers';
import { type HttpResult, type LocalApi, post, startLocalApi } from '../support/local-api';

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

const costCentre = 'OPS1-2026-NY01';

interface Org {
  orgcode: string;
  headers: Record<string, string>;
}

async function anOrg(prefix: string): Promise<Org> {
  const orgcode = uniqueOrgcode(prefix);
  const headers = await callerHeaders({ orgcode, owner: true });
  return { orgcode, headers: { ...headers, 'x-cccode': costCentre } };
}

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

/**
 * A meter write normally ends before the answer, but one that outlives the
 * answer's wait still lands later: wait until the calls are all counted, then
 * a moment more, so an over-count would show too.
 */
async function settledMeter(orgcode: string, surface: string, expected: Expected): Promise<MeterTotals | undefined> {
  const deadline = Date.now() + 10_000;
  let totals = await meterTotals(orgcode, surface, expected.days);
  while ((totals?.api_calls ?? 0) < expected.totals.api_calls && Date.now() < deadline) {
    await sleep(50);
    totals = await meterTotals(orgcode, surface, expected.days);
  }
  await sleep(4 * meterWaitMs);
  return meterTotals(orgcode, surface, expected.days);
}

async function recordEvent(org: Org, expected: Expected, extra: Record<string, unknown> = {}) {
  const response = await expected.call(
    '/event/record',
    {
      event_type: 'order.placed',
      occurred_at: '2026-11-20T10:00:00Z',
      reason: 'metered',
      source_refs: [{ kind: 'order', id: 'ord_1' }],
      request_context: { orgcode: org.orgcode, actor: 'tester', context_source: 'api_key' },
      ...extra,
    },
    org.headers,
    { records: 1 },
  );
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

/** Fails or holds the meter's UpdateItem only; every other command of the call goes through. */
function onMeterWrites(fault: () => Promise<unknown>) {
  const name = 'injected-meter-fault';
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'UpdateItemCommand' && JSON.stringify(args.input).includes('#USAGE_METER#')) await fault();
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

    expect(await settledMeter(busy.orgcode, '/event/get', busyGets)).toEqual({ ...busyGets.totals, api_calls: 200 });
    expect(await settledMeter(other.orgcode, '/event/get', otherGets)).toEqual({ ...otherGets.totals, api_calls: 3 });
    expect(await settledMeter(busy.orgcode, '/event/record', busyRecords)).toEqual({ ...busyRecords.totals, api_calls: 1, records: 1 });

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

    expect(await settledMeter(org.orgcode, '/event/get', gets)).toEqual({ ...gets.totals, api_calls: 3, errors: 3 });
    expect(await readDayMeters(unmetered.orgcode, refused.body.stats.timestamp_utc.slice(0, 10))).toEqual([]);
  });

  it('count an idempotent replay as a call, not as a record created', async () => {
    const org = await anOrg('MTI');
    const records = new Expected();
    const first = await recordEvent(org, records, { idempotency_key: 'metered-once' });
    const replay = await records.call(
      '/event/record',
      {
        event_type: 'order.placed',
        occurred_at: '2026-11-20T10:00:00Z',
        reason: 'metered',
        source_refs: [{ kind: 'order', id: 'ord_1' }],
        request_context: { orgcode: org.orgcode, actor: 'tester', context_source: 'api_key' },
        idempotency_key: 'metered-once',
      },
      org.headers,
    );
    expect(replay.body.data.event.event_id).toBe(first);
    expect(await settledMeter(org.orgcode, '/event/record', records)).toEqual({ ...records.totals, api_calls: 2, records: 1 });
  });

  it('leave the answer identical when the meter write fails (injected)', async () => {
    const org = await anOrg('MTF');
    const eventId = await recordEvent(org, new Expected());
    const counted = new Expected();
    const found = await counted.call('/event/get', { event_id: eventId }, org.headers);
    const missing = await counted.call('/event/get', { event_id: 'evt_missing' }, org.headers);

    const restore = onMeterWrites(() => Promise.reject(new Error('meter table unavailable')));
    let foundWithoutMeter: HttpResult;
    let missingWithoutMeter: HttpResult;
    try {
      foundWithoutMeter = await post('/event/get', { event_id: eventId }, org.headers);
      missingWithoutMeter = await post('/event/get', { event_id: 'evt_missing' }, org.headers);
    } finally {
      restore();
    }
    expect(answerOf(foundWithoutMeter)).toEqual(answerOf(found));
    expect(answerOf(missingWithoutMeter)).toEqual(answerOf(missing));
    // The failed writes counted nothing; the calls before them still count.
    expect(await settledMeter(org.orgcode, '/event/get', counted)).toEqual({ ...counted.totals, api_calls: 2, errors: 1 });
  });

  it('answer without waiting for a meter write that hangs (injected), and still count it when it lands', async () => {
    const org = await anOrg('MTS');
    const eventId = await recordEvent(org, new Expected());
    const gets = new Expected();
    const holdMs = 3_000;
    const restore = onMeterWrites(() => sleep(holdMs));
    try {
      const startedAt = Date.now();
      const answer = await gets.call('/event/get', { event_id: eventId }, org.headers);
      expect(answer.status).toBe(200);
      expect(Date.now() - startedAt).toBeLessThan(holdMs / 2);
    } finally {
      restore();
    }
    await sleep(holdMs);
    expect(await settledMeter(org.orgcode, '/event/get', gets)).toEqual({ ...gets.totals, api_calls: 1 });
  });
});
