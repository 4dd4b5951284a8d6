import { eventRequest } from '../support/fixtures/events';
import { createOrg, useOrg, useStack } from '../support/harness';

/**
 * A comment call that names a target reads it only if the target is a record
 * of the caller's organisation (docs/decisions.md: Comments): `/comment`,
 * `/comment/list` and `/comment/report` alike answer 404 for a record another
 * organisation has and for one nobody has, so none of them tells an outsider
 * whether an id exists elsewhere.
 */

useStack();
const org = useOrg('CMTT', { alice: {}, owner: { owner: true } });

describe('a comment target outside the organisation', () => {
  it('is 404 for /comment/report and /comment/list, as for /comment, whether another organisation has it or nobody does', async () => {
    const stranger = await createOrg('CMTX', { owner: { owner: true } });
    const recorded = await stranger.post('owner', '/event/record', eventRequest(stranger.orgcode));
    expect(recorded.status).toBe(200);
    const theirs = { target_type: 'event', target_id: recorded.body.data.event.event_id };
    const nobodys = { target_type: 'event', target_id: 'evt_nowhere' };

    for (const target of [theirs, nobodys]) {
      const answers = {
        add: await org.post('alice', '/comment', { ...target, body: 'x' }),
        list: await org.post('alice', '/comment/list', target),
        report: await org.post('alice', '/comment/report', target),
      };
      for (const [call, answer] of Object.entries(answers)) {
        expect({ call, target: target.target_id, status: answer.status, tag: answer.body.error?.major.tag }).toEqual({
          call,
          target: target.target_id,
          status: 404,
          tag: 'not-found',
        });
      }
    }
  });

  it("still lists and reports a target of the caller's own organisation that has no comments yet", async () => {
    const recorded = await org.post('owner', '/event/record', eventRequest(org.orgcode));
    const mine = { target_type: 'event', target_id: recorded.body.data.event.event_id };

    const list = await org.post('alice', '/comment/list', mine);
    const report = await org.post('alice', '/comment/report', mine);

    expect(list.status).toBe(200);
    expect(list.body.data.comments).toEqual([]);
    expect(report.status).toBe(200);
    expect(report.body.data.report).toMatchObject({ ...mine, comment_count: 0 });
  });
});
