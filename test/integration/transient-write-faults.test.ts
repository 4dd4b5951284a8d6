import { cancelledFor, failFirstSends, removeInjectedFaults, transactionInFlight } from '../support/client-faults';
import { eventRequest } from '../support/fixtures/events';
import { useOrg, useStack } from '../support/harness';

/**
 * On AWS a transaction can be cancelled for a conflict or for throttling, and a
 * single write can meet a transaction in flight; the SDK retries neither, and
 * DynamoDB Local produces neither. These tests put a middleware on the
 * document client that fails the first `times` sends of a command that writes
 * the named record with such an error (mocked faults; the meter aggregator
 * writes through the same client meanwhile), and check that the write is retried, answered 429
 * retryable when it never goes through, and never retried when a condition failed.
 */

useStack();
const org = useOrg('TWF', { writer: { roles: ['acct_export_admin', 'acct_view'] } });

const record = (overrides: Record<string, unknown> = {}) => org.post('writer', '/event/record', eventRequest(org.orgcode, overrides));

describe('transient write faults (injected with a client middleware)', () => {
  it('records an event whose transaction was cancelled twice for throttling and a conflict (mocked), once', async () => {
    const sent = failFirstSends('TransactWriteItemsCommand', 'evt_retried', 2, cancelledFor('ThrottlingError', 'TransactionConflict'));

    const answer = await record({ event_id: 'evt_retried' });

    expect(answer.status).toBe(200);
    expect(sent.sent).toBe(3);
    const read = await org.post('writer', '/event/get', { event_id: 'evt_retried' });
    expect(read.body.data.event.event_id).toBe('evt_retried');
  });

  it('answers 429 throttled, retryable, when every attempt of the transaction is cancelled for throttling (mocked), and writes nothing', async () => {
    failFirstSends('TransactWriteItemsCommand', 'evt_throttled', 100, cancelledFor('None', 'ThrottlingError'));

    const answer = await record({ event_id: 'evt_throttled' });

    expect(answer.status).toBe(429);
    expect(answer.body.error).toMatchObject({ error_code: 'accounting.throttled', retryable: true, major: { tag: 'throttled' } });
    removeInjectedFaults();
    expect((await org.post('writer', '/event/get', { event_id: 'evt_throttled' })).status).toBe(404);
  });

  it('takes an idempotency key whose claim met a transaction in flight (TransactionConflictException, mocked) once it is free', async () => {
    const sent = failFirstSends('PutItemCommand', 'conflicted-claim', 2, transactionInFlight);

    const first = await record({ idempotency_key: 'conflicted-claim' });
    const twin = await record({ idempotency_key: 'conflicted-claim' });

    expect(first.status).toBe(200);
    expect(sent.sent).toBeGreaterThanOrEqual(3);
    expect(twin.body.data).toEqual(first.body.data);
  });

  it('never runs again a transaction cancelled for a failed condition: a duplicate event id is 409 after one attempt', async () => {
    await record({ event_id: 'evt_once' });
    const sent = failFirstSends('TransactWriteItemsCommand', 'evt_once', 0, cancelledFor());

    const duplicate = await record({ event_id: 'evt_once' });

    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.error_code).toBe('accounting.duplicate_id');
    expect(sent.sent).toBe(1);
  });
});
