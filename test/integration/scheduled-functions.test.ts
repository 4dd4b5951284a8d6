import { addDays } from '../../shared/domain/rollups/rollup-days';
import { localScheduledEvent } from '../../shared/local/schedule-timers';
import { backgroundFunctions } from '../../shared/routes/background-registry';
import { useOrg, useStack } from '../support/harness';
import { runScheduled } from '../support/local-api';
import { refusedInvocation } from '../support/expected-logs';

/**
 * The scheduled functions (docs/decisions.md: Operations) take only the event
 * their EventBridge schedule sends, through the local Lambda Invoke API as
 * deployed: a payload meant for an operator (`{dt, orgcode}`) is refused with
 * the way to do that by hand, and does nothing.
 */

useStack();
const org = useOrg('SCH', { writer: { roles: ['acct_export_admin'] }, reader: { roles: ['finance_audit'] } });

const scheduled = backgroundFunctions.filter((fn) => fn.everyMinutes !== undefined || fn.dailyAtUtc !== undefined);
const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);

describe('a scheduled function given anything but its schedule event', () => {
  it('daily-financial-rollup refuses {dt, orgcode}, names the operator to use, and rolls nothing up', async () => {
    const recorded = await org.post('writer', '/event/record', {
      event_type: 'order.placed',
      occurred_at: `${yesterday}T10:00:00Z`,
      amount: { currency: 'USD', amount: 12.5 },
      reason: 'An order of yesterday',
      source_refs: [{ kind: 'order', id: 'ord_1' }],
      request_context: org.requestContext('writer'),
    });
    expect(recorded.status).toBe(200);

    expect((await refusedInvocation('daily-financial-rollup', { dt: yesterday, orgcode: org.orgcode })).message).toMatch(
      /daily-financial-rollup runs only on its schedule; to roll up a chosen day use the financial-rollup-admin operator \(npm run admin -- financial-rollup run --dt /,
    );

    expect(await org.listAll('reader', '/rollup/financial/list', { from_dt: yesterday, to_dt: yesterday }, 'rollups')).toEqual([]);
  });

  it('daily-usage-rollup refuses {dt, orgcode} and names the usage-rollup-admin operator', async () => {
    expect((await refusedInvocation('daily-usage-rollup', { dt: yesterday, orgcode: org.orgcode })).message).toMatch(
      /daily-usage-rollup runs only on its schedule; to roll up a chosen day use the usage-rollup-admin operator \(npm run admin -- usage-rollup run --dt /,
    );
  });

  it.each(scheduled.map((fn) => fn.name))('%s refuses an empty payload and a schedule event with anything added', async (name) => {
    const withDay = { ...localScheduledEvent(name, new Date()), dt: yesterday };

    expect((await refusedInvocation(name, {})).message).toMatch(new RegExp(`^${name} failed: ValidationError: ${name} runs only on its schedule`));
    expect((await refusedInvocation(name, withDay)).message).toMatch(/runs only on its schedule.*\(dt: /);
  });
});

describe('a scheduled function given its schedule event', () => {
  it.each(scheduled.map((fn) => fn.name))('%s runs on the event the local schedule timer sends', async (name) => {
    await expect(runScheduled(name, new Date(Date.UTC(2024, 0, 2, 2)))).resolves.toBeDefined();
  });
});
