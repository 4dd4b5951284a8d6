import { ShardCountDecreaseError, layoutCacheMs, raiseDelayMs, raiseShards, shardKeys, shardLayout, shardOf } from '../../shared/db/shard-layout';
import { freshId, useStack } from '../support/harness';

/**
 * An organisation's shard layout (docs/decisions.md: Partition heat): one
 * shard until raised; a raise is read at once by a process that loads it, and
 * written to only once every process's copy has expired; the count never goes down.
 */
useStack();

const start = Date.parse('2026-11-20T12:00:00Z');

describe('the shard layout of an organisation', () => {
  it('is one shard, the unsharded key, until an operator raises it', async () => {
    const layout = await shardLayout(freshId('SHL'), start);
    expect(layout).toEqual({ readShards: 1, writeShards: 1 });
    expect(shardKeys('ORG#X#EVENTS', layout)).toEqual(['ORG#X#EVENTS']);
    expect(shardOf('evt_1', layout)).toBe(0);
  });

  it('reads a raised count at once and writes to it only after every cached copy has expired', async () => {
    const orgcode = freshId('SHL');
    const cachedBefore = await shardLayout(orgcode, start);
    const raised = await raiseShards(orgcode, 4, new Date(start));
    expect(raised).toMatchObject({ shards: 4, previous_shards: 1 });

    // A process that loaded the layout before the raise keeps its copy for at most layoutCacheMs, which ends before the raise takes effect.
    expect(raiseDelayMs).toBeGreaterThan(layoutCacheMs);
    expect(cachedBefore).toEqual({ readShards: 1, writeShards: 1 });
    expect(await shardLayout(orgcode, start + 1)).toEqual({ readShards: 4, writeShards: 1 });
    expect(await shardLayout(orgcode, start + layoutCacheMs + 1)).toEqual({ readShards: 4, writeShards: 1 });
    const effective = await shardLayout(orgcode, start + raiseDelayMs);
    expect(effective).toEqual({ readShards: 4, writeShards: 4 });
    expect(shardKeys('P', effective)).toEqual(['P', 'P#SHARD#1', 'P#SHARD#2', 'P#SHARD#3']);
    const shards = new Set(Array.from({ length: 200 }, (_item, index) => shardOf(`evt_${index}`, effective)));
    expect([...shards].sort()).toEqual([0, 1, 2, 3]);
  });

  it('never lowers the count, and raising it again while a raise is pending keeps writing to the shards of before', async () => {
    const orgcode = freshId('SHL');
    await raiseShards(orgcode, 4, new Date(start));
    await expect(raiseShards(orgcode, 2, new Date(start + 1))).rejects.toBeInstanceOf(ShardCountDecreaseError);
    expect(await raiseShards(orgcode, 8, new Date(start + 2))).toMatchObject({ shards: 8, previous_shards: 1 });
    expect(await raiseShards(orgcode, 8, new Date(start + 3))).toMatchObject({ shards: 8, previous_shards: 1 });
  });
});
