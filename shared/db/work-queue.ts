import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import * as keys from './keys';
import { type ItemKey } from './keys';

/**
 * The export work queue on gsi3: every export or batch still to build, or
 * whose outcome is still to publish, carries an entry due at the instant its
 * work should be (re)started if nobody has finished it by then. The scheduler
 * sweeps due entries every minute, so an export is never left pending because
 * an invocation was lost or a worker crashed.
 */

/** Attributes that put an item on the queue, due at `dueAt`. */
export function workEntry(orgcode: string, id: string, dueAt: Date) {
  const due = dueAt.toISOString();
  return { gsi3pk: keys.exportWorkQueue, gsi3sk: keys.queueEntry(due, orgcode, id), work_due_at: due };
}

/**
 * Internal attributes of a queued item, never shown by the API: when the sweep
 * acts on it next; how many builds have claimed it (each step of a build is
 * fenced with its claim's number); until when the current claim holds.
 */
export const workAttributes = ['work_due_at', 'work_attempts', 'work_deadline'] as const;

/** A queue entry as a sweep read it: its item's key and its place on the queue (what taking it is fenced on). */
export interface ReadEntry {
  pk: unknown;
  sk: unknown;
  gsi3sk: unknown;
  /** The export queue's items also keep their due time here (claims are fenced on it); it moves with the entry. */
  work_due_at?: unknown;
}

/** What the sweep needs to restart a piece of work, and the entry it read (its fence). */
export interface QueuedWork extends ReadEntry {
  record_type: 'export' | 'export_batch';
  orgcode: string;
  export_id: string;
  batch_id?: string;
  work_due_at: string;
}

/** The claim a build holds: its step writes hold only while the item is still running under it. */
export interface WorkClaim {
  key: ItemKey;
  attempt: number;
}

/** Thrown by a fenced write when another build has claimed the work since: the stale build stops. */
export class StaleClaimError extends Error {
  constructor(claim: WorkClaim) {
    super(`build attempt ${claim.attempt} of ${claim.key.pk} was superseded by a later claim`);
    this.name = 'StaleClaimError';
  }
}

/** The condition that the item is still running under `claim` (names #status; values :running, :attempt). */
export function heldClaim(claim: WorkClaim) {
  return {
    expression: '#status = :running AND work_attempts = :attempt',
    names: { '#status': 'status' },
    values: { ':running': 'running', ':attempt': claim.attempt },
  };
}

/** Upper bound of the sort keys due at `now` ('$' sorts right after '#'). */
const dueBound = (now: Date) => `${now.toISOString()}$`;

/** The items of a gsi3 work queue due at `now`, earliest first. */
export async function findDueEntries(queue: string, now: Date, limit: number, projection?: string): Promise<Array<ReadEntry & Record<string, unknown>>> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk < :due',
      ExpressionAttributeValues: { ':queue': queue, ':due': dueBound(now) },
      ProjectionExpression: projection,
      Limit: limit,
    }),
  );
  return (Items ?? []) as Array<ReadEntry & Record<string, unknown>>;
}

export async function findDueWork(now: Date, limit: number): Promise<QueuedWork[]> {
  const projection = 'pk, sk, gsi3sk, record_type, orgcode, export_id, batch_id, work_due_at';
  return (await findDueEntries(keys.exportWorkQueue, now, limit, projection)) as unknown as QueuedWork[];
}

/**
 * Takes a piece of work: a `pending` item, or a `running` one whose build
 * missed its deadline (it crashed or timed out), moves to `running` under a new
 * claim (work_attempts + 1) until `deadline`. The deadline is the claim's own
 * (work_deadline): the sweep moving the queue entry never extends or shortens
 * it. A claim taken before claims carried work_deadline kept its deadline only
 * in work_due_at, which the sweep moves forward each time it restarts the work,
 * so such a claim would never lapse: its deadline is read from its claim time
 * instead (updated_at, which nothing but its build's outcome writes while it
 * runs) and taken to be as long as a claim now is (`deadline - now`). Returns
 * the item as it now is, or undefined when another build holds it or it is finished.
 */
