import * as keys from '../../shared/db/keys';
import { failFirstSends } from '../support/client-faults';
import { eventRequest } from '../support/fixtures/events';
import { useOrg, useStack } from '../support/harness';

/**
 * Items every order of an organisation would otherwise write (issue 23,
 * section 2; docs/decisions.md: Partition heat): at 1,000 orders a second one
 * item takes at most 1,000 writes a second (DynamoDB's per-partition limit,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html).
 * The sends are counted with a client middleware that fails none.
 */

useStack();
const org = useOrg('HEAT', { writer: { roles: ['acct_export_admin', 'acct_view'] } });

describe("an organisation's active day", () => {
  it('is marked once per process, not before every ledger event of the day', async () => {
    const markerPuts = failFirstSends('PutItemCommand', keys.activeDays(org.orgcode), 0, () => new Error('never thrown'));

    for (const time of ['2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z', '2026-11-20T12:00:00Z', '2026-11-21T09:00:00Z']) {
      expect((await org.post('writer', '/event/record', eventRequest(org.orgcode, { occurred_at: time }))).status).toBe(200);
    }

    expect(markerPuts.sent).toBe(2);
    const listed = await org.post('writer', '/event/list', { from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-22T00:00:00Z', limit: 10 });
    expect(listed.body.data.events).toHaveLength(4);
  });
});
