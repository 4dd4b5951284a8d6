import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OutgoingEvent } from '../domain/outgoing-event';
import { newId } from '../domain/identifiers';
import type { GuardedPut } from './atomic-write';
import { dynamo, tableName } from './client';
import * as keys from './keys';
import { type ItemKey } from './keys';
import { type MergedCursor, mergedQueryPage } from './merged-query';

/** An event waiting in the outbox, with the key that removes it once published. */
export interface OutboxEntry {
  key: ItemKey;
  event: OutgoingEvent;
  /** When the change it announces was written. */
  queuedAt: string;
}

/**
 * The outbox entry of an event, written in the transaction of the change it
 * announces: the change and its announcement exist together or not at all.
 */
export function outboxPut(event: OutgoingEvent, now: Date): GuardedPut {
  const entryId = newId('out', now);
  return {
    item: {
      ...keys.outboxEntry(event.detail.orgcode, entryId),
      record_type: 'outbox',
      gsi3pk: keys.outboxQueueOf(entryId),
      gsi3sk: keys.queueEntry(now.toISOString(), event.detail.orgcode, entryId),
      detail_type: event.detailType,
      detail: event.detail,
    },
  };
}

/**
 * The waiting entries across organisations, oldest first over every shard of
 * the queue, a page at a time (paging on, rather than querying again, never
 * meets an entry twice in a run while the index catches up with removals).
 */
export async function waitingOutboxEntries(limit: number, cursor?: MergedCursor): Promise<{ entries: OutboxEntry[]; cursor?: MergedCursor }> {
  const page = await mergedQueryPage({ index: 'gsi3', partitions: keys.outboxQueues, oldestFirst: true }, limit, cursor);
  return {
    entries: page.items.map((item) => ({
      key: { pk: String(item.pk), sk: String(item.sk) },
      queuedAt: String(item.gsi3sk).split('#')[0]!,
      event: { detailType: item.detail_type as OutgoingEvent['detailType'], detail: item.detail as OutgoingEvent['detail'] },
    })),
    cursor: page.cursor,
  };
}

/**
 * Takes an entry for one publisher run until `until`: true when it is still
 * waiting and no other run holds it. Runs that overlap (a schedule fires
 * whether or not the last run ended) read the same entries from the index;
 * only one claims each, and an entry read from a lagging index after it was
 * removed is never claimed (nor recreated). A run that stops after claiming
 * leaves its entries to the first run after `until`: at least once.
 */
export async function claimOutboxEntry(key: ItemKey, now: Date, until: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(claimed_until) OR claimed_until <= :now)',
        UpdateExpression: 'SET claimed_until = :until',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':until': until.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function removeOutboxEntry(key: ItemKey): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key }));
}
