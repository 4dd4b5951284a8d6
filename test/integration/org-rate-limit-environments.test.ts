import { randomUUID } from 'node:crypto';
import * as keys from '../../shared/db/keys';
import { httpHandler } from '../../shared/http/http-handler';
import type { AwsLikeOptions } from '../../shared/local/aws-like';
import { toHttpApiEvent } from '../../shared/local/api-gateway-event';
import type { LambdaHandler } from '../../shared/local/lambda-environments';
import { createLambdaContext } from '../../shared/local/lambda-context';
import { eventGetRoute } from '../../shared/routes/events/event-get.route';
import { apiBasePath } from '../../shared/http/route-definition';
import { addLogLineSink } from '../../shared/observability/log-line';
import { useOrg, useStack } from '../support/harness';

/**
 * Issue 29, section 2: the per-organisation limit across many function
 * environments, under the AWS-like mode's per-partition throughput. Each
 * environment is a handler of its own (its own limiter, as each Lambda
 * environment has), called in this process through the route's whole chain.
 * The limit is 5 calls a second with a burst of 5 (this file's settings), so
 * that DynamoDB Local on a shared machine serves 20 times it; the mode runs
 * with its defaults, AWS's 1,000 write units a second per partition key.
 */
const limit = { perSecond: 5, burst: 5 };
const awsLike: Partial<AwsLikeOptions> = { seed: 29 };
const partitionWriteUnitsPerSecond = 1_000;
const stack = useStack({
  awsLike,
  environment: { ORG_RATE_LIMIT_PER_SECOND: String(limit.perSecond), ORG_RATE_LIMIT_BURST: String(limit.burst) },
});
const org = useOrg('RUNAWAY', { viewer: { roles: ['acct_view'] } });
afterEach(() => stack.awsLike.setRates({ partitionWriteUnitsPerSecond }));

/** What `run` resolves with, and the lines of failed takes the organisation's limiters wrote meanwhile (org-rate-take-log.ts). */
async function failedTakeLines<T>(run: () => Promise<T>): Promise<{ value: T; lines: Array<Record<string, any>> }> {
  const lines: Array<Record<string, any>> = [];
  const stop = addLogLineSink((_line, record) => void (record.message === 'org rate limit: takes failed' && record.orgcode === org.orgcode && lines.push(record)));
  try {
    return { value: await run(), lines };
  } finally {
    stop();
  }
}

/** Every failed take a refusal for the allowance's own key (the mode throttles writes at random, so a test may see none): none admitted unchecked. */
const onlyRefusedTakes = (lines: ReadonlyArray<Record<string, any>>) => expect(lines.filter((line) => line.OrgRateTakesUnchecked !== 0)).toEqual([]);

/** A new function environment of /event/get: one call at a time, each answered 404 (admitted) or 429 (refused). */
function environment(): () => Promise<'admitted' | 'refused'> {
  const handler = httpHandler(eventGetRoute, { logged: false }) as LambdaHandler;
  const body = Buffer.from(JSON.stringify({ event_id: 'evt_absent' }));
  return async () => {
    const event = toHttpApiEvent(
      {
        method: 'POST',
        url: `${apiBasePath}${eventGetRoute.path}`,
        headers: { ...org.headers.viewer, 'content-type': 'application/json', 'content-length': String(body.length), host: '127.0.0.1' },
        body,
        sourceIp: '127.0.0.1',
        httpVersion: '1.1',
        requestId: randomUUID(),
        receivedAt: new Date(),
      },
      `POST ${apiBasePath}${eventGetRoute.path}`,
    );
    const { statusCode, body: answer } = (await handler(event, createLambdaContext(eventGetRoute.name, 30_000))) as { statusCode: number; body: string };
    if (statusCode !== 404 && statusCode !== 429) throw new Error(`/event/get answered ${statusCode}: ${answer.slice(0, 300)}`);
    return statusCode === 404 ? 'admitted' : 'refused';
  };
}

