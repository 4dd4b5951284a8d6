import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../shared/db/client';
import { callerHeaders, uniqueOrgcode } from '../support/callers';
import { type LocalApi, post, startLocalApi } from '../support/local-api';

let api: LocalApi;
let headers: Record<string, string>;

beforeAll(async () => {
  api = await startLocalApi();
  headers = await callerHeaders({ orgcode: uniqueOrgcode('FAULT'), owner: true });
});
afterAll(() => api.close());

/**
 * DynamoDB Local never throttles and cannot fail on demand, so these tests put a
 * middleware on the document client that fails the named commands.
 */
function failCommands(commandNames: string[], error: () => Error) {
  const name = 'injected-fault';
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (commandNames.includes(String(context.commandName))) throw error();
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => dynamo().middlewareStack.remove(name);
}

describe('faults the emulator cannot produce (injected with a client middleware)', () => {
  it('answers 429 throttled, retryable, when DynamoDB throughput stays exceeded (mocked throttling)', async () => {
    const restore = failCommands(['QueryCommand'], () =>
      new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} }),
    );
    try {
      const response = await post('/event/list', {}, headers);
      expect(response.status).toBe(429);
      expect(response.body.error).toMatchObject({
        error_code: 'accounting.throttled',
        retryable: true,
        major: { tag: 'throttled' },
      });
    } finally {
      restore();
    }
  });

  it('answers 500 internal-error without internals when storage fails unexpectedly (mocked crash)', async () => {
    const restore = failCommands(['TransactWriteItemsCommand', 'PutItemCommand'], () => new Error('socket hang up at 10.1.2.3'));
    try {
      const response = await post(
        '/event/record',
        {
          event_type: 'order.placed',
          occurred_at: '2026-11-01T00:00:00Z',
          reason: 'r',
          source_refs: [{ kind: 'order', id: '1' }],
          request_context: { orgcode: headers['x-orgcode'], actor: 'a', context_source: 'api_key' },
        },
        headers,
      );
      expect(response.status).toBe(500);
      expect(response.body.error).toMatchObject({ error_code: 'accounting.internal', major: { tag: 'internal-error' } });
      expect(response.text).not.toContain('10.1.2.3');
    } finally {
      restore();
    }
  });
});
