import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { TakeThrottledError } from '../../shared/db/auth/org-rate-repository';
import { type OrgAllowance, type OrgRateLimit, claimShare, periodOf, takeCalls } from '../../shared/domain/org-rate';
import { OrgRateLimiter } from '../../shared/http/org-rate-limit';
import { type CallSource, inMemoryCallSource } from '../../shared/http/org-rate-sources';
import { addLogLineSink } from '../../shared/observability/log-line';

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
  const source: CallSource = {
    take: (_org, want, now, known) => new Promise((resolve) => answers.push(() => resolve({ granted: want, allowance: { tat: known?.tat ?? now, shares: {} } }))),
  };
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
    const limiter = new OrgRateLimiter({ perSecond: 10, burst: 20 }, { take: async (_org, _want, now) => ({ granted: 0, allowance: { tat: now + 2_000, shares: {} } }) });

    // Act
    const first = await limiter.admit('BUSY', 0);

    // Assert
    expect(first).toBeGreaterThan(0);
  });

  it("fails closed when a take is throttled again for the allowance's own key: the call is refused and no take is tried again before the backoff", async () => {
    // Arrange
    let takes = 0;
    const limiter = new OrgRateLimiter(
      { perSecond: 10, burst: 20 },
      {
        take: async () => {
          takes += 1;
          throw new TakeThrottledError(new ProvisionedThroughputExceededException({ message: 'throttled', $metadata: {} }));
        },
      },
    );

    // Act
    const waits = await inTurn(limiter, 'HOT', [0, 10, 50]);

    // Assert: one take tried twice, refused; the next calls within the backoff refused without a take.
    expect(waits.every((wait) => wait > 0)).toBe(true);
    expect(takes).toBe(2);
  });

  it('admits one lease\'s worth unchecked for about a second when a take fails for another cause (a server error past the SDK\'s retries), then takes again', async () => {
    // Arrange: an environment asked 4 calls a second has leases of 4; its takes fail as the table would not answer.
    let takes = 0;
    const limiter = new OrgRateLimiter(
      { perSecond: 10, burst: 20 },
      {
        take: async () => {
          takes += 1;
          if (takes === 1) return { granted: 1, allowance: { tat: undefined, shares: {} } };
          throw new Error('InternalServerError: Internal server error');
        },
      },
    );
    await limiter.admit('ACME', 0);

    // Act: calls every 150 ms from 250 ms (a lease of 4 at that pace), then one after the second is over.
    const waits = await inTurn(limiter, 'ACME', [250, 400, 550, 700, 850, 1_300]);

    // Assert: the take at 250 ms failed: a lease's worth (4 calls) admitted, the call past it refused until the second
    // is over, when the next take (failed too) admits again.
    expect(waits.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(waits[4]).toBe(400);
    expect(waits[5]).toBe(0);
    expect(takes).toBe(3);
  });

  it('counts the takes that failed in one log line a window, refused and unchecked, which is also their metrics: not a line a take', async () => {
    // Arrange: takes throttled for the item's own key, then failing for another cause.
    let throttled = true;
    const limiter = new OrgRateLimiter(
      { perSecond: 10, burst: 20 },
      {
        take: async () => {
          if (throttled) throw new TakeThrottledError(new ProvisionedThroughputExceededException({ message: 'throttled', $metadata: {} }));
          throw new Error('TimeoutError');
        },
      },
      () => 0.5,
    );
    const lines: Array<Record<string, any>> = [];
    const stopListening = addLogLineSink((_line, record) => void (record.message === 'org rate limit: takes failed' && lines.push(record)));

    // Act: a minute and a half of calls every 100 ms, refused throughout the first minute, unchecked after it.
    const times = Array.from({ length: 900 }, (_, call) => call * 100);
    try {
      for (const at of times) {
        throttled = at < 60_000;
        await limiter.admit('HOT', at);
        await limiter.settled();
      }
    } finally {
      stopListening();
    }

    // Assert: one line for the first failure, the next a window later with what came since, each with its metrics.
    expect(lines.map((line) => line._aws.Timestamp)).toEqual([0, expect.any(Number)]);
    expect(lines[1]!._aws.Timestamp).toBeGreaterThanOrEqual(60_000);
    expect(lines[0]).toMatchObject({ level: 'warn', orgcode: 'HOT', OrgRateTakesRefused: 1, OrgRateTakesUnchecked: 0 });
    expect(lines[1]!.OrgRateTakesRefused).toBeGreaterThan(1);
    expect(lines[1]!.OrgRateTakesUnchecked).toBeGreaterThanOrEqual(1);
    expect(lines[0]!._aws.CloudWatchMetrics).toEqual([
      { Namespace: expect.any(String), Dimensions: [[]], Metrics: [{ Name: 'OrgRateTakesRefused', Unit: 'Count' }, { Name: 'OrgRateTakesUnchecked', Unit: 'Count' }] },
    ]);
  });

  it('backs off its takes exponentially while the bucket stays empty, up to a few seconds apart', async () => {
    // Arrange: a bucket always spent by others; the environment is asked a call every 10 ms for a minute.
    const takenAt: number[] = [];
    const limit = { perSecond: 20, burst: 40 };
    const limiter = new OrgRateLimiter(
      limit,
      {
        take: async (_org, _want, now) => {
          takenAt.push(now);
          return { granted: 0, allowance: { tat: now + 2_000, shares: {} } };
        },
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
    const limiter = new OrgRateLimiter(limit, {
      take: async (...take) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return allowance.take(...take);
      },
    });

    // Act: twenty calls at once, in a fresh environment.
    const waits = await Promise.all(Array.from({ length: 20 }, () => limiter.admit('BUSY', 0)));

    // Assert
    expect(waits.filter((wait) => wait > 0)).toEqual([]);
  });

  it('sends the calls waiting on a take that met other environments\' writes at each attempt while the bucket had room round again at once, with no backoff', async () => {
    // Arrange: the first take is contended, the second grants all it asks.
    const limit = { perSecond: 100, burst: 200 };
    const asked: number[] = [];
    const limiter = new OrgRateLimiter(limit, {
      take: async (_org, want, now) => {
        asked.push(want);
        const contended = asked.length === 1;
        return { granted: contended ? 0 : want, allowance: { tat: now, shares: {} }, contended };
      },
    });

    // Act: three calls arrive together, then one more a second later.
    const together = await Promise.all([1, 2, 3].map(() => limiter.admit('BUSY', 1_000)));
    await limiter.settled();
    const later = await limiter.admit('BUSY', 2_000);
    await limiter.settled();

    // Assert: nothing refused; the second take, at once, asked for the three calls at least.
    expect(together).toEqual([0, 0, 0]);
    expect(later).toBe(0);
    expect(asked).toHaveLength(2);
    expect(asked[1]).toBeGreaterThanOrEqual(3);
  });

  it("backs off a take that met other environments' writes while less than half the burst was left: many are after the little there is, and going round again at once would race them for every call", async () => {
    // Arrange: every take meets others' writes, with 5 calls of a burst of 200 left.
    const limit = { perSecond: 100, burst: 200 };
    let takes = 0;
    const limiter = new OrgRateLimiter(limit, {
      take: async (_org, _want, now) => {
        takes += 1;
        return { granted: 0, allowance: { tat: now + 195 * 10, shares: {} }, contended: true };
      },
    });

    // Act
    const first = await limiter.admit('HOT', 1_000);
    await limiter.settled();
    const soonAfter = await limiter.admit('HOT', 1_001);

    // Assert: both refused with a wait, after one take.
    expect(first).toBeGreaterThan(0);
    expect(soonAfter).toBeGreaterThan(0);
    expect(takes).toBe(1);
  });

  it('claims a share once asked steadily even while its count takes are refused, rather than wait out their backoff', async () => {
    // Arrange: the count bucket is always spent; a share is granted as asked. Ten calls a second.
    const limit = { perSecond: 10, burst: 20 };
    let claims = 0;
    const limiter = new OrgRateLimiter(limit, {
      take: async (_org, _want, now) => ({ granted: 0, allowance: { tat: now + 2_000, shares: {} } }),
      claim: async (_org, rate, periods, now) => {
        claims += 1;
        return { rate, allowance: { tat: now + 2_000, shares: Object.fromEntries(periods.map((period) => [period, rate])) } };
      },
    });

    // Act: 2.1 s of calls; the takes' backoff by then runs past 3 s (100, 200, 400, 800, 1,600 ms).
    const waits = await inTurn(limiter, 'STEADY', Array.from({ length: 22 }, (_, call) => 1_000_000 + call * 100));

    // Assert: steady from 2 s, it claims then and admits that call from its share.
    expect(claims).toBe(1);
    expect(waits.at(-2)).toBe(0);
  });

  it('reads the allowance before it writes once a take found it spent, and writes nothing while a read shows no room', async () => {
    // Arrange: an allowance spent by others until 1 s, then with room; the environment is asked a call every 100 ms.
    const limit = { perSecond: 10, burst: 20 };
    const spentUntil = 1_000;
    const sent = { takes: 0, reads: 0 };
    const allowance = (now: number): OrgAllowance => ({ tat: now < spentUntil ? now + 2_000 : undefined, shares: {} });
    let clock = 0;
    const limiter = new OrgRateLimiter(
      limit,
      {
        take: async (_org, want, now) => {
          sent.takes += 1;
          return now < spentUntil ? { granted: 0, allowance: allowance(now) } : { granted: want, allowance: allowance(now) };
        },
        read: async () => {
          sent.reads += 1;
          return allowance(clock);
        },
      },
      () => 0,
    );

    // Act
    const waits: number[] = [];
    for (let call = 0; call < 40; call += 1) {
      clock = call * 100;
      waits.push(await limiter.admit('HOT', clock));
      await limiter.settled();
    }

    // Assert: the first call read (it knew nothing) and wrote nothing; every probe while spent read only; the first
    // after 1 s found room and took.
    expect(waits.slice(0, 10).every((wait) => wait > 0)).toBe(true);
    expect(waits.slice(-5)).toEqual([0, 0, 0, 0, 0]);
    expect(sent.takes).toBeGreaterThan(0);
    expect(sent.takes).toBeLessThan(sent.reads);
  });

  it('writes at a halving chance when a read shows little room after takes in a row came back empty, and at once when it shows half the burst', async () => {
    // Arrange: an allowance others keep spent (a read shows one call of room, a take finds none), then half the burst.
    const limit = { perSecond: 20, burst: 40 };
    let room: 'one call' | 'half the burst' = 'one call';
    let takes = 0;
    const seen = (now: number): OrgAllowance => ({ tat: now + (room === 'one call' ? 39 : 20) * 50, shares: {} });
    let clock = 0;
    const limiter = new OrgRateLimiter(
      limit,
      {
        take: async (_org, _want, now) => {
          takes += 1;
          return { granted: 0, allowance: seen(now) };
        },
        read: async () => seen(clock),
      },
      () => 0.9,
    );

    // Act: a call every 5 s (past every backoff): each reads the allowance, and writes at its chance.
    for (let call = 0; call < 6; call += 1) {
      clock = call * 5_000;
      await limiter.admit('HOT', clock);
      await limiter.settled();
    }
    const whileContended = takes;
    room = 'half the burst';
    clock = 30_000;
    await limiter.admit('HOT', clock);
    await limiter.settled();

    // Assert: two takes written (chance 1 until the second empty one), none for the next four (a half, a quarter, ...
    // against the draw of 0.9), then one as soon as the read showed half the burst.
    expect(whileContended).toBe(2);
    expect(takes).toBe(3);
  });

  it('lets an environment asked steadily claim a share and admit from it with no I/O: a minute of two calls a second is three takes and two claims', async () => {
    // Arrange
    const limit = { perSecond: 20, burst: 40 };
    const allowance = sharedAllowance(limit);
    const limiter = new OrgRateLimiter(limit, allowance.source);

    // Act
    const waits = await inTurn(limiter, 'STEADY', Array.from({ length: 120 }, (_, call) => 1_000_000 + call * 500));

    // Assert: every call admitted; count takes for the first two seconds (a burst is theirs to serve), then a share for
    // five periods of 10 s, renewed in the last for three more.
    expect(waits.filter((wait) => wait > 0)).toEqual([]);
    expect(allowance.writes).toEqual({ takes: 3, claims: 2 });
    expect(allowance.sharesOf(periodOf(1_000_000 + 30_000))).toBeCloseTo(2.1, 3);
  });

  it("holds an organisation to its rate once shares hold it: a second environment finds the periods full, takes nothing and writes nothing until they pass", async () => {
    // Arrange: one environment asked 21 calls a second claims the whole rate (20 with headroom).
    const limit = { perSecond: 20, burst: 40 };
    const allowance = sharedAllowance(limit);
    const busy = new OrgRateLimiter(limit, allowance.source);
    const start = 5_000_000;
    await inTurn(busy, 'FULL', Array.from({ length: 60 }, (_, call) => start + call * 48));
    const writesBefore = { ...allowance.writes };

    // Act: another environment's calls, once a second for 8 s, while the first keeps its pace.
    const other = new OrgRateLimiter(limit, allowance.source);
    const waits: number[] = [];
    for (let second = 3; second < 11; second += 1) {
      await inTurn(busy, 'FULL', Array.from({ length: 21 }, (_, call) => start + second * 1000 + call * 48));
      waits.push(...(await inTurn(other, 'FULL', [start + second * 1000 + 500])));
    }

    // Assert: the other refused throughout, with one write to learn it (its first take found the shares).
    expect(waits.every((wait) => wait > 0)).toBe(true);
    expect(allowance.writes.takes + allowance.writes.claims - writesBefore.takes - writesBefore.claims).toBeLessThanOrEqual(2);
  });
});

/**
 * A shared allowance in memory, with the repository's rules (shared/domain/org-rate.ts) and its writes counted: a
 * take or claim that the known allowance says cannot be granted writes nothing, as the repository does.
 */
function sharedAllowance(limit: OrgRateLimit) {
  let stored: OrgAllowance = { tat: undefined, shares: {} };
  const writes = { takes: 0, claims: 0 };
  const source: CallSource = {
    async take(_org, want, now) {
      const taken = takeCalls(limit, stored, want, now);
      if (taken.granted > 0) writes.takes += 1;
      stored = taken.allowance;
      return { granted: taken.granted, allowance: stored };
    },
    async claim(_org, rate, periods) {
      const room = Math.min(rate, ...periods.map((period) => limit.perSecond * 1.05 - (stored.shares[period] ?? 0)));
      const claimed = claimShare(limit, stored, Math.floor(room * 1000) / 1000, periods);
      if (claimed.claimed) writes.claims += 1;
      stored = claimed.allowance;
      return { rate: claimed.claimed ? Math.floor(room * 1000) / 1000 : 0, allowance: stored };
    },
  };
  return { source, writes, sharesOf: (period: number) => stored.shares[period] ?? 0 };
}

