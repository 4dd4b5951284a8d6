import { pause } from '../pause';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { NotFoundError, RevisionConflictError } from '../domain/errors';
import { type GuardedWrite, TransactionConflictError, conditionFailure, heldByAnother, transactItem } from './atomic-write';
import { dynamo, tableName } from './client';
import type { ItemKey } from './keys';
import { type Listing, listingMoves, listingUpdates } from './listings';
import { conditionalPut, conditionalUpdate } from './own-write';

interface RevisionedChange {
  key: ItemKey;
  expectedRevision: number;
  /** The change is a status move: allowed only from these statuses, else `invalid(current)`. */
  statusMove?: { from: readonly string[]; invalid: (current: string) => Error };
  /**
   * Written in the same transaction, only if the change applies (usage meters,
   * payments, events, claims). A companion whose own condition fails raises
   * its own error.
   */
  companions?: GuardedWrite[];
  /** Stamped as `updated_at`. */
  now: Date;
  /**
   * Where the record is listed (shared/db/listings.ts): its copies there change
   * with it, in its transaction. `before` (else `after`) is where it was listed
   * until now; only a whole change (`replace`) may move it.
   */
  listings?: { before?: readonly Listing[]; after: readonly Listing[] };
}

/** Attributes to set and remove; the rest of the record stays as it is. */
interface AttributeChange {
  set: Record<string, unknown>;
  /** E.g. a work-queue entry that no longer applies. */
  remove?: string[];
  replace?: never;
}

/**
 * The whole record as it becomes (a put), for records whose every attribute a
 * change may rewrite or drop, so no attribute of the old version lingers.
 */
interface WholeChange {
  replace: Record<string, unknown>;
  set?: never;
  remove?: never;
}

/** `revision` (bumped by one) and `updated_at` are managed here, whichever form the change takes. */
export type RevisionedUpdate = RevisionedChange & (AttributeChange | WholeChange);

interface Expression {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** Concurrent transactions that only held an item are tried again this many times in all. */
const maxConflictAttempts = 5;

/**
 * Changes a record only if its revision is still the one the caller read (and,
 * for a status move, its status is one the move starts from), bumps the
 * revision by one, and writes the companions with it, all or nothing. Returns
 * the record as stored. A failure is classified in one place, failedChange.
 */
export async function updateRevisioned(update: RevisionedUpdate): Promise<Record<string, unknown>> {
  const record = recordWrite(update);
  const companions = [...(update.companions ?? []), ...listingWrites(update, record)];
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send(record, companions, update);
    } catch (error) {
      const failure = await failedChange(error, update, companions);
      if (failure) throw failure;
      if (attempt >= maxConflictAttempts) throw new TransactionConflictError({ cause: error });
      // Jittered, so the contending transactions do not meet again.
      await pause(Math.random() * 20 * attempt);
    }
  }
}

/** The record's own condition: the expected revision, then (for a status move) the statuses it starts from. */
function revisionCondition(update: RevisionedUpdate): Expression {
  const names: Record<string, string> = { '#revision': 'revision' };
  const values: Record<string, unknown> = { ':expected': update.expectedRevision };
  let expression = 'attribute_exists(pk) AND #revision = :expected';
  if (update.statusMove) {
    const sources = update.statusMove.from.map((status, index) => {
      values[`:from${index}`] = status;
      return `:from${index}`;
    });
    if (sources.length) names['#status'] = 'status';
    // An empty list means no status can make the move: the condition can never hold.
    expression += sources.length ? ` AND #status IN (${sources.join(', ')})` : ' AND attribute_not_exists(pk)';
  }
  return { expression, names, values };
}

function attributeChange(change: AttributeChange, now: Date): Expression {
  const names: Record<string, string> = { '#revision': 'revision', '#updated_at': 'updated_at' };
  const values: Record<string, unknown> = { ':one': 1, ':now': now.toISOString() };
  const assignments = Object.entries(change.set).map(([attribute, value], index) => {
    names[`#a${index}`] = attribute;
    values[`:a${index}`] = value;
    return `#a${index} = :a${index}`;
  });
  const removals = (change.remove ?? []).map((attribute, index) => {
    names[`#r${index}`] = attribute;
    return `#r${index}`;
  });
  const expression =
    `SET ${[...assignments, '#updated_at = :now', '#revision = #revision + :one'].join(', ')}` +
    (removals.length ? ` REMOVE ${removals.join(', ')}` : '');
  return { expression, names, values };
}

interface Guarded {
  TableName: string;
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
  ReturnValuesOnConditionCheckFailure: 'ALL_OLD';
}

