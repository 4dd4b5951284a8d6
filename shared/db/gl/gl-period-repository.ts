import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { GlPeriod } from '../../domain/gl/gl-period';
import { writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { queryAll } from '../query-page';

/**
 * The organisation's closed periods, one item each in one partition (a dozen a
 * year), read whole and consistently: a period closed a moment ago dates the
 * next export's entries.
 */

/** Already closed: the close that did it stands. */
class ClosedAlreadyError extends Error {}

/**
 * Closes a period for good and answers it as closed; a period closed already
 * is answered as its first close left it (closing is for good, so a repeated
 * close, a retry among them, changes nothing).
 */
export async function closePeriod(period: GlPeriod): Promise<GlPeriod> {
  const key = keys.glPeriod(period.orgcode, period.period);
  try {
    await writeAtomically([
      { item: { ...key, record_type: 'gl_period', ...period }, condition: { expression: 'attribute_not_exists(pk)' }, onConditionFailed: () => new ClosedAlreadyError() },
    ]);
    return period;
  } catch (error) {
    if (!(error instanceof ClosedAlreadyError)) throw error;
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    return withoutStorageAttributes<GlPeriod>(Item ?? {});
  }
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
