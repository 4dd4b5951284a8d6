import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { GuardedPut } from './atomic-write';
import { dynamo, tableName } from './client';
import * as keys from './keys';

/**
 * The record of an organisation's shard raises (docs/decisions.md: Partition
 * heat): each raise, by the watch of its write rate or by an operator, is kept
 * beside the layout (written in the raise's own transaction, never changed);
 * shard-layout.ts logs it too, as a line that is also its `ShardRaises` metric.
 */

/** What raised a layout: the watch of the organisation's write rate, or an operator's command. */
export type RaiseTrigger = 'automatic' | 'operator';

/** Why a layout was raised. */
export interface RaiseCause {
  trigger: RaiseTrigger;
  /** In words: the rate the watch observed, or what the operator said. */
  reason: string;
  /**
   * The watch's figures: the hottest spread partition (its key without the organisation), its write units a second over
   * all its shards, and of those the units refused as throttled, when there were any.
   */
  observed?: { partition: string; write_units_per_second: number; throttled_write_units_per_second?: number };
}

/** One raise: when, from what to what, from when writes use it, and why. */
export interface ShardRaise extends RaiseCause {
  at: string;
  from_shards: number;
  to_shards: number;
  effective_at: string;
}

/** The cause of a raise made by the operator command when it gives no reason. */
export const operatorRaise: RaiseCause = { trigger: 'operator', reason: 'operator command' };

/** A raise's record, put in the raise's own transaction. */
export function raiseRecordPut(orgcode: string, raise: ShardRaise): GuardedPut {
  return { item: { ...keys.shardRaise(orgcode, raise.at, raise.to_shards), record_type: 'shard_raise', orgcode, ...raise } };
}

/** Every raise of the organisation's layout, oldest first: at most one per shard count it went through. */
export async function shardRaises(orgcode: string): Promise<ShardRaise[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :raise)',
      ExpressionAttributeValues: { ':pk': keys.shardLayout(orgcode).pk, ':raise': 'RAISE#' },
      ConsistentRead: true,
    }),
  );
  return Items.map(({ at, trigger, reason, observed, from_shards, to_shards, effective_at }) => ({
    at,
    trigger,
    reason,
    ...(observed && { observed }),
    from_shards,
    to_shards,
    effective_at,
  }));
}
