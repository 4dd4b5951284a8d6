import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CommentTarget, CommentTargetType } from '../../domain/comments/comment';
import { financialDimensions, usageScopes } from '../../domain/rollups/rollup-subjects';
import { dynamo, tableName } from '../client';
import * as keys from '../keys';

/**
 * Where each kind of comment target is stored, from its `target_id`: the key
 * its own get route reads. Undefined when the id cannot name such a record.
 */
const targetKeys: Record<CommentTargetType, (orgcode: string, id: string) => keys.ItemKey | undefined> = {
  invoice: (orgcode, id) => keys.invoice(orgcode, id),
  payment: (orgcode, id) => keys.payment(orgcode, id),
  commission: (orgcode, id) => keys.commission(orgcode, id),
  payout: (orgcode, id) => keys.commissionPayout(orgcode, id),
  export: (orgcode, id) => keys.exportRecord(orgcode, id),
  export_batch: (orgcode, id) => keys.exportBatch(orgcode, id),
  export_schedule: (orgcode, id) => keys.exportSchedule(orgcode, id),
  event: (orgcode, id) => keys.event(orgcode, id),
  financial_rollup: (orgcode, id) => {
    const [, dt, dimension, value] = /^(\d{4}-\d{2}-\d{2})\/([^/]+)\/(.+)$/.exec(id) ?? [];
    if (!dt || !value || !(financialDimensions as readonly string[]).includes(dimension ?? '')) return undefined;
    return keys.financialRollup(orgcode, dt, dimension as string, value);
  },
  usage_rollup: (orgcode, id) => {
    // The last part is the scope, or a cost centre code (which has no '/'); the service is what lies between.
    const [, dt, service, scopeOrCccode] = /^(\d{4}-\d{2}-\d{2})\/(.+)\/([^/]+)$/.exec(id) ?? [];
    if (!dt || !service || !scopeOrCccode) return undefined;
    const scope = (usageScopes as readonly string[]).includes(scopeOrCccode)
      ? { scope: scopeOrCccode as 'org' | 'unattributed' }
      : { scope: 'cccode' as const, cccode: scopeOrCccode };
    return keys.usageRollup(orgcode, dt, service, keys.usageRollupScope(scope));
  },
};

/**
 * Whether the organisation has the target record: one consistent GetItem of
 * its key alone (1 RCU), so a record created a moment ago is found.
 */
export async function commentTargetExists(orgcode: string, target: CommentTarget): Promise<boolean> {
  const key = targetKeys[target.target_type](orgcode, target.target_id);
  if (!key) return false;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ProjectionExpression: 'pk', ConsistentRead: true }),
  );
  return Item !== undefined;
}
