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
});
