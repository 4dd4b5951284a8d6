import middy from '@middy/core';
import type * as z from 'zod/mini';
import { ValidationError } from '../domain/errors';
import { validate } from '../domain/validation';

/**
 * The chain of every function invoked with a plain JSON payload rather than
 * over HTTP (operator functions, the export worker and scheduler): the payload
 * is validated at the trust boundary and errors surface as the Lambda's
 * function error, with a message naming what was wrong.
 */
export function payloadHandler<Schema extends z.ZodMiniType, Result>(
  schema: Schema,
  run: (payload: z.output<Schema>) => Promise<Result>,
) {
  return middy<unknown, Result>().handler(async (payload) => {
    const parsed = validate(schema, payload);
    if (!parsed.success) throw new ValidationError(parsed.issues);
    return run(parsed.data);
  });
}
