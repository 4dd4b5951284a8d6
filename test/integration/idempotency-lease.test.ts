import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../shared/db/client';
import { useOrg, useStack } from '../support/harness';
import { eventRequest } from '../support/fixtures/events';

/**
 * An idempotency claim holds its key for longer than its route may run
 * (docs/decisions.md: Idempotency), so a twin of a long call still running
 * waits for it instead of taking the key over and running the call twice.
 */

useStack();
const org = useOrg('LEASE', { admin: { roles: ['acct_export_admin', 'commission_admin', 'acct_view'] } });

/** The lease of every key claim the document client sends to DynamoDB Local, measured from when it was sent. */
function watchClaims() {
  const client = dynamo();
  const send = client.send.bind(client);
  const leases: number[] = [];
  jest.spyOn(client, 'send').mockImplementation(((command: unknown) => {
    const item = command instanceof PutCommand ? command.input.Item : undefined;
    if (item?.record_type === 'idempotency' && item.status === 'in_progress') leases.push(Number(item.lease_until_ms) - Date.now());
    return send(command as never);
  }) as never);
  return leases;
}

afterEach(() => jest.restoreAllMocks());

it('holds a payout create key (a 29 s route) past 29 s, and an event record key (a 10 s route) past 10 s', async () => {
  const leases = watchClaims();
  await org.post('admin', '/commission/payout/create', {
    associate_id: 'assoc_lease',
    currency: 'USD',
    from_utc: '2026-11-01T00:00:00Z',
    to_utc: '2026-12-01T00:00:00Z',
    idempotency_key: 'payout-lease',
  });
  await org.post('admin', '/event/record', { ...eventRequest(org.orgcode), idempotency_key: 'event-lease' });

  expect(leases).toHaveLength(2);
  const [payoutLease, eventLease] = leases as [number, number];
  expect(payoutLease).toBeGreaterThan(29_000);
  expect(eventLease).toBeGreaterThan(10_000);
  expect(eventLease).toBeLessThan(payoutLease);
});
