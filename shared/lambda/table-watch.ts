import { dynamo } from '../db/client';
import { watchShardedWrites } from '../db/shard-watch';

/**
 * Every write the function sends is counted by the shard watch, which raises
 * a busy organisation's layout (docs/decisions.md: Partition heat). Each
 * function chain (routes, consumers, operators, scheduled and log-subscription
 * functions) calls this as it is built, at cold start: the watch is put on the
 * one document client above both, so neither imports the other.
 */
export function watchTableWrites(): void {
  watchShardedWrites(dynamo());
}
