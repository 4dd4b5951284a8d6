import { gzipSync } from 'node:zlib';
import type { Context } from 'aws-lambda';
import { ValidationError } from '../../shared/domain/errors';
import type { LogBatch } from '../../shared/domain/usage/metered-lines';
import { logSubscriptionEvent, logSubscriptionHandler } from '../../shared/lambda/log-subscription-handler';

/** What a subscription delivers, gzipped and base64-encoded as CloudWatch Logs sends it. */
const delivered = (batch: unknown) => ({ awslogs: { data: gzipSync(JSON.stringify(batch)).toString('base64') } });

function recordingHandler() {
  const batches: LogBatch[] = [];
  const handler = logSubscriptionHandler(async (batch) => {
    batches.push(batch);
    return { lines: batch.logEvents.length };
  });
  const context = { functionName: 'usage-meter-aggregator', awsRequestId: 'req-1' } as Context;
  return { batches, invoke: (event: unknown) => handler(event, context) };
}

describe('log subscription handler', () => {
  beforeEach(() => jest.spyOn(process.stdout, 'write').mockImplementation(() => true));
  afterEach(() => jest.restoreAllMocks());

  it('answers the control message CloudWatch Logs sends to check its destination, in AWS\'s shape (empty id, group and stream), with nothing done', async () => {
    // The shape of the health check in AWS's documentation of subscription filters.
    const controlMessage = {
      messageType: 'CONTROL_MESSAGE',
      owner: 'CloudwatchLogs',
      logGroup: '',
      logStream: '',
      subscriptionFilters: [],
      logEvents: [{ id: '', timestamp: 1432826855000, message: 'CWL CONTROL MESSAGE: Checking health of destination Lambda function.' }],
    };
    const { batches, invoke } = recordingHandler();
    await expect(invoke(delivered(controlMessage))).resolves.toBeNull();
    expect(batches).toEqual([]);
  });

  it('hands a data message\'s log events to the run', async () => {
    const { batches, invoke } = recordingHandler();
    const batch = { logGroup: '/aws/lambda/event-get', logStream: '2026/11/25/[$LATEST]abc', logEvents: [{ id: '1', timestamp: 1, message: '{}' }] };
    await expect(invoke(logSubscriptionEvent(batch))).resolves.toEqual({ lines: 1 });
    expect(batches).toEqual([batch]);
  });

  it('refuses a data message whose log event has no id, as the dead-letter queue keeps it', async () => {
    const { batches, invoke } = recordingHandler();
    const batch = { messageType: 'DATA_MESSAGE', logGroup: 'g', logStream: 's', logEvents: [{ id: '', timestamp: 1, message: '{}' }] };
    await expect(invoke(delivered(batch))).rejects.toBeInstanceOf(ValidationError);
    expect(batches).toEqual([]);
  });
});
