import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { maxShards, raiseShards, shardKeys } from '../../shared/db/shard-layout';
import type { FinancialRollupRun } from '../../shared/rollups/financial-rollup';
import { familyItemCount } from '../support/family-items';
import { oneLineInvoiceRequest, paymentRequest } from '../support/fixtures/receivables';
import { type TestOrg, createOrg, useStack } from '../support/harness';
import { invokeOperator } from '../support/local-api';
import { watchingSends } from '../support/sent-commands';

/**
 * Invoices and what is owed in an organisation whose layout spreads its hot
 * partitions over shards (docs/decisions.md: Partition heat): its active and
 * closed invoices and its changes by day (AR_CHANGES), list partitions on the
 * table, and its receivables aggregate (shares added up on read). An
 * organisation raised to four shards answers every list, report and rollup
 * exactly as an organisation of one shard given the same calls, page for
 * page; a page token of before a raise continues after it.
 */

useStack();

type Org = TestOrg<'ar'>;
const newOrg = (): Promise<Org> => createOrg('SHR', { ar: { roles: ['ar_admin', 'acct_view'] } });
const shards = 4;
/** A raise dated this far back has taken effect: writes use the new shards at once. */
const raisedLongAgo = () => new Date(Date.now() - 10 * 60_000);

async function ok(org: Org, path: string, body: Record<string, unknown>) {
  const answer = await org.post('ar', path, body);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
  return answer.body.data;
}

/** The `/invoice/set` request of invoice `index`: six customers, two currencies, four terms, issued on a day of October 2026. */
const invoiceRequest = (index: number) =>
  oneLineInvoiceRequest({
    order_id: `ord_${index}`,
    customer_id: `cust_${index % 6}`,
    currency: index % 4 === 3 ? 'EUR' : 'USD',
    amount: (10_000 + index * 1_001) / 100,
    issued_at: `2026-10-${String(1 + (index % 28)).padStart(2, '0')}T10:00:00Z`,
    net_days: [0, 15, 30, 45][index % 4]!,
  });

/**
 * Invoice `index`, the same in every organisation (its order id too; invoice
 * ids are not): a third paid in full, a third in part, every eighth that is
 * not paid in full written off.
 */
async function issueAndSettle(org: Org, index: number): Promise<void> {
  let { invoice } = await ok(org, '/invoice/set', invoiceRequest(index));
  if (index % 3 === 0) ({ invoice } = await ok(org, '/invoice/payment/apply', paymentRequest(invoice, invoice.total, '2026-11-10T12:00:00Z')));
  if (index % 3 === 1) ({ invoice } = await ok(org, '/invoice/payment/apply', paymentRequest(invoice, 50, '2026-11-05T12:00:00Z')));
  if (index % 8 === 5 && invoice.status !== 'paid') {
    await ok(org, '/invoice/status/set', { invoice_id: invoice.invoice_id, status: 'written_off', expected_revision: invoice.revision, reason: 'Insolvent' });
  }
}

async function seed(org: Org, indexes: readonly number[]): Promise<void> {
  for (const index of indexes) await issueAndSettle(org, index);
}

/** A test that seeds 24 invoices and their payments a call at a time: minutes on a busy machine. */
const seedingTimeoutMs = 240_000;

const range = (from: number, to: number) => Array.from({ length: to - from }, (_value, offset) => from + offset);

/** Every non-empty page of a listing, each item as `pick` keeps it (ids the service generated left out). */
async function pagesOf(org: Org, path: string, body: Record<string, unknown>, pick: (data: Record<string, any>) => unknown) {
  const pages = await org.listPages('ar', path, body);
  return pages.map(pick).filter((page) => !Array.isArray(page) || page.length > 0);
}

const invoiceView = (invoice: Record<string, any>) => ({
  order_id: invoice.order_id,
  customer_id: invoice.customer_id,
  status: invoice.status,
  due_at: invoice.due_at,
  balance_due: invoice.balance_due,
  revision: invoice.revision,
});

