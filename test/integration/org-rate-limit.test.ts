import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { claimOrgShare, readOrgAllowance, takeOrgCalls } from '../../shared/db/auth/org-rate-repository';
import { dynamo } from '../../shared/db/client';
import { periodOf, sharePeriodMs, sharesOf } from '../../shared/domain/org-rate';
import * as keys from '../../shared/db/keys';
import { OrgRateLimiter } from '../../shared/http/org-rate-limit';
import { tableCallSource } from '../../shared/http/org-rate-sources';
import { addLogLineSink } from '../../shared/observability/log-line';
import { createOrg, freshId, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

/**
 * The per-organisation limit through the real chain. The settings are read
 * once per module registry, which is this file's own: a burst of 3 at one call
 * every 10 s here leaves every other suite at the defaults. The burst is spent
 * long before another call is earned, even when each call takes a second (the
 * AWS-like mode's delays on a loaded machine).
 */
const burst = 3;
const perSecond = 0.1;
useStack({ environment: { ORG_RATE_LIMIT_PER_SECOND: String(perSecond), ORG_RATE_LIMIT_BURST: String(burst) } });
const org = useOrg('RATE', { owner: { owner: true } });

const absentEvent = { event_id: 'evt_absent' };

/** The lines of failed takes of `orgcode` the limiter writes while `act` runs. */
async function failedTakeLines<T>(orgcode: string, act: () => Promise<T>): Promise<{ value: T; lines: Array<Record<string, any>> }> {
  const lines: Array<Record<string, any>> = [];
  const stop = addLogLineSink((_line, record) => void (record.message === 'org rate limit: takes failed' && record.orgcode === orgcode && lines.push(record)));
  try {
    return { value: await act(), lines };
  } finally {
    stop();
  }
}

/**
 * Injected throttling of the organisation's allowance item (a mock: DynamoDB Local never throttles): every attempt
 * of an UpdateItem of its key fails below the SDK's retries with ProvisionedThroughputExceededException naming
 * `reason`. Returns the removal.
 */
function throttlingAllowanceOf(orgcode: string, reason: string): () => void {
  const name = `injectedAllowanceThrottling-${orgcode}`;
  const key = keys.orgRate(orgcode).pk;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'UpdateItemCommand' || !JSON.stringify(args.input).includes(key)) return next(args);
      throw new ProvisionedThroughputExceededException({ message: 'Throughput exceeds the current capacity.', $metadata: { httpStatusCode: 400 }, ThrottlingReasons: [{ reason }] });
    },
    { step: 'finalizeRequest', priority: 'low', name },
  );
  return () => dynamo().middlewareStack.remove(name);
}