describe('per-organisation limit across many environments (AWS-like mode)', () => {
  it('admits no call on credit in an environment that has not taken a lease: 100 fresh environments at once get the burst', async () => {
    // Arrange
    const environments = Array.from({ length: 100 }, () => environment());
    const started = Date.now();

    // Act: every environment's first call, together, as a burst of cold starts.
    const { value: outcomes, lines } = await failedTakeLines(() => Promise.all(environments.map((call) => call())));

    // Assert: the burst, and what the bucket refilled while the calls ran (seconds on a busy machine).
    const admitted = outcomes.filter((outcome) => outcome === 'admitted').length;
    const allowance = limit.burst + (limit.perSecond * (Date.now() - started)) / 1000;
    console.log(JSON.stringify({ admitted, allowance }));
    expect(admitted).toBeGreaterThan(0);
    expect(admitted).toBeLessThanOrEqual(allowance * 1.2);
    onlyRefusedTakes(lines);
  });

  it("fails closed while the bucket item's partition throttles: an environment whose takes are refused admits nothing", async () => {
    // Arrange: the bucket's partition spent by one environment's first take, and refilling a unit every 1,000 s.
    stack.awsLike.setRates({ partitionWriteUnitsPerSecond: 0.001 });
    const first = environment();
    expect(await first()).toBe('admitted');
    const throttledBefore = stack.awsLike.counts.requestsThrottledByPartition;

    // Act: another environment's calls, one after another.
    const other = environment();
    const { value: outcomes, lines } = await failedTakeLines(async () => [await other(), await other(), await other()]);

    // Assert: refused, each take throttled (not retried by the SDK), or not tried again during the backoff; counted in one line.
    expect(outcomes).toEqual(['refused', 'refused', 'refused']);
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', OrgRateTakesRefused: expect.any(Number), OrgRateTakesUnchecked: 0 })]);
    expect(lines[0]!.OrgRateTakesRefused).toBeGreaterThanOrEqual(1);
    expect(stack.awsLike.counts.requestsThrottledByPartition).toBeGreaterThan(throttledBefore);
  });

  it("holds the allowance when 50 environments offer 20x the limit, writing its bucket at most a tenth of the partition's write units", async () => {
    // Arrange: 100 calls a second in all, each environment one call every 500 ms.
    const environments = Array.from({ length: 50 }, () => environment());
    const bucketKey = keys.orgRate(org.orgcode).pk;
    const throttledBefore = stack.awsLike.counts.requestsThrottledByPartition;
    const durationMs = 5_000;
    const everyMs = (1000 * environments.length) / (limit.perSecond * 20);
    const started = Date.now();

    // Act
    const run = async (call: () => Promise<'admitted' | 'refused'>, index: number) => {
      let admitted = 0;
      for (let at = started + (everyMs * index) / environments.length; at < started + durationMs; at += everyMs) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
        if ((await call()) === 'admitted') admitted += 1;
      }
      return admitted;
    };
    const { value: admittedByEnvironment, lines } = await failedTakeLines(() => Promise.all(environments.map(run)));
    const admitted = admittedByEnvironment.reduce((sum, count) => sum + count, 0);
    const seconds = (Date.now() - started) / 1000;

    // Assert: within 20% of the bucket's allowance over the run (burst + rate x seconds), and not far below it (a limiter
    // refusing everything would pass the rest; a loaded host's stalls leave environments backed off, hence the margin).
    const allowance = limit.burst + limit.perSecond * seconds;
    const writeUnitsPerSecond = stack.awsLike.partitions.consumed(bucketKey).writeUnits / seconds;
    const throttled = stack.awsLike.counts.requestsThrottledByPartition - throttledBefore;
    console.log(JSON.stringify({ admitted, allowance, ratio: admitted / allowance, writeUnitsPerSecond, throttled }));
    expect(admitted / allowance).toBeLessThanOrEqual(1.2);
    expect(admitted / allowance).toBeGreaterThanOrEqual(0.5);
    expect(writeUnitsPerSecond).toBeLessThanOrEqual(partitionWriteUnitsPerSecond / 10);
    expect(throttled).toBe(0);
    onlyRefusedTakes(lines);
  });
});
