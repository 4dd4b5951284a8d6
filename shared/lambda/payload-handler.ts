import middy from '@middy/core';
import type * as z from 'zod/mini';
import { ValidationError } from '../domain/errors';
import { validate } from '../domain/validation';
import { type InvocationContext, loggedRun, type RunMetrics } from '../observability/run-log';

/**
 * The chain of every function invoked with a plain JSON payload rather than
 * over HTTP (operator functions, the export worker and scheduler): the payload
 * is validated at the trust boundary and errors surface as the Lambda's
 * function error, with a message naming what was wrong. Each run is logged
 * as one line, with `metricsOf` its result's figures as metrics.
 */
export function payloadHandler<Schema extends z.ZodMiniType, Result>(
  schema: Schema,
  run: (payload: z.output<Schema>) => Promise<Result>,
  { metricsOf }: { metricsOf?: (result: Result) => RunMetrics } = {},
) {
  return middy<unknown, Result>().handler((payload, context: InvocationContext) =>
    loggedRun(
      context,
      async () => {
        const parsed = validate(schema, payload);
        if (!parsed.success) throw new ValidationError(parsed.issues);
        return run(parsed.data);
      },
      { metricsOf },
    ),
  );
}
