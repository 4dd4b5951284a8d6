import { ConditionalCheckFailedException, ProvisionedThroughputExceededException, ThrottlingException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { FinalizeRequestMiddleware, MiddlewareStack } from '@smithy/types';
import {
  type OrgAllowance,
  type OrgRateLimit,
  countRoom,
  periodOf,
  sharePeriodMs,
  shareRoom,
  sharesCeiling,
  takeAttempt,
} from '../../domain/org-rate';
import { dynamo, tableName } from '../client';
import * as keys from '../keys';

/** A bucket untouched for a day is deleted by TTL (a missing one is a full one). */
const idleRetentionSeconds = 24 * 3600;

/**
 * Attempts when another environment moved the allowance between what this one
 * saw and its write: the second asks with the allowance as the first found it;
 * past that it is contended, and the limiter backs off rather than write again.
 */
const maxAttempts = 2;

/** An allowance never written: a full bucket, no shares. */
const untouched: OrgAllowance = { tat: undefined, shares: {} };

/** The attribute holding the shares claimed for `period`. */
const shareAttribute = (period: number) => `share_${period}`;

/**
 * A take or claim the table throttled for the allowance item's own key (its
 * reasons name the key range, or none): the item is at its partition's limit,
 * because too many environments write it, and the limiter refuses (fails
 * closed). A throttle of the table as a whole is not this: the SDK retries it
 * as any call's, and past that the limiter admits a little unchecked.
 */
export class TakeThrottledError extends Error {
  constructor(cause: unknown) {
    super('org rate bucket throttled', { cause });
    this.name = 'TakeThrottledError';
  }
}

/** Whether DynamoDB throttled a request for its own key: its reasons name the key range, or give none. */
function throttledForItsKey(error: unknown): boolean {
  if (!(error instanceof ProvisionedThroughputExceededException || error instanceof ThrottlingException)) return false;
  const reasons = (error instanceof ThrottlingException ? error.throttlingReasons : error.ThrottlingReasons) ?? [];
  return reasons.length === 0 || reasons.some((reason) => reason.reason?.endsWith('KeyRangeThroughputExceeded'));
}

/**
 * Keeps the SDK from retrying a request the table throttled for the item's
 * key: its retries would hold the call for seconds (throttling backs off from
 * 500 ms) and spend the retry quota the call's own requests share, on an item
 * that is hot because too many environments write it. Between the SDK's
 * retries (finalizeRequest, high) and the request, so each attempt's
 * throttling is seen.
 */
function notRetriedWhenThrottled<Command extends UpdateCommand | GetCommand>(command: Command): Command {
  const refusing: FinalizeRequestMiddleware<any, any> = (next) => async (args) => {
    try {
      return await next(args);
    } catch (error) {
      throw throttledForItsKey(error) ? new TakeThrottledError(error) : error;
    }
  };
  // Overridable: a document client's command resolves its own stack twice (its own and the low-level command's).
  (command.middlewareStack as MiddlewareStack<any, any>).add(refusing, { step: 'finalizeRequest', priority: 'normal', name: 'orgRateTakeNotRetried', override: true });
  return command;
}

/** The allowance an item holds (or held, as a failed condition returned it). */
function allowanceOf(item: Record<string, unknown> | undefined): OrgAllowance {
  if (!item) return untouched;
  const shares: Record<number, number> = {};
  for (const [name, value] of Object.entries(item)) if (name.startsWith('share_')) shares[Number(name.slice('share_'.length))] = Number(value);
  return { tat: item.tat === undefined ? undefined : Number(item.tat), shares };
}

/**
 * Runs `write` with the allowance known, again with the one a failed condition
 * returned, and how stale that one may be (the milliseconds from the first
 * attempt's clock reading to its answer, 0 for the first); the allowance as
 * last returned once both attempts met another's write.
 */
async function withFreshAllowance<Result>(
  known: OrgAllowance | undefined,
  write: (allowance: OrgAllowance, staleMs: number) => Promise<Result>,
): Promise<Result | OrgAllowance> {
  let allowance = known ?? untouched;
  let staleMs = 0;
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const sentAt = Date.now();
    try {
      return await write(allowance, staleMs);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      allowance = allowanceOf(error.Item && unmarshall(error.Item));
      staleMs = Date.now() - sentAt;
    }
  }
  return allowance;
}

/** What a take got; `contended` when each attempt met another environment's write and the bucket still had room. */
export interface TakenCalls {
  granted: number;
  allowance: OrgAllowance;
  contended?: boolean;
}

