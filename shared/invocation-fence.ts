import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';
import { DeadlineExceededError } from './domain/errors';

/**
 * Nothing an invocation starts outlives it (docs/decisions.md: Deadlines).
 * Lambda freezes an execution environment the moment its handler returns: a
 * promise still running then resumes at the environment's next invocation,
 * minutes later, and its writes commit then, long after the caller was
 * answered. So every handler runs inside a fence with a deadline, and every
 * AWS call the service makes goes through it (`fencedClient`):
 *
 * - a call not yet sent when the deadline has passed is not sent, judged by
 *   the wall clock at each attempt, which a thawed environment reads right
 *   (a timer set before a freeze fires late);
 * - a call in flight at the deadline is aborted (the SDK's abort signal also
 *   cuts its retry pauses short), and so is a pause (shared/pause.ts);
 * - when the fenced work settles, whatever it left in flight is aborted and
 *   awaited, and any call it tries later is refused.
 *
 * Fences nest (`withinDeadline`): a piece of work given less time than its
 * invocation (desk work after a payout's change, a loop that hands the rest
 * to a sweep) gets its own, ended by the earlier of the two deadlines.
 */
interface Fence {
  readonly deadline: number;
  readonly signal: AbortSignal;
  readonly parent: Fence | undefined;
  readonly inFlight: Set<Promise<unknown>>;
}

const fences = new AsyncLocalStorage<Fence>();

/** Why a fence's signal aborted once its work settled: a call tried after that is a bug, and says so. */
export class InvocationEndedError extends Error {
  constructor() {
    super('An AWS call was started after the work it belongs to had ended (Lambda would have frozen it)');
    this.name = 'InvocationEndedError';
  }
}

/** The fence of the work running now, if any. */
function currentFence(): Fence | undefined {
  return fences.getStore();
}

/** Throws unless the current fence (if any) still lets work go on: not aborted, and its deadline not passed by the wall clock. */
export function checkFence(): void {
  const fence = currentFence();
  if (!fence) return;
  if (fence.signal.aborted) throw fence.signal.reason;
  if (Date.now() >= fence.deadline) throw new DeadlineExceededError();
}

/** The signal that aborts when the current fence ends; undefined outside any fence. */
export function fenceSignal(): AbortSignal | undefined {
  return currentFence()?.signal;
}

/** Milliseconds left before the current fence's deadline (Infinity outside any fence). */
export function fenceRemainingMs(): number {
  const fence = currentFence();
  return fence ? Math.max(0, fence.deadline - Date.now()) : Number.POSITIVE_INFINITY;
}

/**
 * Runs `work` fenced until `deadline` (or the enclosing fence's, if earlier).
 * Once `work` settles, the fence aborts whatever it left in flight and waits
 * for it to settle, so the caller's answer is given with nothing of it still
 * running. A rejection caused by the fence is its reason (DeadlineExceededError).
 */
export async function withinDeadline<Result>(deadline: Date | number, work: () => Promise<Result>): Promise<Result> {
  const parent = currentFence();
  const at = Math.min(typeof deadline === 'number' ? deadline : deadline.getTime(), parent?.deadline ?? Number.POSITIVE_INFINITY);
  const controller = new AbortController();
  const signal = parent ? AbortSignal.any([parent.signal, controller.signal]) : controller.signal;
  // Every call in flight listens to the fence's signal (the SDK, pause, nested fences): a batch of them is not a leak.
  setMaxListeners(0, controller.signal, signal);
  const fence: Fence = { deadline: at, signal, parent, inFlight: new Set() };
  const timer = Number.isFinite(at) ? setTimeout(() => controller.abort(new DeadlineExceededError()), Math.max(0, at - Date.now())) : undefined;
  try {
    return await fences.run(fence, work);
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  } finally {
    clearTimeout(timer);
    if (!controller.signal.aborted) controller.abort(new InvocationEndedError());
    while (fence.inFlight.size > 0) await Promise.allSettled([...fence.inFlight]);
  }
}

/** How long before its function's timeout an invocation's fence ends: time for its run's log line and its aborted calls to settle. */
export const functionDeadlineMarginMs = 1_000;

/** What Lambda tells a handler of its time: the Lambda context (a handler invoked without one has no deadline but its end). */
interface InvocationClock {
  getRemainingTimeInMillis?: () => number;
}

/** Runs one invocation's work fenced until `marginMs` before its function's timeout. */
export function withinInvocation<Result>(context: InvocationClock, work: () => Promise<Result>, marginMs = functionDeadlineMarginMs): Promise<Result> {
  const remainingMs = typeof context.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : Number.POSITIVE_INFINITY;
  return withinDeadline(Date.now() + remainingMs - marginMs, work);
}

/** Counts `promise` as in flight in the current fence and every one around it, until it settles. */
function track<Value>(promise: Promise<Value>): Promise<Value> {
  const holders: Fence[] = [];
  for (let fence = currentFence(); fence; fence = fence.parent) holders.push(fence);
  for (const fence of holders) fence.inFlight.add(promise);
  const settled = () => {
    for (const fence of holders) fence.inFlight.delete(promise);
  };
  promise.then(settled, settled);
  return promise;
}

/** An AWS SDK v3 client: what `fencedClient` needs of one. */
interface SendingClient {
  send(command: any, options?: any): Promise<any>;
  middlewareStack: { add(middleware: any, options: { step: 'finalizeRequest'; priority: 'low'; name: string }): void };
}

/**
 * Fences every call of `client` by the current fence: checked before it is
 * sent and before each of the SDK's attempts (finalizeRequest runs once per
 * attempt, after the retry middleware), aborted at the deadline through the
 * SDK's own abort signal (which it takes per `send`), and counted in flight
 * until it settles. Outside any fence (a script, a test's own set-up) calls go
 * as they are. A call the fence cut short rejects with the fence's reason.
 */
export function fencedClient<Client extends SendingClient>(client: Client): Client {
  client.middlewareStack.add(
    (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
      checkFence();
      return next(args);
    },
    { step: 'finalizeRequest', priority: 'low', name: 'invocationFence' },
  );
  const send = client.send.bind(client);
  client.send = (command: unknown, options?: Record<string, unknown>) => {
    const signal = fenceSignal();
    if (!signal) return send(command, options);
    checkFence();
    return track(
      send(command, { ...options, abortSignal: signal }).catch((error: unknown) => {
        throw signal.aborted ? signal.reason : error;
      }),
    );
  };
  return client;
}
