import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../shared/db/client';
import { linesLoggedBy } from '../support/expected-logs';
import { eventRequest } from '../support/fixtures/events';
import { useOrg, useStack } from '../support/harness';

useStack();
const org = useOrg('FAULT', { owner: { owner: true } }, { per: 'file' });

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
      const response = await org.post('owner', '/event/list', {});
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
      const { value: response, lines } = await linesLoggedBy(() => org.post('owner', '/event/record', eventRequest(org.orgcode, { occurred_at: '2026-11-01T00:00:00Z' })));
      // The service logs the crash in full for its operators (one error line), and answers without it.
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({ level: 'error', route: '/event/record', error: expect.stringContaining('socket hang up at 10.1.2.3') }),
      ]);
      expect(response.status).toBe(500);
      expect(response.body.error).toMatchObject({ error_code: 'accounting.internal', major: { tag: 'internal-error' } });
      expect(response.text).not.toContain('10.1.2.3');
    } finally {
      restore();
    }
  });
});
