import { eventRecordRoute } from '../../shared/routes/events/event-record.route';
import { useOrg, useStack } from '../support/harness';
import { refusedInvocation } from '../support/expected-logs';
import {
  OperatorFunctionError,
  flushMeters,
  runScheduled,
  issueCredential,
  post,
} from '../support/local-api';

useStack();
const org = useOrg('LOG', { clerk: { owner: true, actor: 'clerk-7' } });

/** The JSON lines the functions write while `during` runs (the local stack turns them off; this test turns them on). */
async function loggedLines(during: () => Promise<unknown>): Promise<Array<Record<string, any>>> {
  // The usage meter aggregator's runs over earlier calls' lines are its own, not the lines of what runs here.
  await flushMeters();
  const written: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  const previous = process.env.ACCOUNTING_LOG_LINES;
  process.env.ACCOUNTING_LOG_LINES = 'on';
  try {
    await during();
  } finally {
    process.env.ACCOUNTING_LOG_LINES = previous;
    write.mockRestore();
  }
  return written.flatMap((chunk) => chunk.split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
}

const requestLines = (lines: Array<Record<string, any>>) => lines.filter((line) => line.message === 'request');

describe('request log', () => {
  it('writes one line per call with its ids, operation, caller, status, latency, metrics and usage, and never a credential or the body', async () => {
    // Arrange
    const credential = org.credentials.clerk.secret;
    const body = { ...eventRecordRoute.example(org.orgcode), reason: 'a reason only the body carries' };

    // Act
    let requestId = '';
    let answer = '';
    const lines = await loggedLines(async () => {
      const response = await org.post('clerk', '/event/record', body);
      expect(response.status).toBe(200);
      requestId = response.body.stats.request_id;
      answer = response.text;
    });

    // Assert
    const [line, ...others] = requestLines(lines);
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      level: 'info',
      request_id: requestId,
      trace_id: expect.any(String),
      operation: 'event.record',
      route: '/event/record',
      family: 'events',
      orgcode: org.orgcode,
      actor: 'clerk-7',
      // The example body's request_context names another actor: kept beside, never as, the caller's.
      claimed_actor: 'checkout-service',
      status: 200,
      errors: 0,
      throttles: 0,
      client_errors: 0,
      server_errors: 0,
      cold_start: expect.any(Boolean),
      // What the usage meter aggregator adds to the org's meter (docs/decisions.md: Usage meters).
      cccode: '-',
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      api_calls: 1,
      records: 1,
      bandwidth_in_bytes: Buffer.byteLength(JSON.stringify(body)),
      bandwidth_out_bytes: Buffer.byteLength(answer),
    });
    expect(line!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(line!.error_code).toBeUndefined();
    expect(line!._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'AccountingService',
        Dimensions: [['operation']],
        Metrics: [
          { Name: 'latency_ms', Unit: 'Milliseconds' },
          { Name: 'errors', Unit: 'Count' },
          { Name: 'throttles', Unit: 'Count' },
        ],
      },
      {
        Namespace: 'AccountingService',
        Dimensions: [['family']],
        Metrics: [
          { Name: 'latency_ms', Unit: 'Milliseconds' },
          { Name: 'client_errors', Unit: 'Count' },
          { Name: 'server_errors', Unit: 'Count' },
        ],
      },
    ]);
    const everything = lines.map((each) => JSON.stringify(each)).join('\n');
    expect(everything).not.toContain(credential);
    expect(everything).not.toContain('a reason only the body carries');
  });

  it('names the error of a failed call and counts it under its error tag', async () => {
    // Act
    const lines = await loggedLines(() => org.post('clerk', '/event/get', { event_id: 'evt_absent' }));

    // Assert
    const [line] = requestLines(lines);
    expect(line).toMatchObject({ level: 'warn', status: 404, error_tag: 'not-found', error_code: 'accounting.not_found', errors: 1, client_errors: 1, server_errors: 0 });
    expect(line!._aws.CloudWatchMetrics[1]).toEqual({
      Namespace: 'AccountingService',
      Dimensions: [['error_tag']],
      Metrics: [{ Name: 'errors', Unit: 'Count' }],
    });
  });

  it('logs a call refused before authentication without an org, actor or usage, and without the credential it tried', async () => {
    // Arrange
    const forged = 'ak_not-a-real-key-0123456789';

    // Act
    const lines = await loggedLines(() => post('/event/get', { event_id: 'evt_absent' }, { 'x-orgcode': org.orgcode, 'x-api-key': forged }));

    // Assert
    const [line] = requestLines(lines);
    expect(line).toMatchObject({ status: 401, error_tag: 'unauthorized' });
    expect(line).not.toHaveProperty('orgcode');
    expect(line).not.toHaveProperty('actor');
    expect(line).not.toHaveProperty('api_calls');
    expect(JSON.stringify(lines)).not.toContain(forged);
  });
});

const runLines = (lines: Array<Record<string, any>>) => lines.filter((line) => line.message === 'run');

describe('run log of functions invoked without HTTP', () => {
  it("logs a run with its function, outcome, duration and its own figures as the function's metrics", async () => {
    // Act
    const lines = await loggedLines(() => runScheduled('outbox-publisher'));

    // Assert
    const [line] = runLines(lines);
    expect(line).toMatchObject({
      level: 'info',
      function: 'outbox-publisher',
      request_id: expect.any(String),
      outcome: 'succeeded',
      failures: 0,
      outbox_lag_ms: expect.any(Number),
      lateness_ms: expect.any(Number),
    });
    expect(line!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(line!._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'AccountingService',
        Dimensions: [['function']],
        Metrics: [
          { Name: 'duration_ms', Unit: 'Milliseconds' },
          { Name: 'failures', Unit: 'Count' },
          { Name: 'outbox_lag_ms', Unit: 'Milliseconds' },
          { Name: 'lateness_ms', Unit: 'Milliseconds' },
        ],
      },
    ]);
  });

  it('logs a failed run with its error, and never the payload or the result, which may hold a credential', async () => {
    // Act
    let secret = '';
    const lines = await loggedLines(async () => {
      secret = (await issueCredential({ orgcode: org.orgcode, actor: 'ops', roles: ['acct_view'] })).secret;
      expect(await refusedInvocation('financial-rollup-admin', { action: 'run', dt: 'yesterday', orgcode: org.orgcode })).toBeInstanceOf(OperatorFunctionError);
    });

    // Assert
    const [issued, failed] = runLines(lines);
    expect(issued).toMatchObject({ function: 'credential-admin', outcome: 'succeeded' });
    expect(failed).toMatchObject({ level: 'error', function: 'financial-rollup-admin', outcome: 'failed', failures: 1 });
    expect(failed!.error).toContain('dt');
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(org.orgcode);
  });
});

describe('run log of event consumers', () => {
  it('logs each attempt at an event with its id, type and org, and never its detail', async () => {
    // Act: a rule event without its rule, which the consumer refuses on every attempt.
    let eventId = '';
    const lines = await loggedLines(async () => {
      const [outcome] = await org.deliver('retail.pricing', 'commission.rule.set', { note: 'only the detail says this' });
      eventId = outcome!.event.id;
    });

    // Assert
    const attempts = runLines(lines).filter((line) => line.function === 'commission-rule-set');
    expect(attempts).toHaveLength(3);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ event_id: eventId, detail_type: 'commission.rule.set', orgcode: org.orgcode, outcome: 'failed', failures: 1 });
    }
    expect(JSON.stringify(lines)).not.toContain('only the detail says this');
  });
});
