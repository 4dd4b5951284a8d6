import { orgsMarkedOn } from '../../shared/db/active-days';
import { lateUsageDays } from '../../shared/db/usage/late-usage-repository';
import { logSubscriptionEvent } from '../../shared/lambda/log-subscription-handler';
import { addDays } from '../../shared/domain/rollups/rollup-days';
import type { DailyUsageRollupRun } from '../../shared/rollups/usage-rollup';
import { usageMeterAggregatorFunction } from '../../shared/routes/consumer-registry';
import { useOrg, useStack } from '../support/harness';
import { invokeOperator, runScheduled } from '../support/local-api';

/**
 * Late meters (issue 24, item 4): on AWS a log batch waits in Lambda's async
 * queue up to 6 hours (and a redrive up to 14 days), so meters can reach a day
 * after the 01:00 usage rollup summed it. The local log subscription is never
 * late: the test hands the aggregator batches of a past day itself, as the
 * subscription would deliver them, before and after that day's scheduled run.
 */

const stack = useStack();

/**
 * The daily run reads gsi3 (the orgs marked metered, the late marks) hours
 * after the aggregator marks them. Run at once, it waits out the AWS-like
 * mode's index lag, when on: after it, every replica of the index has them.
 */
const untilMarksIndexed = () => new Promise((resolve) => setTimeout(resolve, stack.api.awsLike?.options.indexLagMs ?? 0));
const org = useOrg('LATE', { owner: { owner: true, actor: 'tester' } });

/** A batch of `calls` request lines of `/event/get` on `day`, ids unique to `name`. */
function meteredBatch(orgcode: string, day: string, name: string, calls: number) {
  const line = JSON.stringify({ level: 'info', message: 'request', route: '/event/get', orgcode, status: 200, cccode: '-', day, api_calls: 1, records: 0, bandwidth_in_bytes: 30, bandwidth_out_bytes: 700, errors: 0 });
  return logSubscriptionEvent({
    logGroup: '/aws/lambda/event-get',
    logStream: `late/[$LATEST]${orgcode}-${name}`,
    logEvents: Array.from({ length: calls }, (_, index) => ({ id: `${orgcode}-${name}-${index}`, timestamp: Date.parse(`${day}T12:00:00Z`), message: line })),
  });
}

const dailyRun = (scheduledDay: string) => runScheduled<DailyUsageRollupRun>('daily-usage-rollup', new Date(`${scheduledDay}T01:00:00Z`));

/** Whether the daily run's own reads (gsi3) list the org as metered on `day`, and its late mark of it. */
async function runInputs(orgcode: string, day: string) {
  const metered: string[] = [];
  for await (const marked of orgsMarkedOn('metered', day)) metered.push(marked);
  const lateMarks = (await lateUsageDays()).filter((marked) => marked.orgcode === orgcode && marked.dt === day);
  return { metered: metered.includes(orgcode), lateMarks };
}

describe('meters that arrive after their day was rolled up', () => {
  it('are summed by the next daily run, which rolls the day up again and says how late its last input was', async () => {
    const day = addDays(new Date().toISOString().slice(0, 10), -3);
    const orgRecord = async () => {
      const answer = await org.post('owner', '/usage/rollup/get', { dt: day, service: 'accounting' });
      expect(answer.body).toMatchObject({ data: {} });
      return answer.body.data.rollup;
    };
    await invokeOperator(usageMeterAggregatorFunction.name, meteredBatch(org.orgcode, day, 'on-time', 10));
    // A past day's meters mark it late at once; the run that sums the day clears that mark.
    await untilMarksIndexed();
    expect(await runInputs(org.orgcode, day)).toEqual({ metered: true, lateMarks: [expect.objectContaining({ marks: 1 })] });
    await dailyRun(addDays(day, 1));
    const first = await orgRecord();

    const late = await invokeOperator<{ late_org_days: number }>(usageMeterAggregatorFunction.name, meteredBatch(org.orgcode, day, 'delayed', 5));
    const lateAt = new Date().toISOString();
    await untilMarksIndexed();
    expect((await runInputs(org.orgcode, day)).lateMarks).toEqual([expect.objectContaining({ marks: 1 })]);
    const next = await dailyRun(addDays(day, 2));
    const second = await orgRecord();

    expect(first).toMatchObject({ revision: 1, usage: { totals: { api_calls: 10 } } });
    expect(late.late_org_days).toBe(1);
    expect(next.late_org_days).toBeGreaterThanOrEqual(1);
    expect(second).toMatchObject({ revision: 2, run_id: next.run_id, usage: { totals: { api_calls: 15 } } });
    expect(second.last_input_at > first.last_input_at && second.last_input_at <= lateAt).toBe(true);
    // Counted today, three days after the day began: more than two days after its end.
    expect(second.last_input_late_seconds).toBeGreaterThan(2 * 86_400);
    await untilMarksIndexed();
    expect((await lateUsageDays()).filter((marked) => marked.orgcode === org.orgcode)).toEqual([]);
  });
});