/**
 * Takes up to `want` calls of the organisation's count bucket: one
 * conditional UpdateItem (docs/decisions.md: Per-organisation limit), judged
 * at the instant each attempt is sent (a take sent late with an earlier time
 * would set `tat` behind the real now, handing out calls the bucket never
 * counted), at the rate the period's shares leave (on condition they are
 * still no more than known). While the bucket is draining (`tat` ahead of
 * now) the write adds the calls' cost to `tat` on condition that it stays
 * within the burst; when it is full (`tat` past, or no item) it sets `tat`
 * from now. A second attempt counts a `tat` behind now by no more than the
 * first attempt's round trip as draining: the item it knows is that old, and
 * with others taking, the bucket has not filled meanwhile; writing the full
 * form there failed on every hot bucket once round trips outgrew a call's
 * cost. It counts those calls from `tat`, so over any span the bucket admits
 * at most its rate and burst plus a round trip's calls. A failed condition
 * returns the item as it is (ALL_OLD), so the
 * next attempt asks for what is left without a read; an allowance known to
 * have nothing left writes nothing. Attempts that all met others' writes
 * while the bucket still had room grant nothing and say so (`contended`): the
 * organisation is under its limit, and the limiter does not refuse for it.
 */
export async function takeOrgCalls(orgcode: string, limit: OrgRateLimit, want: number, known?: OrgAllowance): Promise<TakenCalls> {
  const taken = await withFreshAllowance(known, async (allowance, staleMs) => {
    const now = Date.now();
    const attempt = takeAttempt(limit, allowance, want, now, staleMs);
    if (!attempt) return { granted: 0, allowance };
    const { draining, shares } = attempt;
    const expires = Math.ceil((draining ? Math.max(allowance.tat!, now) + attempt.cost : attempt.fullTat) / 1000) + idleRetentionSeconds;
    const sharesHeld = '(attribute_not_exists(#share) OR #share <= :shares)';
    const { Attributes } = await dynamo().send(
      notRetriedWhenThrottled(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.orgRate(orgcode),
          UpdateExpression: draining ? 'SET tat = tat + :cost, expires_at_epoch = :expires' : 'SET tat = :tat, expires_at_epoch = :expires',
          ConditionExpression: draining ? `tat >= :floor AND tat <= :latest AND ${sharesHeld}` : `(attribute_not_exists(tat) OR tat < :floor) AND ${sharesHeld}`,
          ExpressionAttributeNames: { '#share': shareAttribute(periodOf(now)) },
          ExpressionAttributeValues: draining
            ? { ':cost': attempt.cost, ':floor': attempt.floor, ':latest': attempt.latest, ':expires': expires, ':shares': shares }
            : { ':tat': attempt.fullTat, ':floor': attempt.floor, ':expires': expires, ':shares': shares },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return { granted: attempt.calls, allowance: allowanceOf(Attributes) };
  });
  if ('granted' in taken) return taken;
  return { granted: 0, allowance: taken, contended: countRoom(limit, taken, Date.now()) >= 1 };
}

/**
 * Claims a share of up to `rate` calls a second for each of `periods` (one
 * UpdateItem: ADD to each period's shares, on condition that each stays under
 * the ceiling), as much as the fullest of them leaves; none once that is less
 * than the smallest share. Removes the shares of the three periods before the
 * current one (not of those before the first claimed: a renewal claims the
 * periods after the one in force, whose shares still count). A
 * failed condition returns the item as it is (ALL_OLD), and the second
 * attempt asks for what is left.
 */
export async function claimOrgShare(
  orgcode: string,
  limit: OrgRateLimit,
  rate: number,
  periods: readonly number[],
  known?: OrgAllowance,
): Promise<{ rate: number; allowance: OrgAllowance }> {
  // The periods before the current one: a renewal's periods start after the one in force, whose shares still count.
  const current = periodOf(Date.now());
  const past = [1, 2, 3].map((back) => current - back).filter((period) => !periods.includes(period));
  const claimed = await withFreshAllowance(known, async (allowance) => {
    const share = Math.floor(shareRoom(limit, allowance, periods, rate) * 1000) / 1000;
    if (share <= 0) return { rate: 0, allowance };
    const names = Object.fromEntries([...periods, ...past].map((period) => [`#p${period}`, shareAttribute(period)]));
    const expires = Math.ceil(((Math.max(...periods) + 1) * sharePeriodMs) / 1000) + idleRetentionSeconds;
    const { Attributes } = await dynamo().send(
      notRetriedWhenThrottled(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.orgRate(orgcode),
          UpdateExpression: `SET expires_at_epoch = :expires ADD ${periods.map((period) => `#p${period} :share`).join(', ')}${past.length ? ` REMOVE ${past.map((period) => `#p${period}`).join(', ')}` : ''}`,
          ConditionExpression: periods.map((period) => `(attribute_not_exists(#p${period}) OR #p${period} <= :fullest)`).join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':share': share, ':fullest': sharesCeiling(limit) - share, ':expires': expires },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return { rate: share, allowance: allowanceOf(Attributes) };
  });
  return 'rate' in claimed ? claimed : { rate: 0, allowance: claimed };
}

/**
 * The allowance as it is (a consistent GetItem, one read unit): what an environment that knows nothing of it, or
 * whose last take found it spent, looks at before it writes. Consistent, because a replica's copy may be half a
 * second old, and shows room the others took meanwhile: every environment that saw it would write, and fail.
 */
export async function readOrgAllowance(orgcode: string): Promise<OrgAllowance> {
  const { Item } = await dynamo().send(notRetriedWhenThrottled(new GetCommand({ TableName: tableName(), Key: keys.orgRate(orgcode), ConsistentRead: true })));
  return allowanceOf(Item);
}
