import { OrgRateLimiter } from '../../shared/http/org-rate-limit';

describe('per-organisation rate limit', () => {
  it('admits a burst, then refuses with the wait until a token is back', () => {
    // Arrange
    const limiter = new OrgRateLimiter({ perSecond: 10, burst: 3 });

    // Act
    const waits = [0, 0, 0, 0].map(() => limiter.admit('ACME', 1_000));

    // Assert: three from the burst, the fourth waits a tenth of a second.
    expect(waits).toEqual([0, 0, 0, 100]);
  });

  it('refills at its rate and never above its burst', () => {
    // Arrange
    const limiter = new OrgRateLimiter({ perSecond: 10, burst: 3 });
    for (let call = 0; call < 3; call += 1) limiter.admit('ACME', 0);

    // Act
    const afterATenth = limiter.admit('ACME', 100);
    const refusedAtOnce = limiter.admit('ACME', 100);
    const afterAnHour = [0, 0, 0, 0].map(() => limiter.admit('ACME', 3_600_000));

    // Assert
    expect(afterATenth).toBe(0);
    expect(refusedAtOnce).toBe(100);
    expect(afterAnHour).toEqual([0, 0, 0, 100]);
  });

  it("keeps each organisation's bucket apart", () => {
    // Arrange
    const limiter = new OrgRateLimiter({ perSecond: 1, burst: 1 });
    limiter.admit('BUSY', 0);

    // Act
    const busyAgain = limiter.admit('BUSY', 0);
    const quiet = limiter.admit('QUIET', 0);

    // Assert
    expect(busyAgain).toBe(1_000);
    expect(quiet).toBe(0);
  });
});
