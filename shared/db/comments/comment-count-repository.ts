import type { CommentTarget } from '../../domain/comments/comment';
import type { CountChange, CountDimension, CountRow } from '../../domain/comments/comment-report';
import type { LifecycleStatus } from '../../domain/lifecycle';
import type { GuardedUpdate } from '../atomic-write';
import * as keys from '../keys';
import { queryAll } from '../query-page';

/**
 * Comment counters (docs/decisions.md: Comments, report): one item per
 * status, hashtag and author (each per status), for the organisation and for
 * the target, changed with ADD in the transaction of the comment change.
 */

export type CountScope = CommentTarget | { org_wide: true };

export function countPartition(orgcode: string, scope: CountScope): string {
  return 'org_wide' in scope ? keys.commentCountsOfOrg(orgcode) : keys.commentCountsOfTarget(orgcode, scope.target_type, scope.target_id);
}

/** The counter updates of a change of a comment on `target`: in the target's counters and the org's. */
export function commentCountUpdates(orgcode: string, target: CommentTarget, changes: readonly CountChange[]): GuardedUpdate[] {
  const partitions = [countPartition(orgcode, target), countPartition(orgcode, { org_wide: true })];
  return partitions.flatMap((partition) =>
    changes.map((change) => ({
      update: {
        key: keys.commentCount(partition, change.dimension, change.status, change.value),
        expression: 'ADD #count :delta SET #type = :type, #dimension = :dimension, #status = :status, #value = :value',
        names: { '#count': 'count', '#type': 'record_type', '#dimension': 'dimension', '#status': 'status', '#value': 'value' },
        values: { ':delta': change.delta, ':type': 'comment_count', ':dimension': change.dimension, ':status': change.status, ':value': change.value },
      },
    })),
  );
}

/** Every counter of a scope: one Query of its partition, a page at a time. */
export async function readCommentCounts(orgcode: string, scope: CountScope): Promise<CountRow[]> {
  const rows: CountRow[] = [];
  const counters = queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': countPartition(orgcode, scope) } });
  for await (const item of counters) {
    rows.push({
      dimension: item.dimension as CountDimension,
      status: item.status as LifecycleStatus,
      value: String(item.value),
      count: Number(item.count),
    });
  }
  return rows;
}