describe('per-organisation rate limit', () => {
  it('answers 429 throttled in the envelope, retryable and with the wait, once an org has spent its burst; another org is unaffected', async () => {
    // Arrange
    const quiet = await createOrg('RATE', { owner: { owner: true } });

    // Act
    const statuses: number[] = [];
    for (let call = 0; call < burst; call += 1) statuses.push((await org.post('owner', '/event/get', absentEvent)).status);
    const refused = await org.post('owner', '/event/get', absentEvent);
    const other = await quiet.post('owner', '/event/get', absentEvent);

    // Assert
    expect(statuses).toEqual([404, 404, 404]);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      error_code: 'accounting.org_rate_limited',
      http_status: 429,
      retryable: true,
      major: { tag: 'throttled' },
      details: { retry_after_ms: expect.any(Number) },
    });
    expect(refused.body.error.details.retry_after_ms).toBeGreaterThan(0);
    expect(refused.body.error.details.retry_after_ms).toBeLessThanOrEqual(1000 / perSecond);
    expect(other.status).toBe(404);
  });

  it('does not count a call whose credential fails, so a forged x-orgcode spends nothing of that org', async () => {
    // Act
    for (let call = 0; call < burst * 2; call += 1) {
      expect((await post('/event/get', absentEvent, { 'x-orgcode': org.orgcode, 'x-api-key': 'ak_forged-0123456789abcdef' })).status).toBe(401);
    }
    const afterForgeries = await org.post('owner', '/event/get', absentEvent);

    // Assert
    expect(afterForgeries.status).toBe(404);
  });

  it('holds across environments: two limiters with their own state, sharing the allowance in the table, admit within 20% of the rate at 5x the limit', async () => {
    // Arrange
    const limit = { perSecond: 20, burst: 20 };
    const orgcode = freshId('SHARED').toUpperCase();
    const environment = () => new OrgRateLimiter(limit, tableCallSource(limit));
    const durationMs = 3_000;
    const offerEveryMs = 20; // two environments: 100 calls a second, five times the limit
    const started = Date.now();

    // Act
    const offer = async (limiter: OrgRateLimiter) => {
      let admitted = 0;
      for (let at = started; at < started + durationMs; at += offerEveryMs) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
        if ((await limiter.admit(orgcode, Date.now())) === 0) admitted += 1;
      }
      // Its lease takes started beside the last calls finish before the run is counted (and logged).
      await limiter.settled();
      return admitted;
    };
    // A take the table throttles (the AWS-like mode's injected throttles) refuses, and says so.
    const { value: admitted, lines } = await failedTakeLines(orgcode, () => Promise.all([offer(environment()), offer(environment())]));
    const seconds = (Date.now() - started) / 1000;

    // Assert: the bucket's own allowance over the run is its burst and its rate; one bucket per environment would give twice that.
    const allowance = limit.burst + limit.perSecond * seconds;
    const total = admitted[0]! + admitted[1]!;
    expect(total / allowance).toBeGreaterThanOrEqual(0.8);
    expect(total / allowance).toBeLessThanOrEqual(1.2);
    expect(Math.min(...admitted)).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatchObject({ level: 'warn', OrgRateTakesUnchecked: 0 });
  });

  it('refuses nothing while the organisation has room: fifteen environments taking at once, calls arriving together, the table answering the losers of each conditional write', async () => {
    // Arrange: a limit no run comes near, where every take of one call leaves the bucket full again within a
    // millisecond, so the environments' writes meet at the edge between a full and a draining bucket (the CI run of
    // receivables-invariant.test.ts answered a read 429 this way).
    const limit = { perSecond: 10_000, burst: 10_000 };
    const orgcode = freshId('ROOM').toUpperCase();
    const environments = Array.from({ length: 15 }, () => new OrgRateLimiter(limit, tableCallSource(limit)));

    // Act: ten waves; in each, every environment is asked one to four calls at once.
    const waits: number[] = [];
    for (let wave = 0; wave < 10; wave += 1) {
      await Promise.all(
        environments.map(async (limiter, index) => {
          const calls = Array.from({ length: 1 + ((index + wave) % 4) }, () => limiter.admit(orgcode, Date.now()));
          waits.push(...(await Promise.all(calls)));
          await limiter.settled();
        }),
      );
    }

    // Assert
    expect(waits).toHaveLength(10 * 15 * 2.5);
    expect(waits.filter((wait) => wait > 0)).toEqual([]);
  });

  it("admits a call unchecked, and counts it, when its take meets the table throttled as a whole (injected on-demand throttling, mocked), where a throttle of the allowance's own key refuses it", async () => {
    // Arrange: two organisations whose allowance item is throttled past the SDK's retries, for two reasons.
    const [wholeTable, ownKey] = [await createOrg('RATE', { owner: { owner: true } }), await createOrg('RATE', { owner: { owner: true } })];
    const stopWhole = throttlingAllowanceOf(wholeTable.orgcode, 'TableWriteMaxOnDemandThroughputExceeded');
    const stopOwn = throttlingAllowanceOf(ownKey.orgcode, 'TableWriteKeyRangeThroughputExceeded');

    // Act
    let answers: Array<{ status: number }>;
    let lines: Array<Record<string, any>>;
    try {
      ({ value: answers, lines } = await failedTakeLines(wholeTable.orgcode, async () => [await wholeTable.post('owner', '/event/get', absentEvent)]));
      const refused = await failedTakeLines(ownKey.orgcode, async () => [await ownKey.post('owner', '/event/get', absentEvent)]);
      answers.push(...refused.value);
      lines.push(...refused.lines);
    } finally {
      stopWhole();
      stopOwn();
    }

    // Assert: the first answered (404: admitted), the second refused; one line each, counting the take its way.
    expect(answers.map((answer) => answer.status)).toEqual([404, 429]);
    expect(lines).toEqual([
      expect.objectContaining({ orgcode: wholeTable.orgcode, OrgRateTakesRefused: 0, OrgRateTakesUnchecked: 1 }),
      expect.objectContaining({ orgcode: ownKey.orgcode, OrgRateTakesRefused: 1, OrgRateTakesUnchecked: 0 }),
    ]);
  });

  it("keeps the shares of the period in force when a renewal claims the periods after it: only periods already past are removed", async () => {
    // Arrange: an environment's share for this period and the next, well inside this period.
    const limit = { perSecond: 20, burst: 40 };
    while (Date.now() % sharePeriodMs > sharePeriodMs - 2_000) await new Promise((resolve) => setTimeout(resolve, 250));
    const current = periodOf(Date.now());
    const orgcode = freshId('RENEW').toUpperCase();
    await claimOrgShare(orgcode, limit, 1, [current, current + 1]);

    // Act: another environment's renewal, for the two periods after the next.
    const { allowance } = await claimOrgShare(orgcode, limit, 1, [current + 2, current + 3]);

    // Assert: this period still holds the first share, as the item read consistently shows too.
    expect(sharesOf(allowance, current)).toBe(1);
    expect(sharesOf(await readOrgAllowance(orgcode), current)).toBe(1);
  });

  it("takes its calls at a second attempt whose item is a slow round trip old while others keep the bucket draining (a slow answer injected by a client middleware: DynamoDB Local answers at once)", async () => {
    // Arrange: a bucket drained a second ahead (20 of a burst of 40 at 20 a second).
    const limit = { perSecond: 20, burst: 40 };
    const orgcode = freshId('SLOW').toUpperCase();
    await takeOrgCalls(orgcode, limit, 20);
    // The first attempt of the take below gets its answer 1.5 s late; meanwhile another environment takes 4 calls.
    const seen = { firstFailed: false, othersTook: 0 };
    let armed = true;
    const name = 'slow-first-answer';
    dynamo().middlewareStack.add(
      (next) => async (args) => {
        if (!armed || !JSON.stringify(args.input).includes(orgcode)) return next(args);
        armed = false;
        try {
          return await next(args);
        } catch (error) {
          seen.firstFailed = true;
          throw error;
        } finally {
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          seen.othersTook = (await takeOrgCalls(orgcode, limit, 4)).granted;
        }
      },
      { step: 'initialize', name },
    );

    // Act: a take that knows nothing of the item (its first attempt writes the full form, and fails).
    let taken;
    try {
      taken = await takeOrgCalls(orgcode, limit, 1);
    } finally {
      dynamo().middlewareStack.remove(name);
    }

    // Assert: its second attempt adds to the draining bucket, where the full form would fail on the others' take.
    expect(seen).toEqual({ firstFailed: true, othersTook: 4 });
    expect(taken.granted).toBe(1);
  });
});

