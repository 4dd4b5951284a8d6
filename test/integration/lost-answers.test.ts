import { loseFirstAnswers } from '../support/client-faults';
import { eventRequest } from '../support/fixtures/events';
import { freshId, useOrg, useStack } from '../support/harness';

/**
 * A lone conditional put (issue 29, section 5) or lone revisioned update
 * (issue 38) whose answer is lost after DynamoDB committed it is sent again by
 * the SDK and meets its own write. DynamoDB Local never loses an answer, so
 * the loss is injected with a client middleware that lets the write reach the
 * table and then fails as a reset connection (mocked).
 */

useStack();
const org = useOrg('LOST', { writer: { roles: ['acct_export_admin', 'acct_view'] } });

// Without source refs or an idempotency key, an event is one conditional PutItem.
const loneEvent = (eventId: string, reason = 'order placed') =>
  eventRequest(org.orgcode, { event_id: eventId, source_refs: [], reason });
// An event is written with its list copies, in a transaction; without an idempotency key a schedule is one conditional PutItem.
const loneSchedule = (scheduleId: string, reason = 'nightly ERP feed') => ({
  schedule_id: scheduleId,
  cadence: { type: 'interval', interval_minutes: 60, timezone: 'UTC' },
  reason,
  source_refs: [],
  request_context: org.requestContext('writer'),
});

describe('a lone conditional put whose answer was lost (answer lost with a client middleware, mocked)', () => {
  it('answers /export/schedule/create 200, not 409 duplicate_id, when the SDK retries the put it already committed (mocked)', async () => {
    const scheduleId = freshId('sch_lost');
    const lost = loseFirstAnswers('PutItemCommand', scheduleId, 1);

    const created = await org.post('writer', '/export/schedule/create', loneSchedule(scheduleId));

    expect(lost.lost).toBe(1);
    expect(created.status).toBe(200);
    const read = await org.post('writer', '/export/schedule/get', { schedule_id: scheduleId });
    expect(read.body.data.schedule).toEqual(created.body.data.schedule);
  });

  it('answers /event/record 200 when the put that takes its idempotency key lost its answer (mocked)', async () => {
    const key = freshId('key_lost');
    const lost = loseFirstAnswers('PutItemCommand', key, 1);

    const recorded = await org.post('writer', '/event/record', { ...loneEvent(freshId('evt_keyed')), idempotency_key: key });

    expect(lost.lost).toBe(1);
    expect(recorded.status).toBe(200);
  });

  it('still answers a genuine second schedule with the same id 409 duplicate_id, answer lost or not (mocked)', async () => {
    const scheduleId = freshId('sch_taken');
    expect((await org.post('writer', '/export/schedule/create', loneSchedule(scheduleId))).status).toBe(200);
    const lost = loseFirstAnswers('PutItemCommand', scheduleId, 1);

    const again = await org.post('writer', '/export/schedule/create', loneSchedule(scheduleId));
    const differing = await org.post('writer', '/export/schedule/create', loneSchedule(scheduleId, 'hourly ERP feed'));

    expect(lost.lost).toBe(1);
    expect([again.status, differing.status]).toEqual([409, 409]);
    expect(again.body.error).toMatchObject({ error_code: 'accounting.duplicate_id' });
  });
});

describe('a lone revisioned update whose answer was lost (answer dropped at the transport with a client middleware, mocked)', () => {
  const statusSet = (scheduleId: string, status: 'active' | 'suspended', expectedRevision: number) => ({
    schedule_id: scheduleId,
    status,
    expected_revision: expectedRevision,
    reason: 'ERP maintenance window',
    source_refs: [],
    request_context: org.requestContext('writer'),
  });

  it('answers /export/schedule/status/set 200 with the change, not 409 conflict_revision, when the SDK retries the UpdateItem it already committed (mocked)', async () => {
    const scheduleId = freshId('sch_upd_lost');
    expect((await org.post('writer', '/export/schedule/create', loneSchedule(scheduleId))).status).toBe(200);
    const lost = loseFirstAnswers('UpdateItemCommand', scheduleId, 1);

    const suspended = await org.post('writer', '/export/schedule/status/set', statusSet(scheduleId, 'suspended', 1));

    expect(lost.lost).toBe(1);
    expect(suspended.status).toBe(200);
    expect(suspended.body.data.schedule).toMatchObject({ status: 'suspended', revision: 2 });
    const read = await org.post('writer', '/export/schedule/get', { schedule_id: scheduleId });
    expect(read.body.data.schedule).toEqual(suspended.body.data.schedule);
  });

  it('answers a resume whose answer was lost 200 too: the attributes it set are there and those it removed are gone (mocked)', async () => {
    const scheduleId = freshId('sch_upd_resume');
    expect((await org.post('writer', '/export/schedule/create', loneSchedule(scheduleId))).status).toBe(200);
    expect((await org.post('writer', '/export/schedule/status/set', statusSet(scheduleId, 'suspended', 1))).status).toBe(200);
    const lost = loseFirstAnswers('UpdateItemCommand', scheduleId, 1);

    const resumed = await org.post('writer', '/export/schedule/status/set', statusSet(scheduleId, 'active', 2));

    expect(lost.lost).toBe(1);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.schedule).toMatchObject({ status: 'active', revision: 3 });
  });

  it('still answers 409 conflict_revision to a second change at the same revision, answer lost or not (mocked)', async () => {
    const scheduleId = freshId('sch_upd_taken');
    expect((await org.post('writer', '/export/schedule/create', loneSchedule(scheduleId))).status).toBe(200);
    expect((await org.post('writer', '/export/schedule/status/set', statusSet(scheduleId, 'suspended', 1))).status).toBe(200);
    const lost = loseFirstAnswers('UpdateItemCommand', scheduleId, 1);

    // A change at revision 1 made after the first: refused, and the refusal's answer lost too; the SDK's retry meets
    // a revision 2 stamped at another instant, which is not this call's change.
    const stale = await org.post('writer', '/export/schedule/status/set', statusSet(scheduleId, 'suspended', 1));

    expect(lost.lost).toBe(1);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ error_code: 'accounting.conflict_revision', details: { supplied_revision: 1, current_revision: 2 } });
  });
});