export async function claimWork(
  key: ItemKey,
  orgcode: string,
  id: string,
  now: Date,
  deadline: Date,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression:
          '#status = :pending OR (#status = :running AND (work_deadline <= :now OR ' +
          '(attribute_not_exists(work_deadline) AND updated_at <= :lapsedIfClaimedBefore)))',
        UpdateExpression:
          'SET #status = :running, gsi3sk = :entry, work_due_at = :deadline, work_deadline = :deadline, updated_at = :now ' +
          'ADD work_attempts :one, revision :one',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':running': 'running',
          ':now': now.toISOString(),
          ':lapsedIfClaimedBefore': new Date(2 * now.getTime() - deadline.getTime()).toISOString(),
          ':deadline': deadline.toISOString(),
          ':entry': workEntry(orgcode, id, deadline).gsi3sk,
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Records the outcome of a build (only while the item still runs under the
 * build's claim) and re-queues the item at `publishBy`: it leaves the queue
 * once its outcome event is published, so the event is delivered at least once.
 */
export async function recordBuildOutcome(
  claim: WorkClaim,
  orgcode: string,
  id: string,
  outcome: Record<string, unknown>,
  now: Date,
  publishBy: Date,
): Promise<Record<string, unknown>> {
  return fencedUpdate(claim, orgcode, id, { ...outcome, updated_at: now.toISOString() }, publishBy);
}

/**
 * Gives back a claim whose build met a transient fault: the item is `pending`
 * again, due at `retryAt`, when the sweep restarts it (only while it still
 * runs under the claim).
 */
export async function releaseClaim(claim: WorkClaim, orgcode: string, id: string, now: Date, retryAt: Date): Promise<void> {
  await fencedUpdate(claim, orgcode, id, { status: 'pending', updated_at: now.toISOString() }, retryAt);
}

async function fencedUpdate(
  claim: WorkClaim,
  orgcode: string,
  id: string,
  fields: Record<string, unknown>,
  dueAt: Date,
): Promise<Record<string, unknown>> {
  const entry = workEntry(orgcode, id, dueAt);
  const held = heldClaim(claim);
  const names: Record<string, string> = { ...held.names, '#revision': 'revision' };
  const values: Record<string, unknown> = { ...held.values, ':one': 1, ':entry': entry.gsi3sk, ':due': entry.work_due_at };
  const assignments = Object.entries(fields).map(([attribute, value], i) => {
    names[`#f${i}`] = attribute;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: claim.key,
        ConditionExpression: held.expression,
        UpdateExpression: `SET ${assignments.join(', ')}, gsi3sk = :entry, work_due_at = :due, #revision = #revision + :one`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ?? {};
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new StaleClaimError(claim);
    throw error;
  }
}

/** Takes an item off the queue: its work is done and its outcome published. */
export async function finishWork(key: ItemKey): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      ConditionExpression: 'attribute_exists(pk)',
      UpdateExpression: 'REMOVE gsi3pk, gsi3sk, work_due_at',
    }),
  );
}

/**
 * Takes a due entry of a gsi3 queue for one sweep run: moves it to `until` on
 * condition it is still the entry the run read (the same gsi3sk: due time and
 * item). Of two runs that overlap (a schedule fires whether or not the last
 * run ended) and read the same entry, one takes it; an entry read from a
 * lagging index after a worker claimed its work (the entry moved) or after its
 * work finished (the item gone, or off the queue) is taken by none. A run that
 * stops before finishing leaves the entry due again at `until` (for the export
 * sweep, the grace while the worker it restarts starts). The payout sweeper and
 * the export scheduler both take their entries with it. False when not taken.
 */
export async function takeDueEntry(entry: ReadEntry, until: Date): Promise<boolean> {
  const seen = String(entry.gsi3sk);
  // A queue entry is `<due>#<org>#<id>`: the due instant is all that moves.
  const next = `${until.toISOString()}${seen.slice(seen.indexOf('#'))}`;
  const keepsDueAt = entry.work_due_at !== undefined;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: entry.pk, sk: entry.sk },
        ConditionExpression: 'gsi3sk = :seen',
        UpdateExpression: keepsDueAt ? 'SET gsi3sk = :next, work_due_at = :due' : 'SET gsi3sk = :next',
        ExpressionAttributeValues: { ':seen': seen, ':next': next, ...(keepsDueAt && { ':due': until.toISOString() }) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
