import * as keys from '../../shared/db/keys';
import { associateOrder, placeSale } from '../support/commissions';
import { succeededWith } from '../support/deliveries';
import { ruleSet } from '../support/fixtures/commission-rules';
import { useOrg, useStack } from '../support/harness';
import { watchingSends } from '../support/sent-commands';

/**
 * A process rates orders with its copy of the organisation's commission rules
 * (docs/decisions.md: Commission rules), checked by reading the revision of
 * the rules, one small item, instead of every rule: the rules' partition
 * takes one read unit per order, not two Queries. A rule change is still in
 * force at once, for the next order and for one being written while the
 * change lands.
 */

useStack();
const org = useOrg('CRS', { admin: { roles: ['commission_admin', 'acct_view'] } });
const jane = 'assoc_jane';

/** Chairs and lamps, 330.53 before tax: 5 % is 16.53, 10 % is 33.05. */
const sale = (orderId: string) => associateOrder(org.orgcode, orderId, '2026-11-02T10:00:00Z', jane);
const setRule = (revision: number, rateBps: number) =>
  succeededWith(org.deliver('retail.pricing', 'commission.rule.set', ruleSet(org.orgcode, 'rule_all', revision, { rate_bps: rateBps })));
const commissionOf = async (orderId: string) => {
  const [commission] = await org.listAll('admin', '/commission/list', { order_id: orderId }, 'commissions');
  return commission;
};

describe('rating with the copy of the rules a process holds', () => {
  it('reads the revision of the rules for an order, not the rules', async () => {
    await setRule(1, 500);
    await placeSale(sale('ord_first'));
    const rulesReads: string[] = [];

    await watchingSends(
      (command, input) => {
        if (input.includes(keys.commissionRules(org.orgcode))) rulesReads.push(command);
      },
      () => placeSale(sale('ord_second')),
    );

    // The revision, after the commission is written (and before, when the copy was last checked over a second ago): never the rules.
    expect([...new Set(rulesReads)]).toEqual(['GetItemCommand']);
    expect(await commissionOf('ord_second')).toMatchObject({ status: 'accrued', amount: 16.53, revision: 1 });
  });

  it('rates the next order by a rule changed a moment ago, and the orders before it again', async () => {
    await setRule(1, 500);
    await placeSale(sale('ord_before'));

    await setRule(2, 1000);
    await placeSale(sale('ord_after'));

    expect(await commissionOf('ord_after')).toMatchObject({ status: 'accrued', amount: 33.05 });
    expect(await commissionOf('ord_before')).toMatchObject({ status: 'accrued', amount: 33.05, revision: 2 });
  });

  it('rates again at once an order whose commission was written while a rule change landed (held between its rating and its write by a client middleware, mocked)', async () => {
    await setRule(1, 500);
    await placeSale(sale('ord_warm'));
    let changed = false;

    // The change is cached and reads the open commissions before this one's transaction is sent: it cannot find it.
    await watchingSends(
      async (command, input) => {
        if (changed || command !== 'TransactWriteItemsCommand' || !input.includes('order_commission') || !input.includes('ord_raced')) return;
        changed = true;
        await setRule(2, 1000);
      },
      () => placeSale(sale('ord_raced')),
    );

    expect(changed).toBe(true);
    expect(await commissionOf('ord_raced')).toMatchObject({ status: 'accrued', amount: 33.05, revision: 2 });
  });
});
