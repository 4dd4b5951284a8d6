import type * as z from 'zod/mini';
import { ValidationError, type ValidationIssue } from '../domain/errors';
import { validate } from '../domain/validation';
import { loggedRun, type RunMetrics } from '../observability/run-log';
import { fencedFunction } from './function-chain';

/**
 * The chain of every function invoked with a plain JSON payload rather than
 * over HTTP (operator functions, the export worker and scheduler): the payload
 * is validated at the trust boundary and errors surface as the Lambda's
 * function error, with a message naming what was wrong. Each run is logged
 * as one line, with `metricsOf` its result's (and payload's) figures as metrics. `refusal`,
 * when given, words the error of a payload that does not validate.
 */
export function payloadHandler<Schema extends z.ZodMiniType, Result>(
  schema: Schema,
  run: (payload: z.output<Schema>) => Promise<Result>,
  {
    metricsOf,
    refusal,
  }: { metricsOf?: (result: Result, payload: z.output<Schema>) => RunMetrics; refusal?: (issues: ValidationIssue[]) => string } = {},
) {
  return fencedFunction<unknown, Result>((payload, context) => {
    let validated: z.output<Schema>;
    return loggedRun(
      context,
      async () => {
        const parsed = validate(schema, payload);
        if (!parsed.success) throw new ValidationError(parsed.issues, undefined, refusal?.(parsed.issues));
        validated = parsed.data;
        return run(validated);
      },
      { metricsOf: metricsOf && ((result) => metricsOf(result, validated)) },
    );
  });
}