/** What each organisation answers, every reader of the families that are sharded, in small pages. */
async function everyAnswer(org: Org) {
  const invoices = (body: Record<string, unknown>) =>
    pagesOf(org, '/invoice/list', { limit: 3, ...body }, (data) => data.invoices.map(invoiceView));
  return {
    active: await invoices({}),
    closed: await invoices({ status: 'paid' }),
    writtenOffInWindow: await invoices({ status: 'written_off', due_from_utc: '2026-10-10T00:00:00Z', due_to_utc: '2026-11-20T00:00:00Z' }),
    partlyPaid: await invoices({ status: 'partially_paid' }),
    ofCustomer: await invoices({ customer_id: 'cust_1' }),
    balances: await pagesOf(org, '/ar/balance', { limit: 2 }, ({ balances, totals, complete }) => ({ balances, totals, complete })),
    balancesInEuro: await pagesOf(org, '/ar/balance', { limit: 1, currency: 'EUR' }, ({ balances, totals }) => ({ balances, totals })),
    aging: await pagesOf(org, '/ar/aging/report', { as_of: '2026-12-31', limit: 2 }, ({ report }) => report),
    agingOfPastDay: await pagesOf(org, '/ar/aging/report', { as_of: '2026-11-07', limit: 2 }, ({ report }) => report),
    agingOfCustomer: await pagesOf(org, '/ar/aging/report', { as_of: '2026-11-07', customer_id: 'cust_3', limit: 1 }, ({ report }) => report),
    statement: await pagesOf(
      org,
      '/ar/statement',
      { customer_id: 'cust_1', from_utc: '2026-10-01T00:00:00Z', to_utc: '2027-01-01T00:00:00Z', limit: 2 },
      // A write-off is dated when it is made: the two organisations' differ by the time between their calls.
      ({ statement }) => ({ ...statement, lines: statement.lines.map(({ kind, amount, currency, running_balance }: any) => ({ kind, amount, currency, running_balance })) }),
    ),
    rollup: await rolledUpAging(org, '2026-11-07'),
  };
}

/**
 * The financial rollup of `dt` re-run for the organisation, its ar_aging
 * records: the operator wrote each with its list copies before it answered.
 */
async function rolledUpAging(org: Org, dt: string) {
  await invokeOperator<FinancialRollupRun>('financial-rollup-admin', { action: 'run', dt, orgcode: org.orgcode });
  const records = await org.listAll('ar', '/rollup/financial/list', { from_dt: dt, to_dt: dt, dimension: 'ar_aging' }, 'rollups');
  expect(records.length).toBeGreaterThan(0);
  return records.map(({ dimension_value, metrics }) => ({ dimension_value, metrics }));
}

/** The items of each of the first `count` shards of a partition of the table. */
async function itemsPerShard(partition: string, count = shards) {
  return Promise.all(
    shardKeys(partition, { readShards: count, writeShards: count }).map(async (shard) => {
      const { Items = [] } = await dynamo().send(
        new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': shard }, ConsistentRead: true }),
      );
      return Items;
    }),
  );
}