type RecordWrite =
  | { Put: Guarded & { Item: Record<string, unknown> } }
  | { Update: Guarded & { Key: ItemKey; UpdateExpression: string } };

/** The record's write under its condition, asking for the stored item back if the condition fails. */
function recordWrite(update: RevisionedUpdate): RecordWrite {
  const condition = revisionCondition(update);
  const guarded = (names: Record<string, string>, values: Record<string, unknown>): Guarded => ({
    TableName: tableName(),
    ConditionExpression: condition.expression,
    ExpressionAttributeNames: { ...condition.names, ...names },
    ExpressionAttributeValues: { ...condition.values, ...values },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  });
  if (update.replace) {
    const Item = { ...update.replace, ...update.key, revision: update.expectedRevision + 1, updated_at: update.now.toISOString() };
    return { Put: { ...guarded({}, {}), Item } };
  }
  const change = attributeChange(update, update.now);
  return { Update: { ...guarded(change.names, change.values), Key: update.key, UpdateExpression: change.expression } };
}

/** The writes of the record's copies in its lists, as the record's own write changes it. */
function listingWrites(update: RevisionedUpdate, record: RecordWrite): GuardedWrite[] {
  const { listings } = update;
  if (!listings) return [];
  if ('Put' in record) return listingMoves(record.Put.Item, listings.before ?? listings.after, listings.after);
  if (listings.before && !sameListings(listings.before, listings.after)) {
    throw new Error('An attribute change cannot move a record between lists: replace it whole');
  }
  const change = attributeChange(update as AttributeChange, update.now);
  return listingUpdates({ key: update.key, ...change }, listings.after);
}

const sameListings = (a: readonly Listing[], b: readonly Listing[]) =>
  a.length === b.length && a.every((listing, index) => listing.partition === b[index]?.partition && listing.sortKey === b[index]?.sortKey);

/**
 * One PutItem or UpdateItem when the record goes alone, each recognising its
 * own write when the SDK retries it after a lost answer (shared/db/own-write.ts),
 * else one transaction with the record first.
 */
async function send(record: RecordWrite, companions: GuardedWrite[], update: RevisionedUpdate): Promise<Record<string, unknown>> {
  if (!companions.length) {
    if ('Put' in record) {
      await conditionalPut(record.Put);
      return record.Put.Item;
    }
    return conditionalUpdate(record.Update, {
      set: { ...update.set, revision: update.expectedRevision + 1, updated_at: update.now.toISOString() },
      removed: update.remove ?? [],
    });
  }
  await dynamo().send(new TransactWriteCommand({ TransactItems: [record, ...companions.map(transactItem)] }));
  return 'Put' in record ? record.Put.Item : readCurrent(update.key);
}

async function readCurrent(key: ItemKey): Promise<Record<string, unknown>> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ?? {};
}

/**
 * The error a failed write means, or undefined when another transaction only
 * held an item and the same write may succeed now.
 */
async function failedChange(error: unknown, update: RevisionedUpdate, companions: GuardedWrite[]): Promise<unknown> {
  if (error instanceof ConditionalCheckFailedException) {
    return judgedFromStored(update, error.Item ? unmarshall(error.Item) : {}) ?? error;
  }
  if (!(error instanceof TransactionCanceledException)) return error;
  const reasons = error.CancellationReasons ?? [];
  const [own, ...theirs] = reasons;
  // A companion's failure is final (the payment or tender is already on record);
  // a stale revision would only send the caller to a retry that meets it again.
  const companionFailure = conditionFailure(companions, theirs);
  if (companionFailure) return companionFailure;
  if (own?.Code === 'ConditionalCheckFailed') {
    const stored = own.Item ? unmarshall(own.Item) : await readCurrent(update.key);
    return judgedFromStored(update, stored) ?? error;
  }
  if (!heldByAnother(reasons)) return error;
  // Nothing was judged: if the other transaction moved this record, that is the answer.
  return judgedFromStored(update, await readCurrent(update.key));
}

/**
 * Why the record's condition does not hold, from the record as stored: missing
 * is 404, another revision 409 conflict (naming the current one), a status the
 * move does not start from 409 invalid-state. The revision is judged first: a
 * caller holding a stale copy must re-read before anything else it concludes
 * is meaningful.
 */
function judgedFromStored(update: RevisionedUpdate, stored: Record<string, unknown>): Error | undefined {
  if (stored.revision === undefined) return new NotFoundError();
  const currentRevision = Number(stored.revision);
  if (currentRevision !== update.expectedRevision) {
    return new RevisionConflictError(update.expectedRevision, currentRevision);
  }
  const status = String(stored.status);
  if (update.statusMove && !update.statusMove.from.includes(status)) return update.statusMove.invalid(status);
  return undefined;
}
