import { type OrgRateLimit, OrgRateLimiter, inMemoryCallSource } from '../../shared/http/org-rate-limit';

/** One environment's limiter over an allowance of its own. */
const limiterOf = (limit: OrgRateLimit) => new OrgRateLimiter(limit, inMemoryCallSource(limit));

/** Calls admitted one after another, as one environment serves them. */
async function inTurn(limiter: OrgRateLimiter, orgcode: string, times: readonly number[]): Promise<number[]> {
  const waits: number[] = [];
  for (const at of times) waits.push(await limiter.admit(orgcode, at));
  return waits;
}

describe('per-organisation rate limit', () => {
  it('admits a burst, then refuses with the wait until a token is back', async () => {
    // Arrange
    const limiter = limiterOf({ perSecond: 10, burst: 3 });

    // Act
    const waits = await inTurn(limiter, 'ACME', [1_000, 1_000, 1_000, 1_000]);

    // Assert: three from the burst, the fourth waits a tenth of a second.
    expect(waits).toEqual([0, 0, 0, 100]);
  });

  it('refills at its rate and never above its burst', async () => {
    // Arrange
    const limiter = limiterOf({ perSecond: 10, burst: 3 });
    await inTurn(limiter, 'ACME', [0, 0, 0]);

    // Act
    const [afterATenth, refusedAtOnce] = await inTurn(limiter, 'ACME', [100, 100]);
    const afterAnHour = await inTurn(limiter, 'ACME', [3_600_000, 3_600_000, 3_600_000, 3_600_000]);

    // Assert
    expect(afterATenth).toBe(0);
    expect(refusedAtOnce).toBe(100);
    expect(afterAnHour).toEqual([0, 0, 0, 100]);
  });

  it("keeps each organisation's bucket apart", async () => {
    // Arrange
    const limiter = limiterOf({ perSecond: 1, burst: 1 });
    await limiter.admit('BUSY', 0);

    // Act
    const busyAgain = await limiter.admit('BUSY', 0);
    const quiet = await limiter.admit('QUIET', 0);

    // Assert
    expect(busyAgain).toBe(1_000);
    expect(quiet).toBe(0);
  });

  it('admits a call of an organisation with room at once, on credit, without waiting for the shared allowance', async () => {
    // Arrange: an allowance that answers only when the test lets it, granting all it is asked for.
    const answers: Array<() => void> = [];
    const limiter = new OrgRateLimiter({ perSecond: 10, burst: 20 }, (_org, want, _now, tat) =>
      new Promise((resolve) => answers.push(() => resolve({ granted: want, tat }))),
    );

    // Act: a call, then another after its lease lapsed unspent (an organisation calling every two seconds).
    const first = await limiter.admit('QUIET', 0);
    answers.splice(0).forEach((answer) => answer());
    await new Promise((resolve) => setImmediate(resolve));
    const later = await limiter.admit('QUIET', 2_000);

    // Assert: neither waited for a take; each started one beside it.
    expect([first, later]).toEqual([0, 0]);
    expect(answers).toHaveLength(1);
  });

  it('gives no credit once a take came back short: an organisation over its limit waits and is refused', async () => {
    // Arrange: an allowance with nothing left.
    const limiter = new OrgRateLimiter({ perSecond: 10, burst: 20 }, async (_org, _want, now) => ({ granted: 0, tat: now + 10_000 }));

    // Act
    const onCredit = await limiter.admit('BUSY', 0);
    await new Promise((resolve) => setImmediate(resolve));
    const afterTheShortTake = await limiter.admit('BUSY', 10);

    // Assert: one call on credit before the organisation's state was known, then refusals.
    expect(onCredit).toBe(0);
    expect(afterTheShortTake).toBeGreaterThan(0);
  });

  it('admits calls of one environment that arrive together while the organisation has room, however small its first leases', async () => {
    // Arrange: plenty of room; every take answers a few milliseconds later, as the table does, so calls queue on it.
    const limit = { perSecond: 1_000, burst: 1_000 };
    const allowance = inMemoryCallSource(limit);
    const limiter = new OrgRateLimiter(limit, async (...take) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return allowance(...take);
    });

    // Act: twenty calls at once, in a fresh environment.
    const waits = await Promise.all(Array.from({ length: 20 }, () => limiter.admit('BUSY', 0)));

    // Assert
    expect(waits.filter((wait) => wait > 0)).toEqual([]);
  });
});
