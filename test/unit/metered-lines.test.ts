import { gunzipSync } from 'node:zlib';
import { type LogEvent, incrementsPerChunk, meterChunks, meterIncrements } from '../../shared/domain/usage/metered-lines';
import { logSubscriptionEvent } from '../../shared/lambda/log-subscription-handler';
import { readDeadLetter } from '../../shared/operators/dead-letter-messages';

const source = { logGroup: '/aws/lambda/AccountingService-prod-EventGet', logStream: '2026/11/23/[$LATEST]abc' };

let sequence = 0;
function line(fields: Record<string, unknown> = {}): LogEvent {
  sequence += 1;
  const message = JSON.stringify({
    level: 'info',
    message: 'request',
    route: '/event/get',
    orgcode: 'ACME',
    status: 200,
    errors: 0,
    cccode: '-',
    day: '2026-11-20',
    api_calls: 1,
    records: 0,
    bandwidth_in_bytes: 10,
    bandwidth_out_bytes: 100,
    ...fields,
  });
  return { id: String(sequence).padStart(8, '0'), timestamp: 1_795_000_000_000, message };
}

describe('meterIncrements', () => {
  it('sums the calls of a batch per org, day, cost centre and surface, with the ids of the lines summed', () => {
    const lines = [
      line(),
      line({ bandwidth_in_bytes: 5, errors: 1 }),
      line({ route: '/event/record', records: 1 }),
      line({ cccode: 'OPS1' }),
      line({ orgcode: 'BETA' }),
      line({ day: '2026-11-21' }),
    ];

    const { increments, unreadable } = meterIncrements(lines);

    expect(unreadable).toBe(0);
    expect(increments.map(({ meter, totals }) => [meter, totals])).toEqual([
      [{ orgcode: 'ACME', day: '2026-11-20', cccode: '-', surface: '/event/get' }, { api_calls: 2, records: 0, bandwidth_in_bytes: 15, bandwidth_out_bytes: 200, errors: 1 }],
      [{ orgcode: 'ACME', day: '2026-11-20', cccode: '-', surface: '/event/record' }, { api_calls: 1, records: 1, bandwidth_in_bytes: 10, bandwidth_out_bytes: 100, errors: 0 }],
      [{ orgcode: 'ACME', day: '2026-11-20', cccode: 'OPS1', surface: '/event/get' }, { api_calls: 1, records: 0, bandwidth_in_bytes: 10, bandwidth_out_bytes: 100, errors: 0 }],
      [{ orgcode: 'ACME', day: '2026-11-21', cccode: '-', surface: '/event/get' }, expect.objectContaining({ api_calls: 1 })],
      [{ orgcode: 'BETA', day: '2026-11-20', cccode: '-', surface: '/event/get' }, expect.objectContaining({ api_calls: 1 })],
    ]);
    expect(increments[0]!.eventIds).toEqual([lines[0]!.id, lines[1]!.id]);
  });

  it('counts no line that is not a metered request line, and says how many there were', () => {
    const notJson = { id: 'x1', timestamp: 0, message: 'START RequestId: 1' };
    const { increments, unreadable } = meterIncrements([
      line(),
      notJson,
      line({ message: 'run' }),
      line({ api_calls: 2 }),
      line({ orgcode: '' }),
      line({ records: -1 }),
      line({ day: '2026-11-20T10:00:00Z' }),
    ]);

    expect(unreadable).toBe(6);
    expect(increments.map(({ totals }) => totals.api_calls)).toEqual([1]);
  });

  it('gives the same increments in the same order whatever the order of the lines', () => {
    const lines = Array.from({ length: 40 }, (_, index) => line({ orgcode: `ORG${index % 7}`, route: `/r/${index % 3}` }));
    const meters = (events: LogEvent[]) => meterIncrements(events).increments.map(({ meter, totals }) => ({ meter, totals }));
    expect(meters([...lines].reverse())).toEqual(meters(lines));
  });
});

describe('meterChunks', () => {
  const manyMeters = (count: number) => meterIncrements(Array.from({ length: count }, (_, index) => line({ route: `/route/${index}` }))).increments;

  it(`puts at most ${incrementsPerChunk} increments in a chunk, so a chunk and its marker fit one transaction of 100 items`, () => {
    const chunks = meterChunks(source, manyMeters(250));
    expect(chunks.map((chunk) => chunk.increments.length)).toEqual([99, 99, 52]);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(3);
    expect(chunks.flatMap((chunk) => chunk.increments)).toHaveLength(250);
  });

  it('names a chunk by its log group, log stream and events: the same batch delivered again gets the same ids, another batch others', () => {
    const increments = manyMeters(120);
    const ids = meterChunks(source, increments).map((chunk) => chunk.id);

    expect(meterChunks(source, increments).map((chunk) => chunk.id)).toEqual(ids);
    expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
    expect(meterChunks({ ...source, logStream: 'another' }, increments).map((chunk) => chunk.id)).not.toContain(ids[0]);
    expect(meterChunks({ ...source, logGroup: '/aws/lambda/other' }, increments).map((chunk) => chunk.id)).not.toContain(ids[0]);
    expect(meterChunks(source, manyMeters(120)).map((chunk) => chunk.id)).not.toContain(ids[0]);
  });

  it('makes no chunk of a batch with nothing metered', () => {
    expect(meterChunks(source, [])).toEqual([]);
  });
});

describe('a log subscription batch', () => {
  it('travels as CloudWatch Logs sends it: gzipped JSON in base64 under awslogs.data', () => {
    const batch = { ...source, logEvents: [line()] };
    const event = logSubscriptionEvent(batch);

    expect(JSON.parse(gunzipSync(Buffer.from(event.awslogs.data, 'base64')).toString('utf8'))).toMatchObject({ messageType: 'DATA_MESSAGE', ...batch });
  });

  it("reads as the aggregator's dead letter when its on-failure destination kept it: the function to redrive and the batch to send", () => {
    const payload = logSubscriptionEvent({ ...source, logEvents: [line()] });
    const functionArn = 'arn:aws:lambda:eu-west-1:123456789012:function:AccountingService-prod-UsageMeters-Aggregator-Ab12:$LATEST';
    const record = {
      version: '1.0',
      timestamp: '2026-11-23T09:33:07.125Z',
      requestContext: { requestId: 'r-1', functionArn, condition: 'RetriesExhausted', approximateInvokeCount: 3 },
      requestPayload: payload,
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: { errorType: 'ProvisionedThroughputExceededException', errorMessage: 'slow down' },
    };

    expect(readDeadLetter({ MessageId: 'm-1', Body: JSON.stringify(record) })).toMatchObject({
      arrived_by: 'consumer',
      consumer: 'AccountingService-prod-UsageMeters-Aggregator-Ab12',
      function_arn: functionArn,
      event: payload,
      event_id: null,
      error_type: 'ProvisionedThroughputExceededException',
    });
  });
});
