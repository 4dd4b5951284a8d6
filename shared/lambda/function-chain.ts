import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { withinInvocation } from '../invocation-fence';
import { watchTableWrites } from './table-watch';

/**
 * The middy chain of every function invoked directly or by an AWS service
 * (consumers, the log subscription's aggregator, operator, background and
 * scheduled functions): `run` fenced by the invocation's deadline, so nothing
 * it starts outlives it (shared/invocation-fence.ts). middy's own early
 * timeout is off: it would answer while `run` went on, and Lambda would freeze
 * and later thaw what was left.
 */
export function fencedFunction<Event, Result>(run: (event: Event, context: Context) => Promise<Result>) {
  watchTableWrites();
  return middy<Event, Result>({ timeoutEarlyInMillis: 0 }).handler((event, context) => withinInvocation(context, () => run(event, context)));
}
