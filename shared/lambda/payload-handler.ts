import middy from '@middy/core';
import type { z } from 'zod';
import { ValidationError } from '../domain/errors';
import { zodIssues } from '../http/zod-issues';

/**
 * The chain of every function invoked with a plain JSON payload rather than
 * over HTTP (operator functions, the export worker and scheduler): the payload
 * is validated at the trust boundary and errors surface as the Lambda's
 * function error, with a message naming what was wrong.
 */
export function payloadHandler<Schema extends z.ZodTypeAny, Result>(
  schema: Schema,
  run: (payload: z.infer<Schema>) => Promise<Result>,
) {
  return middy<unknown, Result>().handler(async (payload) => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ValidationError(zodIssues(parsed.error));
    return run(parsed.data);
  });
}
