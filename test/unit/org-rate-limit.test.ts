import type { OrgRateLimit } from '../../shared/domain/org-rate';
import { type CallSource, OrgRateLimiter, inMemoryCallSource } from '../../shared/http/org-rate-limit';

/** One environment's limiter over an allowance of its own. */
const limiterOf = (limit: OrgRateLimit) => new OrgRateLimiter(limit, inMemoryCallSource(limit));

/** Calls admitted one after another, as one environment serves them: each answered once its lease takes have finished. */
async function inTurn(limiter: OrgRateLimiter, orgcode: string, times: readonly number[]): Promise<number[]> {
  const waits: number[] = [];
  for (const at of times) {
    waits.push(await limiter.admit(orgcode, at));
    await limiter.settled();
  }
  return waits;
}

/** A shared allowance that answers only when the test lets it, granting all it is asked for; `pending` counts takes not yet answered. */
function heldAllowance() {
  const answers: Array<() => void> = [];
  const source: CallSource = (_org, want, now, tat) => new Promise((resolve) => answers.push(() => resolve({ granted: want, tat: tat ?? now })));
  return {
    source,
    get pending() {
      return answers.length;
    },
    answerAll: () => answers.splice(0).forEach((answer) => answer()),
  };
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

  it('admits a call at once, on credit, once its environment has taken a lease, and holds the answer until the take beside it has finished', async () => {
    // Arrange
    const allowance = heldAllowance();
    const limiter = new OrgRateLimiter({ perSecond: 10, burst: 20 }, allowance.source);

    // Act: a first call, then another after its lease lapsed unspent (an organisation calling every two seconds).
    const first = limiter.admit('QUIET', 0);
    await new Promise((resolve) => setImmediate(resolve));
    const firstWaited = allowance.pending;
    allowance.answerAll();
    const firstWait = await first;
    const later = await limiter.admit('QUIET', 2_000);
    let settled = false;
    const answered = limiter.settled().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    const settledBeforeTheTake = settled;
    allowance.answerAll();
    await answered;

    // Assert: the first call waited for its take; the later one did not, but its take kept settled() open until it ended.
    expect(firstWaited).toBe(1);
    expect([firstWait, later]).toEqual([0, 0]);
    expect(settledBeforeTheTake).toBe(false);
    expect(settled).toBe(true);
  });

  it('gives no credit to an environment that has not taken a lease: its first call waits for its take and is refused when the bucket is empty', async () => {
    // Arrange: an allowance with nothing left.
    const limiter = new OrgRateLimiter({ perSecond: 10, burst: 20 }, async (_org, _want, now) => ({ granted: 0, tat: now + 2_000 }));

    // Act
    const first = await limiter.admit('BUSY', 0);

    // Assert
    expect(first).toBeGreaterThan(0);
  });

  it('fails closed when a take fails again (the bucket item throttled): the call is refused and no take is tried again before the backoff', async () => {
    // Arrange
    let takes = 0;
    const limiter = new OrgRateLimiter({ perSecond: 10, burst: 20 }, async () => {
      takes += 1;
      throw new Error('ProvisionedThroughputExceededException');
    });
    const warn = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const waits = await inTurn(limiter, 'HOT', [0, 10, 50]);
    warn.mockRestore();

    // Assert: one take tried twice, refused; the next calls within the backoff refused without a take.
    expect(waits.every((wait) => wait > 0)).toBe(true);
    expect(takes).toBe(2);
  });

  it('backs off its takes exponentially while the bucket stays empty, up to a few seconds apart', async () => {
    // Arrange: a bucket always spent by others; the environment is asked a call every 10 ms for a minute.
    const takenAt: number[] = [];
    const limit = { perSecond: 20, burst: 40 };
    const limiter = new OrgRateLimiter(
      limit,
      async (_org, _want, now) => {
        takenAt.push(now);
        return { granted: 0, tat: now + 2_000 };
      },
      () => 0.5,
    );

    // Act
    await inTurn(limiter, 'RUNAWAY', Array.from({ length: 6_000 }, (_, call) => call * 10));

    // Assert: the gaps between takes double from the emission interval (50 ms) and stop growing at 3 s.
    const gaps = takenAt.slice(1).map((at, index) => at - takenAt[index]!);
    expect(gaps.slice(0, 4)).toEqual([50, 80, 150, 300]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(3_000);
    expect(takenAt.length).toBeLessThan(40);
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
