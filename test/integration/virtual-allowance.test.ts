import { claimOrgShare, readOrgAllowance, takeOrgCalls } from '../../shared/db/auth/org-rate-repository';
import { type OrgAllowance, periodOf, sharePeriodMs } from '../../shared/domain/org-rate';
import { virtualAllowance } from '../../bench/rate-limit/virtual-allowance';
import { VirtualClock } from '../../bench/rate-limit/virtual-clock';
import { freshId, useStack } from '../support/harness';

/**
 * The virtual-clock bench's allowance item (bench/rate-limit/virtual-allowance.ts)
 * answers as the repository does on DynamoDB Local, request for request: the
 * same calls granted and shares claimed, the same item after, for takes and
 * claims sent with what each caller last saw (stale, as other environments'
 * writes leave it).
 */
useStack();

/** Two calls a second, a burst of 10: a call's cost (500 ms) is far longer than the test's steps, so both sides pick the same form. */
const limit = { perSecond: 2, burst: 10 };

const sameItem = (virtual: OrgAllowance, table: OrgAllowance) => {
  expect(virtual.shares).toEqual(table.shares);
  expect(Math.abs((virtual.tat ?? 0) - (table.tat ?? 0))).toBeLessThan(250);
};

describe('the virtual-clock allowance', () => {
  it('grants, claims and fails conditions as the repository does, step for step, from stale views of the item', async () => {
    // Arrange: well inside a period, so both sides see the same one.
    while (Date.now() % sharePeriodMs > sharePeriodMs - 3_000) await new Promise((resolve) => setTimeout(resolve, 250));
    const orgcode = freshId('VIRT').toUpperCase();
    const current = periodOf(Date.now());
    const clock = new VirtualClock(Date.now());
    const virtual = virtualAllowance(limit, clock, 0);
    const onBoth = async <Answer extends { allowance: OrgAllowance }>(table: () => Promise<Answer>, model: () => Promise<Answer>) => {
      clock.now = Date.now();
      const modelled = model();
      await clock.run();
      return { table: await table(), virtual: await modelled };
    };

    // Act: a take; a take that still thinks the bucket full; a claim; a take that knows nothing of the claim; a
    // renewal for the periods after the claim's; the item read.
    const first = await onBoth(() => takeOrgCalls(orgcode, limit, 3), () => virtual.source.take(orgcode, 3, 0, undefined));
    const stale = await onBoth(() => takeOrgCalls(orgcode, limit, 2), () => virtual.source.take(orgcode, 2, 0, undefined));
    const known = stale.table.allowance;
    const claim = await onBoth(() => claimOrgShare(orgcode, limit, 1, [current, current + 1], known), () => virtual.source.claim!(orgcode, 1, [current, current + 1], 0, known));
    const unaware = await onBoth(() => takeOrgCalls(orgcode, limit, 1, known), () => virtual.source.take(orgcode, 1, 0, known));
    const renewal = await onBoth(
      () => claimOrgShare(orgcode, limit, 0.5, [current + 2, current + 3], claim.table.allowance),
      () => virtual.source.claim!(orgcode, 0.5, [current + 2, current + 3], 0, claim.table.allowance),
    );

    // Assert
    for (const step of [first, stale, unaware]) expect((step.virtual as { granted: number }).granted).toBe((step.table as { granted: number }).granted);
    for (const step of [claim, renewal]) expect((step.virtual as { rate: number }).rate).toBe((step.table as { rate: number }).rate);
    expect([first, stale, unaware].map((step) => (step.table as { granted: number }).granted)).toEqual([3, 2, 1]);
    for (const step of [first, stale, claim, unaware, renewal]) sameItem(step.virtual.allowance, step.table.allowance);
    sameItem(virtual.item(), await readOrgAllowance(orgcode));
    expect(virtual.meter.failedWrites).toBe(2);
  });
});
