import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from '../../shared/db/batch-get';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { uniqueOrgcode } from '../support/callers';

/** Every BatchGetItem the document client sends, passed on to DynamoDB Local, with the most that were in flight at once. */
function watchBatchGets() {
  const client = dynamo();
  const send = client.send.bind(client);
  const seen = { calls: 0, inFlight: 0, mostInFlight: 0 };
  jest.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
    if (!(command instanceof BatchGetCommand)) return send(command as never);
    seen.calls += 1;
    seen.inFlight += 1;
    seen.mostInFlight = Math.max(seen.mostInFlight, seen.inFlight);
    try {
      return await send(command);
    } finally {
      seen.inFlight -= 1;
    }
  }) as never);
  return seen;
}

afterEach(() => jest.restoreAllMocks());

describe('batchGetItems', () => {
  it('reads 1,000 keys in ten calls of 100 with at most four in flight, and finds every item written', async () => {
    const orgcode = uniqueOrgcode('BGET');
    const itemKeys = Array.from({ length: 1000 }, (_, index) => keys.inboxItem(orgcode, `inb_${String(index).padStart(4, '0')}`));
    const written = itemKeys.filter((_, index) => index % 10 === 0);
    for (let start = 0; start < written.length; start += 25) {
      const puts = written.slice(start, start + 25).map((key) => ({ PutRequest: { Item: { ...key, item_id: key.pk } } }));
      await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: puts } }));
    }
    const seen = watchBatchGets();

    const found = await batchGetItems(itemKeys, { attributes: ['item_id'], consistent: true });

    expect(found.map((item) => item.item_id).sort()).toEqual(written.map((key) => key.pk).sort());
    expect(seen.calls).toBe(10);
    expect(seen.mostInFlight).toBeLessThanOrEqual(4);
  });
});
