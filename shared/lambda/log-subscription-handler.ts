import { gunzipSync, gzipSync } from 'node:zlib';
import * as z from 'zod/mini';
import type { LogBatch } from '../domain/usage/metered-lines';
import { ValidationError } from '../domain/errors';
import { validate } from '../domain/validation';
import { loggedRun, type RunMetrics } from '../observability/run-log';
import { fencedFunction } from './function-chain';
import { keepOversizedFailure, type StoredFailure, storedEventOf } from './oversized-failure';

/** What a CloudWatch Logs subscription invokes its Lambda with: the batch, gzipped and base64-encoded. */
const subscriptionEvent = z.object({ awslogs: z.object({ data: z.string().check(z.minLength(1)) }) });

/**
 * The batch inside. `DATA_MESSAGE` carries log events; CloudWatch sends
 * `CONTROL_MESSAGE`s to check that the destination answers, with an empty log
 * group and stream and one log event whose `id` is empty, and nothing to handle.
 * Only a data message is held to the shape of the log events it carries.
 */
const logBatch = z.discriminatedUnion('messageType', [
  z.object({
    messageType: z.literal('DATA_MESSAGE'),
    logGroup: z.string(),
    logStream: z.string(),
    logEvents: z.array(z.object({ id: z.string().check(z.minLength(1)), timestamp: z.number(), message: z.string() })),
  }),
  z.object({ messageType: z.literal('CONTROL_MESSAGE') }),
]);

/** The event a subscription delivers `batch` in: what the local stack hands the handler, as CloudWatch Logs does. */
export function logSubscriptionEvent(batch: LogBatch): z.output<typeof subscriptionEvent> {
  const data = gzipSync(JSON.stringify({ messageType: 'DATA_MESSAGE', owner: '000000000000', subscriptionFilters: [], ...batch }));
  return { awslogs: { data: data.toString('base64') } };
}

function decodedBatch(data: string): unknown {
  try {
    return JSON.parse(gunzipSync(Buffer.from(data, 'base64')).toString('utf8'));
  } catch (error) {
    throw new ValidationError([{ path: 'awslogs.data', message: `must be base64 of gzipped JSON (${String(error)})` }], 'invalid_event');
  }
}

/**
 * The chain of a function a CloudWatch Logs subscription invokes: the payload
 * is decoded and validated at the trust boundary (a malformed one throws a
 * ValidationError, the function error the dead-letter queue keeps), a control
 * message is answered with nothing done, and `run` gets the batch. Each run is
 * logged as one line with the figures `metricsOf` gives, never the batch's lines.
 * A batch too large for Lambda's failure record is stored when it fails, its
 * pointer dead-lettered, and a pointer given back runs the stored batch
 * (shared/lambda/oversized-failure.ts).
 */
export function logSubscriptionHandler<Result>(
  run: (batch: LogBatch) => Promise<Result>,
  { metricsOf }: { metricsOf?: (result: Result) => RunMetrics } = {},
) {
  return fencedFunction<unknown, Result | StoredFailure | null>(async (event, context) => {
    let logEvents: number | undefined;
    try {
      return await loggedRun(
        context,
        async () => {
          const delivered = validate(subscriptionEvent, await storedEventOf(event));
          if (!delivered.success) throw new ValidationError(delivered.issues, 'invalid_event');
          const parsed = validate(logBatch, decodedBatch(delivered.data.awslogs.data));
          if (!parsed.success) throw new ValidationError(parsed.issues, 'invalid_event');
          if (parsed.data.messageType === 'CONTROL_MESSAGE') return null;
          logEvents = parsed.data.logEvents.length;
          const { logGroup, logStream } = parsed.data;
          return run({ logGroup, logStream, logEvents: parsed.data.logEvents });
        },
        { metricsOf: (result) => (result === null ? {} : (metricsOf?.(result) ?? {})) },
      );
    } catch (error) {
      return keepOversizedFailure(event, error, context, logEvents);
    }
  });
}
