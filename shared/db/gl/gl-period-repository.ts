import { InvalidStateError } from '../../domain/errors';
import type { GlPeriod } from '../../domain/gl/gl-period';
import { writeAtomically } from '../atomic-write';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { queryAll } from '../query-page';

/**
 * The organisation's closed periods, one item each in one partition (a dozen a
 * year), read whole and consistently: a period closed a moment ago dates the
 * next export's entries.
 */

/** Closes a period for good; one already closed is 409 invalid-state. */
export async function closePeriod(period: GlPeriod): Promise<void> {
  await writeAtomically([
    {
      item: { ...keys.glPeriod(period.orgcode, period.period), record_type: 'gl_period', ...period },
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new InvalidStateError(`Period ${period.period} is already closed`, { period: period.period, status: 'closed' }, 'period_closed'),
    },
  ]);
}

/** Every closed period of the org, oldest first. */
export async function closedPeriods(orgcode: string): Promise<GlPeriod[]> {
  const periods: GlPeriod[] = [];
  for await (const item of queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.glPeriods(orgcode) } })) {
    periods.push(withoutStorageAttributes<GlPeriod>(item));
  }
  return periods;
}

/** The periods (`YYYY-MM`) closed before `instant`: what an export created then dates its entries by. */
export async function closedPeriodsBefore(orgcode: string, instant: string): Promise<string[]> {
  return (await closedPeriods(orgcode)).filter((period) => period.closed_at < instant).map((period) => period.period);
}
