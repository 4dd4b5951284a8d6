import fc from 'fast-check';
import { listCommissionRules } from '../../shared/db/commissions/commission-rule-repository';
import type { CommissionRule } from '../../shared/domain/commissions/commission-rule';
import { deadLetterReason, succeededWith } from '../support/deliveries';
import * as rules from '../support/fixtures/commission-rules';
import { createOrg, useOrg, useStack } from '../support/harness';

/**
 * The commission rule cache (docs/decisions.md: Commission rules) through the
 * local bus, the real consumer handlers and DynamoDB Local. Delivery is at
 * least once and unordered, so whatever the order and however often the
 * events of a rule arrive, the cache must end as in-order delivery leaves it.
 * There is no read route for rules yet: the cache is read with the repository.
 */

const stack = useStack();
/** No credential: there is no read route for rules, and the events carry the organisation. */
const org = useOrg('COM', {});

type Detail = Record<string, unknown>;

const ruleSet = (ruleId: string, revision: number, overrides: Detail = {}) => rules.ruleSet(org.orgcode, ruleId, revision, overrides);
const statusSet = (ruleId: string, revision: number, status: 'active' | 'inactive', overrides: Detail = {}) =>
  rules.ruleStatusSet(org.orgcode, ruleId, revision, status, overrides);

const setRule = (detail: Detail) => org.deliver('retail.pricing', 'commission.rule.set', detail);
const setStatus = (detail: Detail) => org.deliver('retail.pricing', 'commission.rule.status.set', detail);

const deadLettered = (delivery: ReturnType<typeof org.deliver>) => deadLetterReason(delivery, stack.api.consumers);

/** The org's cached rule, or undefined. */
async function cached(ruleId: string, orgcode = org.orgcode): Promise<CommissionRule | undefined> {
  const matching = (await listCommissionRules(orgcode)).filter((rule) => rule.rule_id === ruleId);
  expect(matching.length).toBeLessThanOrEqual(1);
  return matching[0];
}

/** A cached rule as delivery order must not change it: all but its id and when it was written. */
function state(rule: CommissionRule | undefined) {
  if (!rule) return undefined;
  const { rule_id: _ruleId, updated_at: _updatedAt, ...rest } = rule;
  return rest;
}

