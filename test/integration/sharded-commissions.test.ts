import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { raiseShards, shardKeys } from '../../shared/db/shard-layout';
import { awsLikeFromVariable } from '../../shared/local/aws-like';
import { defaultAwsLikeOptions } from '../../shared/local/aws-like-options';
import { pause } from '../../shared/pause';
import { associateOrder, cancelSale, placeSale } from '../support/commissions';
import { succeededWith } from '../support/deliveries';
import { familyItemCount } from '../support/family-items';
import { ruleSet } from '../support/fixtures/commission-rules';
import { type TestOrg, createOrg, useStack } from '../support/harness';

/**
 * Commissions in an organisation whose layout spreads its open commissions
 * over shards (docs/decisions.md: Partition heat): each marker on its
 * commission's shard, chosen once, so a commission closed after a raise
 * removes the marker where it was put; a rule change reads every shard.
 * Through the real consumers and routes, against an organisation of one shard
 * given the same events.
 */

useStack();

type Org = TestOrg<'admin'>;
const newOrg = (): Promise<Org> => createOrg('SHC', { admin: { roles: ['commission_admin', 'acct_view'] } });
const shards = 4;
const awsLike = awsLikeFromVariable();

/**
 * Raises the organisation's layout as of ten minutes ago, so writes use the
 * new shards at once, and waits out the AWS-like mode's replica lag: the
 * service reads a layout eventually consistently (and keeps it a minute), and
 * on AWS the raise's delay covers that lag, which a raise dated back skips.
 */
async function raiseAtOnce(orgcode: string): Promise<void> {
  await raiseShards(orgcode, shards, new Date(Date.now() - 10 * 60_000));
  if (awsLike) await pause((awsLike.indexLagMs ?? defaultAwsLikeOptions.indexLagMs) + 100);
}
const associates = ['assoc_jane', 'assoc_bob'];
const november = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' };

/** Order `index`: 100.00 plus a cent per index, by Jane or Bob, in November 2026. */
const order = (org: Org, index: number) =>
  associateOrder(org.orgcode, `ord_${index}`, `2026-11-${String(2 + index).padStart(2, '0')}T10:00:00Z`, associates[index % 2]!, [
    { sku: 'CHAIR', quantity: 1, unit_amount: (10_000 + index) / 100 },
  ]);

const setRule = (org: Org, revision: number, rateBps: number) =>
  succeededWith(org.deliver('retail.pricing', 'commission.rule.set', ruleSet(org.orgcode, 'rule_all', revision, { rate_bps: rateBps })));

async function ok(org: Org, path: string, body: Record<string, unknown>) {
  const answer = await org.post('admin', path, body);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
  return answer.body.data;
}

/** Orders placed with no rule (unrated), a rule that rates them, three cancelled, Jane's November paid out. */
async function commissionHistory(org: Org): Promise<void> {
  for (let index = 0; index < 12; index += 1) await placeSale(order(org, index));
  await setRule(org, 1, 500);
  for (const index of [1, 4, 7]) await cancelSale(org.orgcode, `ord_${index}`, { cancelled_at: '2026-11-20T09:00:00Z' });
  let { payout } = await ok(org, '/commission/payout/create', { associate_id: 'assoc_jane', currency: 'USD', ...november });
  for (const status of ['approved', 'paid']) {
    ({ payout } = await ok(org, '/commission/payout/status/set', { payout_id: payout.payout_id, status, expected_revision: payout.revision }));
  }
}

/** Each associate's commissions, open, voided and paid, as listed (generated ids left out). */
async function listed(org: Org) {
  const lists = await Promise.all(
    associates.flatMap((associateId) =>
      [{}, { status: 'voided' }, { status: 'paid' }].map((status) =>
        org.listAll('admin', '/commission/list', { associate_id: associateId, ...status, limit: 3 }, 'commissions'),
      ),
    ),
  );
  return lists.map((commissions) => commissions.map(({ order_id, status, amount, revision }) => ({ order_id, status, amount, revision })));
}

/** The open markers on each of the first `count` shards, by order (the commission's order id). */
async function markersPerShard(org: Org, count = shards): Promise<string[][]> {
  return Promise.all(
    shardKeys(keys.openCommissions(org.orgcode), { readShards: count, writeShards: count }).map(async (partition) => {
      const { Items = [] } = await dynamo().send(
        new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition }, ConsistentRead: true }),
      );
      return Items.map((item) => String(item.commission_id));
    }),
  );
}

describe('open commissions of an organisation raised to several shards', () => {
  it('are rated by a rule change read over every shard, voided, paid and listed as in an organisation of one shard', async () => {
    const [single, sharded] = await Promise.all([newOrg(), newOrg()]);
    await raiseAtOnce(sharded.orgcode);

    await Promise.all([commissionHistory(single), commissionHistory(sharded)]);

    const expected = await listed(single);
    expect(await listed(sharded)).toEqual(expected);
    expect(expected.flat().map((commission) => commission.status).sort()).toEqual([...Array(3).fill('voided'), ...Array(5).fill('paid'), ...Array(4).fill('accrued')].sort());
    // Bob's four accrued commissions are still open: their markers, and only theirs, are left.
    const [singleMarkers, shardedMarkers] = await Promise.all([markersPerShard(single), markersPerShard(sharded)]);
    expect(singleMarkers.map((markers) => markers.length)).toEqual([4, 0, 0, 0]);
    expect(shardedMarkers.flat()).toHaveLength(4);
    // The storage reconcile measures every shard's markers.
    expect(await familyItemCount(sharded.orgcode, 'open_commissions')).toBe(4);
    // Two histories of 16 deliveries and 3 payout calls: under the AWS-like mode (each delivery delayed, transactions cancelled and retried) 53 s on a loaded 2-core machine.
  }, 150_000);

  it('puts markers on the shards of the layout of their time, and leaves none behind when commissions opened before the raise and after it close', async () => {
    const org = await newOrg();
    for (let index = 0; index < 6; index += 1) await placeSale(order(org, index));
    await raiseAtOnce(org.orgcode);
    for (let index = 6; index < 12; index += 1) await placeSale(order(org, index));
    // Those of before on shard 0, where they were put; those of after spread (where, by their random ids).
    const placed = await markersPerShard(org);
    expect(placed.flat()).toHaveLength(12);
    expect(placed[0]!.length).toBeGreaterThanOrEqual(6);
    expect(placed.filter((markers) => markers.length > 0).length).toBeGreaterThan(1);

    for (let index = 0; index < 12; index += 1) await cancelSale(org.orgcode, `ord_${index}`, { cancelled_at: '2026-11-20T09:00:00Z' });

    expect(await markersPerShard(org)).toEqual([[], [], [], []]);
  });
});
