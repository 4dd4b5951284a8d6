import { ThrottledError } from '../domain/errors';
import { pause } from '../pause';

/**
 * How the part of a batch call that DynamoDB leaves unprocessed
 * (BatchWriteItem's UnprocessedItems, BatchGetItem's UnprocessedKeys: it does
 * so when a partition is over its throughput) goes round again: after a pause
 * drawn at random below 25 ms x 2^round, never above 1 s (exponential backoff
 * with full jitter, which the DynamoDB Developer Guide asks of batch retries in
 * "Error retries and exponential backoff"), for at most 8 rounds; past them the
 * call is throttled (429, retryable), never left looping past its deadline.
 */
export const unprocessedRounds = { basePauseMs: 25, maxPauseMs: 1_000, maxRounds: 8 } as const;

/** The longest the pause after round `round` (from 1) may last. */
export const pauseBoundMs = (round: number): number => Math.min(unprocessedRounds.basePauseMs * 2 ** round, unprocessedRounds.maxPauseMs);

/**
 * Sends `pending`, then what each call answers unprocessed, until nothing is
 * left, pausing between rounds as unprocessedRounds says. `send` makes one
 * batch call and answers the requests it left unprocessed.
 */
export async function untilProcessed<Request>(pending: Request[], send: (pending: Request[]) => Promise<Request[]>): Promise<void> {
  let left = pending;
  for (let round = 1; left.length; round += 1) {
    left = await send(left);
    if (!left.length) return;
    if (round === unprocessedRounds.maxRounds) throw new ThrottledError();
    await pause(Math.random() * pauseBoundMs(round));
  }
}
