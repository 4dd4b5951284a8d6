import { loseFirstAnswers } from '../support/client-faults';
import { eventRequest } from '../support/fixtures/events';
import { freshId, useOrg, useStack } from '../support/harness';

/**
 * A lone conditional put whose answer is lost after DynamoDB committed it is
 * sent again by the SDK and meets its own item (issue 29, section 5). DynamoDB
 * Local never loses an answer, so the loss is injected with a client
 * middleware that lets the write reach the table and then fails as a reset
 * connection (mocked).
 */

useStack();
const org = useOrg('LOST', { writer: { roles: ['acct_export_admin', 'acct_view'] } });

// Without source refs or an idempotency key, an event is one conditional PutItem.
const loneEvent = (eventId: string, reason = 'order placed') =>
  eventRequest(org.orgcode, { event_id: eventId, source_refs: [], reason });

describe('a lone conditional put whose answer was lost (answer lost with a client middleware, mocked)', () => {
  it('answers /event/record 200, not 409 duplicate_id, when the SDK retries the put it already committed (mocked)', async () => {
    const eventId = freshId('evt_lost');
    const lost = loseFirstAnswers('PutItemCommand', eventId, 1);

    const recorded = await org.post('writer', '/event/record', loneEvent(eventId));

    expect(lost.lost).toBe(1);
    expect(recorded.status).toBe(200);
    const read = await org.post('writer', '/event/get', { event_id: eventId });
    expect(read.body.data.event).toEqual(recorded.body.data.event);
  });

  it('answers /event/record 200 when the put that takes its idempotency key lost its answer (mocked)', async () => {
    const key = freshId('key_lost');
    const lost = loseFirstAnswers('PutItemCommand', key, 1);

    const recorded = await org.post('writer', '/event/record', { ...loneEvent(freshId('evt_keyed')), idempotency_key: key });

    expect(lost.lost).toBe(1);
    expect(recorded.status).toBe(200);
  });

  it('still answers a genuine second event with the same id 409 duplicate_id, answer lost or not (mocked)', async () => {
    const eventId = freshId('evt_taken');
    expect((await org.post('writer', '/event/record', loneEvent(eventId))).status).toBe(200);
    const lost = loseFirstAnswers('PutItemCommand', eventId, 1);

    const again = await org.post('writer', '/event/record', loneEvent(eventId));
    const differing = await org.post('writer', '/event/record', loneEvent(eventId, 'placed again'));

    expect(lost.lost).toBe(1);
    expect([again.status, differing.status]).toEqual([409, 409]);
    expect(again.body.error).toMatchObject({ error_code: 'accounting.duplicate_id' });
  });
});
