import { pause } from '../pause';
import { RevisionConflictError } from '../domain/errors';
import { TransactionConflictError } from './atomic-write';

/** Concurrent changes of one record (or its order) are retried from a fresh read this many times. */
const maxAttempts = 20;

/**
 * Runs `attempt` until it returns something other than undefined (undefined:
 * go round again), retrying it from scratch when another change won a race
 * for the same record, with a growing jittered pause.
 */
export async function retryingConflicts<T>(attempt: (round: number) => Promise<T | undefined>): Promise<T> {
  for (let round = 1; round <= maxAttempts; round += 1) {
    try {
      const result = await attempt(round);
      if (result !== undefined) return result;
    } catch (error) {
      const contended = error instanceof RevisionConflictError || error instanceof TransactionConflictError;
      if (!contended || round === maxAttempts) throw error;
    }
    await pause(Math.random() * 10 * round);
  }
  throw new Error('unreachable: the last round returns or throws');
}
