import { ConditionalCheckFailedException, ProvisionedThroughputExceededException, ThrottlingException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type OrgRateLimit, callsAvailable, emissionMs, tatAfter } from '../../domain/org-rate';
import { dynamo, tableName } from '../client';
import * as keys from '../keys';

/** What a take from the shared allowance gave: the calls granted (0: none left) and the bucket's `tat` as last seen. */
export interface CallGrant {
  granted: number;
  tat: number | undefined;
}

/** A bucket untouched for a day is deleted by TTL (a missing one is a full one). */
const idleRetentionSeconds = 24 * 3600;

/**
 * Attempts when another environment moved the bucket between what this one saw
 * and its write: the second asks with the bucket as the first found it; past
 * that the bucket is contended, and the limiter backs off rather than write again.
 */
const maxAttempts = 2;

/** A take the table throttled: the bucket item's partition is at its limit, and the limiter refuses (fails closed). */
export class TakeThrottledError extends Error {
  constructor(cause: unknown) {
    super('org rate bucket throttled', { cause });
    this.name = 'TakeThrottledError';
  }
}

/**
 * Keeps the SDK from retrying a take that was throttled: its retries would hold
 * the call for seconds (throttling backs off from 500 ms) and spend the retry
 * quota the call's own requests share, on an item that is hot because too many
 * environments write it. Between the SDK's retries (finalizeRequest, high) and
 * the request, so each attempt's throttling is seen.
 */
function notRetriedWhenThrottled<Command extends UpdateCommand>(command: Command): Command {
  command.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw error instanceof ProvisionedThroughputExceededException || error instanceof ThrottlingException ? new TakeThrottledError(error) : error;
      }
    },
    // Overridable: a document client's command resolves its own stack twice (its own and the low-level command's).
    { step: 'finalizeRequest', priority: 'normal', name: 'orgRateTakeNotRetried', override: true },
  );
  return command;
}

/**
 * Takes up to `want` calls of the organisation's shared allowance: one
 * conditional UpdateItem (docs/decisions.md: Per-organisation limit), judged
 * at the instant each attempt is sent (a take sent late with an earlier time
 * would set `tat` behind the real now, handing out calls the bucket never
 * counted).
 * While the bucket is draining (`tat` ahead of now) the write adds the calls'
 * cost to `tat` on condition that it stays within the burst; when it is full
 * (`tat` past, or no item) it sets `tat` from now. A failed condition returns
 * the item as it is (ALL_OLD), so the next attempt asks for what is left
 * without a read; `knownTat` picks the first attempt's form.
 */
export async function takeOrgCalls(orgcode: string, limit: OrgRateLimit, want: number, knownTat?: number): Promise<CallGrant> {
  let tat = knownTat;
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const now = Date.now();
    const calls = Math.min(want, callsAvailable(limit, tat, now));
    if (calls < 1) return { granted: 0, tat };
    const draining = tat !== undefined && tat >= now;
    const expires = Math.ceil(tatAfter(limit, tat, now, calls) / 1000) + idleRetentionSeconds;
    try {
      const { Attributes } = await dynamo().send(
        notRetriedWhenThrottled(new UpdateCommand({
          TableName: tableName(),
          Key: keys.orgRate(orgcode),
          UpdateExpression: draining ? 'SET tat = tat + :cost, expires_at_epoch = :expires' : 'SET tat = :tat, expires_at_epoch = :expires',
          ConditionExpression: draining ? 'tat >= :now AND tat <= :latest' : 'attribute_not_exists(tat) OR tat < :now',
          ExpressionAttributeValues: draining
            ? { ':cost': calls * emissionMs(limit), ':now': now, ':latest': now + (limit.burst - calls) * emissionMs(limit), ':expires': expires }
            : { ':tat': tatAfter(limit, undefined, now, calls), ':now': now, ':expires': expires },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        })),
      );
      return { granted: calls, tat: Number(Attributes?.tat) };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const stored = error.Item && unmarshall(error.Item);
      tat = stored?.tat === undefined ? undefined : Number(stored.tat);
    }
  }
  return { granted: 0, tat };
}
