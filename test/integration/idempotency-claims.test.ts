import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { canonicalDigest } from '../../shared/domain/canonical-json';
import { useOrg, useStack } from '../support/harness';

/**
 * A call that holds its idempotency key while it runs, seen by a twin: the
 * claim is written here as a running call (or one that crashed) leaves it, since
 * no real call can be held mid-flight from outside.
 */
useStack();
const org = useOrg('IDC', { writer: { roles: ['acct_export_admin', 'acct_view'] } }, { per: 'file' });

const body = (key: string, reason = 'claimed elsewhere') => ({
  event_type: 'order.placed',
  occurred_at: '2026-11-20T10:15:00Z',
  reason,
  source_refs: [{ kind: 'order', id: key }],
  request_context: org.requestContext(),
  idempotency_key: key,
});

async function claimHeldBy(key: string, request: Record<string, unknown>, leaseUntilMs: number) {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.idempotency(org.orgcode, '/event/record', key),
        record_type: 'idempotency',
        status: 'in_progress',
        holder: 'another-request',
        request_hash: canonicalDigest(request),
        lease_until_ms: leaseUntilMs,
        expires_at_epoch: Math.floor(Date.now() / 1000) + 3600,
      },
    }),
  );
}

it('answers a twin of a call still running, past the wait, 409 idempotency_in_progress, retryable', async () => {
  const request = body('held-1');
  await claimHeldBy('held-1', request, Date.now() + 60_000);

  const startedAt = Date.now();
  const twin = await org.post('writer', '/event/record', request);

  expect(twin.status).toBe(409);
  expect(twin.body.error).toMatchObject({ error_code: 'accounting.idempotency_in_progress', retryable: true, major: { tag: 'conflict' } });
  // It waited for the first call before giving up.
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(5_000);
});

it('answers another body with a key a running call holds 422 at once', async () => {
  await claimHeldBy('held-2', body('held-2'), Date.now() + 60_000);

  const startedAt = Date.now();
  const other = await org.post('writer', '/event/record', body('held-2', 'another body'));

  expect(other.status).toBe(422);
  expect(other.body.error.error_code).toBe('accounting.idempotency_key_reused');
  expect(Date.now() - startedAt).toBeLessThan(5_000);
});

it('takes over a claim whose call died (its lease lapsed) and runs the call once', async () => {
  const request = body('crashed-1');
  await claimHeldBy('crashed-1', request, Date.now() - 1);

  const first = await org.post('writer', '/event/record', request);
  const replay = await org.post('writer', '/event/record', request);

  expect(first.status).toBe(200);
  expect(replay.status).toBe(200);
  expect(replay.body.data).toEqual(first.body.data);
  const lineage = await org.post('writer', '/lineage/list', { source_ref: { kind: 'order', id: 'crashed-1' } });
  expect(lineage.body.data.lineage).toHaveLength(1);
});

it('frees the key of a call that failed, so a corrected request with the same key runs', async () => {
  const recorded = await org.post('writer', '/event/record', { ...body('first-1'), event_id: 'evt_taken_1' });
  expect(recorded.status).toBe(200);
  const duplicate = await org.post('writer', '/event/record', { ...body('failed-1'), event_id: 'evt_taken_1' });
  expect(duplicate.status).toBe(409);
  expect(duplicate.body.error.error_code).toBe('accounting.duplicate_id');

  // Had the failed call kept its key, another body with it would be 422.
  const corrected = await org.post('writer', '/event/record', { ...body('failed-1'), event_id: 'evt_free_1' });
  expect(corrected.status).toBe(200);
  expect(corrected.body.data.event.event_id).toBe('evt_free_1');
});
