import type { Context } from 'aws-lambda';

/**
 * The middleware chain of a route function, with middy's semantics and
 * without middy, whose module loads Node's web streams (`node:stream/web`, for
 * the streamed responses no route sends) at every cold start: about 1 ms, a
 * twentieth of what the budget allows a route beyond the SDK's own
 * (docs/decisions.md: Performance). Each step's `before` runs in order, then
 * the handler, then each `after` in reverse order; a throw anywhere runs each
 * `onError` in reverse order instead, which answers by setting `response`, or
 * the error is thrown on.
 */
export interface ChainRequest<Event, Result, Ctx extends Context> {
  event: Event;
  context: Ctx;
  response: Result | undefined;
  error: unknown;
}

type StepHook<Event, Result, Ctx extends Context> = (request: ChainRequest<Event, Result, Ctx>) => void | Promise<void>;

export interface ChainStep<Event, Result, Ctx extends Context> {
  before?: StepHook<Event, Result, Ctx>;
  after?: StepHook<Event, Result, Ctx>;
  onError?: StepHook<Event, Result, Ctx>;
}

/** How long before the function's timeout a handler still running is given up, so the chain answers its error (middy's default). */
const timeoutEarlyMs = 5;

/** A handler given up just before the function's timeout; worded as middy words it. */
export class HandlerTimeoutError extends Error {
  override name = 'TimeoutError';

  constructor() {
    super('[AbortError]: The operation was aborted.');
  }
}

async function beforeTimeout<T>(work: Promise<T>, context: Context): Promise<T> {
  if (typeof context.getRemainingTimeInMillis !== 'function') return work;
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HandlerTimeoutError()), context.getRemainingTimeInMillis() - timeoutEarlyMs);
  });
  try {
    return await Promise.race([work, givenUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** The Lambda handler running `handler` inside `steps`. */
export function chainedHandler<Event, Result, Ctx extends Context>(
  steps: ReadonlyArray<ChainStep<Event, Result, Ctx>>,
  handler: (event: Event, context: Ctx) => Promise<Result>,
): (event: Event, context: Ctx) => Promise<Result> {
  const reversed = [...steps].reverse();
  return async (event, context) => {
    const request: ChainRequest<Event, Result, Ctx> = { event, context, response: undefined, error: undefined };
    try {
      for (const step of steps) await step.before?.(request);
      request.response = await beforeTimeout(handler(event, context), context);
      for (const step of reversed) await step.after?.(request);
    } catch (error) {
      request.response = undefined;
      request.error = error;
      for (const step of reversed) await step.onError?.(request);
      if (request.response === undefined) throw request.error;
    }
    return request.response;
  };
}