describe('an organisation raised to several shards', () => {
  it('answers every invoice list, balance, aging report, statement and rollup as one shard does, page for page', async () => {
    const [single, sharded] = await Promise.all([newOrg(), newOrg()]);
    await raiseShards(sharded.orgcode, shards, raisedLongAgo());
    await Promise.all([seed(single, range(0, 24)), seed(sharded, range(0, 24))]);

    const [expected, answered] = await Promise.all([everyAnswer(single), everyAnswer(sharded)]);

    expect(answered).toEqual(expected);
    expect(expected.active.flat()).toHaveLength(14);
    expect(expected.balances.length).toBeGreaterThan(1);
    expect(expected.rollup.length).toBeGreaterThan(0);
    // The sharded organisation's items are spread (where, by their invoices' random ids); the other's all stay under the keys of before.
    const shardsUsed = async (org: Org) =>
      [
        await itemsPerShard(keys.receivablesPartition(org.orgcode)),
        await itemsPerShard(keys.invoicesInLifecycle(org.orgcode, 'active')),
        await itemsPerShard(keys.receivableChangesOn(org.orgcode, '2026-11-10')),
      ].map((perShard) => perShard.filter((items) => items.length > 0).length);
    expect(await shardsUsed(single)).toEqual([1, 1, 1]);
    expect(Math.min(...(await shardsUsed(sharded)))).toBeGreaterThan(1);
  }, seedingTimeoutMs);

  it('is measured whole by the storage reconcile: every shard of the invoices and the receivables counted', async () => {
    const [single, sharded] = await Promise.all([newOrg(), newOrg()]);
    await raiseShards(sharded.orgcode, shards, raisedLongAgo());
    await Promise.all([seed(single, range(0, 12)), seed(sharded, range(0, 12))]);
    const families = ['invoices/active', 'invoices/closed', 'receivables'];
    const counted = async (org: Org) => Promise.all(families.map((family) => familyItemCount(org.orgcode, family)));

    const expected = await counted(single);
    expect(expected.every((items) => items > 0)).toBe(true);
    expect(await counted(sharded)).toEqual(expected);
  }, seedingTimeoutMs);

  it('pages the invoices of an organisation raised to the most shards with tokens next_token takes', async () => {
    const org = await newOrg();
    await raiseShards(org.orgcode, maxShards, raisedLongAgo());
    // About three invoices a shard: a page of 64 takes some of most shards, and its token keeps a place for each of them.
    await Promise.all(range(0, 200).map((index) => ok(org, '/invoice/set', invoiceRequest(index))));

    const pages = await org.listPages('ar', '/invoice/list', { limit: 64 });

    const listed = pages.flatMap((data) => data.invoices);
    expect(pages.length).toBeGreaterThan(3);
    expect(new Set(listed.map((invoice) => invoice.order_id)).size).toBe(200);
    expect(listed.map((invoice) => invoice.due_at)).toEqual(listed.map((invoice) => invoice.due_at).sort());
  }, seedingTimeoutMs);

  it('keeps an invoice on its shard: what it owed is taken off the share it added, and a share settled is set to expire', async () => {
    const org = await newOrg();
    await raiseShards(org.orgcode, shards, raisedLongAgo());
    await seed(org, range(0, 12));

    const shares = (await itemsPerShard(keys.receivablesPartition(org.orgcode))).flat();
    expect(shares.length).toBeGreaterThan(0);
    // A share of a due day is the sum of its invoices on one shard: every one whose invoices are all settled expires, and only those.
    const settled = (share: Record<string, unknown>) => Number(share.balance) === 0 && Number(share.open_invoices) === 0;
    expect(shares.filter((share) => settled(share) !== (share.expires_at_epoch !== undefined))).toEqual([]);
    expect(shares.every((share) => settled(share) || Number(share.balance) > 0)).toBe(true);
  }, seedingTimeoutMs);

  it('continues a page token of before a raise: invoices, balances and aging pages go on over every shard', async () => {
    const [org, reference] = await Promise.all([newOrg(), newOrg()]);
    await Promise.all([seed(org, range(0, 12)), seed(reference, range(0, 24))]);
    const firstPages = {
      invoices: await ok(org, '/invoice/list', { limit: 3 }),
      balances: await ok(org, '/ar/balance', { limit: 2 }),
      aging: await ok(org, '/ar/aging/report', { as_of: '2026-12-31', limit: 2 }),
    };

    await raiseShards(org.orgcode, shards, raisedLongAgo());
    // Issued after the raise, on every shard; all of them come after the first pages in each listing's order.
    await seed(org, range(12, 24));

    const rest = async (path: string, body: Record<string, unknown>, token: string, key: (data: Record<string, any>) => unknown[]) =>
      (await org.listPages('ar', path, { ...body, next_token: token })).flatMap(key);
    const invoices = [
      ...firstPages.invoices.invoices,
      ...(await rest('/invoice/list', { limit: 3 }, firstPages.invoices.next_token, (data) => data.invoices)),
    ].map(invoiceView);
    const balances = [
      ...firstPages.balances.balances,
      ...(await rest('/ar/balance', { limit: 2 }, firstPages.balances.next_token, (data) => data.balances)),
    ];
    const agingPages = await org.listPages('ar', '/ar/aging/report', { as_of: '2026-12-31', limit: 2, next_token: firstPages.aging.next_token });
    const aging = [...firstPages.aging.report.customers, ...agingPages.flatMap((data) => data.report.customers)];

    const everyInvoice = (await reference.listAll('ar', '/invoice/list', { limit: 50 }, 'invoices')).map(invoiceView);
    expect(invoices).toEqual(everyInvoice.filter((invoice) => invoices.some((seen) => seen.order_id === invoice.order_id)));
    // Past the first page's last invoice: due later, or as late and issued after it (ids are time-ordered).
    const firstPage = new Set(invoices.slice(0, 3).map((invoice) => invoice.order_id));
    expect(invoices.slice(3).map((invoice) => invoice.order_id)).toEqual(
      everyInvoice.filter((invoice) => invoice.due_at >= invoices[2]!.due_at && !firstPage.has(invoice.order_id)).map((invoice) => invoice.order_id),
    );
    expect(balances.slice(0, 2)).toEqual(firstPages.balances.balances);
    expect(balances.slice(2)).toEqual(
      (await reference.listAll('ar', '/ar/balance', { limit: 50 }, 'balances')).filter(
        (balance) => `${balance.customer_id}#${balance.currency}` > `${balances[1].customer_id}#${balances[1].currency}`,
      ),
    );
    expect(aging.slice(2)).toEqual(
      (await reference.listAll('ar', '/ar/aging/report', { as_of: '2026-12-31', limit: 50 }, 'report')).flatMap((report: any) => report.customers).filter(
        (row: any) => `${row.customer_id}#${row.currency}` > `${aging[1].customer_id}#${aging[1].currency}`,
      ),
    );
  }, seedingTimeoutMs);

  it('leaves an organisation of one shard reading each page with the one Query it always did, on the keys of before', async () => {
    const org = await newOrg();
    await seed(org, range(0, 6));
    const queried: string[] = [];
    const watch = (command: string, input: string) => {
      if (command === 'QueryCommand') queried.push(/":pk":"([^"]+)"/.exec(input)?.[1] ?? input);
    };

    await watchingSends(watch, async () => {
      await ok(org, '/invoice/list', { limit: 2 });
      await ok(org, '/ar/balance', { limit: 2 });
    });

    expect(queried).toEqual([keys.invoicesInLifecycle(org.orgcode, 'active'), keys.receivablesPartition(org.orgcode)]);
  });
});