describe('commission rule events', () => {
  it('caches a rule, then its status change, and reads them back as given', async () => {
    const detail = ruleSet('rule_floor', 1, {
      orgcode: org.orgcode.toLowerCase(),
      tiers: [{ from_amount: 0, rate_bps: 200 }, { from_amount: 1000, rate_bps: 350 }],
      rate_bps: undefined,
      scope: { channel_codes: ['web_store', 'pos'], skus: ['SKU-CHAIR'] },
      effective_to: '2027-01-01T01:00:00+01:00',
      published_by: 'pricing-service',
    });

    expect(await succeededWith(setRule(detail))).toEqual({ outcome: 'applied' });
    const rule = await cached('rule_floor');
    expect(rule).toEqual({
      orgcode: org.orgcode,
      rule_id: 'rule_floor',
      name: 'Floor staff',
      status: 'active',
      tiers: [{ from_amount: 0, rate_bps: 200 }, { from_amount: 1000, rate_bps: 350 }],
      scope: { channel_codes: ['web_store', 'pos'], skus: ['SKU-CHAIR'] },
      effective_from: '2026-01-01T00:00:00.000Z',
      effective_to: '2027-01-01T00:00:00.000Z',
      revision: 1,
      definition_revision: 1,
      updated_at: expect.stringMatching(/Z$/),
    });

    expect(await succeededWith(setStatus(statusSet('rule_floor', 2, 'inactive')))).toEqual({ outcome: 'applied' });
    expect(await cached('rule_floor')).toEqual({ ...rule, status: 'inactive', revision: 2, updated_at: expect.any(String) });
  });

  it('replaces a definition whole: fields the later revision leaves out are gone', async () => {
    await succeededWith(setRule(ruleSet('rule_swap', 1, { rate_bps: undefined, tiers: [{ from_amount: 0, rate_bps: 100 }], scope: { skus: ['A'] }, effective_to: '2027-01-01T00:00:00Z' })));
    await succeededWith(setRule(ruleSet('rule_swap', 2, { rate_bps: 250 })));

    expect(state(await cached('rule_swap'))).toEqual({
      orgcode: org.orgcode,
      name: 'Floor staff',
      status: 'active',
      rate_bps: 250,
      effective_from: '2026-01-01T00:00:00.000Z',
      revision: 2,
      definition_revision: 2,
    });
  });

  it('keeps a status that arrives before its rule, and a rule of a lower revision does not undo it', async () => {
    expect(await succeededWith(setStatus(statusSet('rule_early', 3, 'inactive')))).toEqual({ outcome: 'applied' });
    // A status alone is no rule yet.
    expect(await cached('rule_early')).toBeUndefined();

    expect(await succeededWith(setRule(ruleSet('rule_early', 2)))).toEqual({ outcome: 'definition_applied', cached_revision: 3 });
    expect(state(await cached('rule_early'))).toMatchObject({ status: 'inactive', rate_bps: 500, revision: 3, definition_revision: 2 });

    // The same revision again, or an older one, changes nothing.
    expect(await succeededWith(setRule(ruleSet('rule_early', 2, { rate_bps: 900 })))).toEqual({ outcome: 'duplicate' });
    expect(await succeededWith(setRule(ruleSet('rule_early', 1, { rate_bps: 100 })))).toEqual({ outcome: 'stale', cached_revision: 2 });
    expect(await succeededWith(setStatus(statusSet('rule_early', 1, 'active')))).toEqual({ outcome: 'stale', cached_revision: 3 });
    expect(state(await cached('rule_early'))).toMatchObject({ status: 'inactive', rate_bps: 500, revision: 3, definition_revision: 2 });

    // A later rule.set carries the status of its own revision.
    expect(await succeededWith(setRule(ruleSet('rule_early', 4)))).toEqual({ outcome: 'applied' });
    expect(state(await cached('rule_early'))).toMatchObject({ status: 'active', revision: 4, definition_revision: 4 });
  });

  it('ignores a lower revision that arrives after a higher one', async () => {
    await succeededWith(setRule(ruleSet('rule_late', 2, { name: 'Second' })));
    expect(await succeededWith(setRule(ruleSet('rule_late', 1, { name: 'First', status: 'inactive' })))).toEqual({
      outcome: 'stale',
      cached_revision: 2,
    });
    expect(state(await cached('rule_late'))).toMatchObject({ name: 'Second', status: 'active', revision: 2, definition_revision: 2 });
  });

  it('applies a duplicate once: the cached rule is not even rewritten', async () => {
    await succeededWith(setRule(ruleSet('rule_twice', 1)));
    const first = await cached('rule_twice');
    expect(await succeededWith(setRule(ruleSet('rule_twice', 1)))).toEqual({ outcome: 'duplicate' });
    expect(await cached('rule_twice')).toEqual(first);

    await succeededWith(setStatus(statusSet('rule_twice', 2, 'inactive')));
    const second = await cached('rule_twice');
    expect(await succeededWith(setStatus(statusSet('rule_twice', 2, 'inactive')))).toEqual({ outcome: 'duplicate' });
    expect(await cached('rule_twice')).toEqual(second);
  });

  it('reaches the in-order state whatever the order, the duplicates and the concurrency of delivery', async () => {
    // A rule's history: defined, redefined with tiers and a scope, suspended, resumed, suspended again.
    const history = (ruleId: string) => [
      { kind: 'set' as const, detail: ruleSet(ruleId, 1) },
      {
        kind: 'set' as const,
        detail: ruleSet(ruleId, 2, {
          rate_bps: undefined,
          tiers: [{ from_amount: 0, rate_bps: 100 }, { from_amount: 500.5, rate_bps: 300 }],
          scope: { channel_codes: ['pos'] },
          effective_to: '2026-07-01T00:00:00Z',
        }),
      },
      { kind: 'status' as const, detail: statusSet(ruleId, 3, 'inactive') },
      { kind: 'status' as const, detail: statusSet(ruleId, 4, 'active') },
      { kind: 'set' as const, detail: ruleSet(ruleId, 5, { name: 'Floor staff 2027', status: 'inactive', rate_bps: 450 }) },
    ];
    type Step = ReturnType<typeof history>[number];
    const deliver = (step: Step) => succeededWith(step.kind === 'set' ? setRule(step.detail) : setStatus(step.detail));

    let run = 0;
    const replay = async (order: number[], concurrently = false) => {
      run += 1;
      const ruleId = `rule_run_${run}`;
      const steps = order.map((index) => history(ruleId)[index]!);
      if (concurrently) await Promise.all(steps.map(deliver));
      else for (const step of steps) await deliver(step);
      return state(await cached(ruleId));
    };

    const inOrder = await replay([0, 1, 2, 3, 4]);
    expect(inOrder).toEqual({
      orgcode: org.orgcode,
      name: 'Floor staff 2027',
      status: 'inactive',
      rate_bps: 450,
      effective_from: '2026-01-01T00:00:00.000Z',
      revision: 5,
      definition_revision: 5,
    });
    // Without the last rule.set, backwards: the tiered definition of revision 2 under the status of revision 4.
    expect(await replay([3, 2, 1, 0])).toEqual({
      orgcode: org.orgcode,
      name: 'Floor staff',
      status: 'active',
      tiers: [{ from_amount: 0, rate_bps: 100 }, { from_amount: 500.5, rate_bps: 300 }],
      scope: { channel_codes: ['pos'] },
      effective_from: '2026-01-01T00:00:00.000Z',
      effective_to: '2026-07-01T00:00:00.000Z',
      revision: 4,
      definition_revision: 2,
    });

    // Statuses before any rule.set; the higher revision before the lower; everything reversed; all at once.
    expect(await replay([2, 3, 0, 1, 4])).toEqual(inOrder);
    expect(await replay([4, 1, 0, 3, 2])).toEqual(inOrder);
    expect(await replay([4, 3, 2, 1, 0])).toEqual(inOrder);
    expect(await replay([0, 1, 2, 3, 4, 4, 2, 0], true)).toEqual(inOrder);

    // Any order, with redeliveries.
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(4), { maxLength: 4 }).chain((again) => fc.shuffledSubarray([0, 1, 2, 3, 4, ...again], { minLength: 5 + again.length })),
        async (order) => {
          expect(await replay(order)).toEqual(inOrder);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('malformed rule events', () => {
  it('dead-letters a rule without a rate or tiers, or with both, naming the field, and caches nothing', async () => {
    expect(await deadLettered(setRule(ruleSet('rule_bad', 1, { rate_bps: undefined })))).toMatch(/detail\.rate_bps/);
    expect(await deadLettered(setRule(ruleSet('rule_bad', 1, { tiers: [{ from_amount: 0, rate_bps: 10 }] })))).toMatch(/detail\.tiers/);
    expect(await cached('rule_bad')).toBeUndefined();
  });

  it('dead-letters tiers that do not start at 0 or do not rise, and out-of-range rates, naming each field', async () => {
    const reason = await deadLettered(
      setRule(
        ruleSet('rule_bad', 1, {
          rate_bps: undefined,
          tiers: [{ from_amount: 10, rate_bps: 100 }, { from_amount: 5, rate_bps: 200 }],
        }),
      ),
    );
    expect(reason).toMatch(/detail\.tiers\.0\.from_amount/);
    expect(reason).toMatch(/detail\.tiers\.1\.from_amount/);
    expect(await deadLettered(setRule(ruleSet('rule_bad', 1, { rate_bps: 10_001 })))).toMatch(/detail\.rate_bps/);
    expect(await cached('rule_bad')).toBeUndefined();
  });

  it('dead-letters a rule or status without its revision, or with a bad status, and changes nothing', async () => {
    await succeededWith(setRule(ruleSet('rule_kept', 1)));
    const before = await cached('rule_kept');

    expect(await deadLettered(setRule(ruleSet('rule_kept', 2, { revision: undefined })))).toMatch(/detail\.revision: Required/);
    expect(await deadLettered(setStatus(statusSet('rule_kept', 2, 'inactive', { revision: 0 })))).toMatch(/detail\.revision/);
    expect(await deadLettered(setStatus(statusSet('rule_kept', 2, 'paused' as 'inactive')))).toMatch(/detail\.status/);
    expect(await deadLettered(setStatus({ orgcode: org.orgcode, status: 'inactive', revision: 2 }))).toMatch(/detail\.rule_id: Required/);
    expect(await deadLettered(setRule(ruleSet('rule_kept', 2, { effective_to: '2025-01-01T00:00:00Z' })))).toMatch(/detail\.effective_to/);

    expect(await cached('rule_kept')).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it("never lets another organisation's rule events touch this organisation's rules", async () => {
    const other = (await createOrg('COMX', {})).orgcode;
    await succeededWith(setRule(ruleSet('rule_shared', 1)));
    const mine = await cached('rule_shared');

    // The same rule id at higher revisions, in another organisation.
    expect(await succeededWith(setRule(ruleSet('rule_shared', 5, { orgcode: other, rate_bps: 9000 })))).toEqual({ outcome: 'applied' });
    expect(await succeededWith(setStatus(statusSet('rule_shared', 6, 'inactive', { orgcode: other })))).toEqual({ outcome: 'applied' });
    expect(await succeededWith(setStatus(statusSet('rule_other_only', 1, 'inactive', { orgcode: other })))).toEqual({ outcome: 'applied' });

    expect(await listCommissionRules(org.orgcode)).toEqual([mine]);
    expect(await cached('rule_shared', other)).toMatchObject({ orgcode: other, rate_bps: 9000, status: 'inactive', revision: 6 });
    // And this organisation's next revision is judged against its own cache, not the other's.
    expect(await succeededWith(setRule(ruleSet('rule_shared', 2)))).toEqual({ outcome: 'applied' });
  });
});
