import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { outboxPut } from '../../shared/db/outbox-repository';
import type { BusEvent } from '../../shared/local/event-bus-api';
import { failFirstSends } from '../support/client-faults';
import { eventRequest } from '../support/fixtures/events';
import { useOrg, useStack } from '../support/harness';
import { runScheduled } from '../support/local-api';

/**
 * Items every order of an organisation would otherwise write (issue 23,
 * section 2; docs/decisions.md: Partition heat): at 1,000 orders a second one
 * item takes at most 1,000 writes a second (DynamoDB's per-partition limit,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html).
 * The sends are counted with a client middleware that fails none.
 */

const stack = useStack();
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

describe('the outbox', () => {
  it('is spread over shards, and entries waiting in the unsharded queue written before are published too, oldest first', async () => {
    const seen: BusEvent[] = [];
    const unsubscribe = stack.api.bus.subscribe((event) => {
      if ((event.detail as { orgcode?: string }).orgcode === org.orgcode) seen.push(event);
    });
    try {
      const notice = (invoiceId: string, at: string) => ({
        detailType: 'invoice.issued' as const,
        detail: { orgcode: org.orgcode, invoice_id: invoiceId, status: 'issued', revision: 1, occurred_at: at },
      });
      // As the outbox wrote entries before its shards: in the one gsi3 partition SYSTEM#OUTBOX.
      const waitingBefore = outboxPut(notice('inv_before', '2026-11-20T10:00:00.000Z'), new Date('2026-11-20T10:00:00Z')).item;
      const written = [1, 2, 3, 4].map((minute) => {
        const at = new Date(Date.parse('2026-11-20T10:00:00Z') + minute * 60_000);
        return outboxPut(notice(`inv_${minute}`, at.toISOString()), at).item;
      });
      for (const item of [{ ...waitingBefore, gsi3pk: 'SYSTEM#OUTBOX' }, ...written]) {
        await dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));
      }

      while ((await runScheduled<{ published: number }>('outbox-publisher')).published > 0);

      expect(new Set(written.map((item) => item.gsi3pk)).size).toBeGreaterThan(1);
      expect(written.every((item) => keys.outboxQueues.includes(String(item.gsi3pk)) && item.gsi3pk !== 'SYSTEM#OUTBOX')).toBe(true);
      expect(seen.map((event) => (event.detail as { invoice_id: string }).invoice_id)).toEqual(['inv_before', 'inv_1', 'inv_2', 'inv_3', 'inv_4']);
    } finally {
      unsubscribe();
    }
  });
});
