import * as z from 'zod/mini';
import { failureRecordKeepsPayload } from '../domain/invocation-record';
import { loadPayload, storedPayloadPrefix, storePayload } from '../s3/stored-payloads';
import type { InvocationContext } from '../observability/run-log';
import { sendDeadLetter } from '../sqs/dead-letter-queue';

/**
 * A failed batch too large for Lambda's failure record (docs/decisions.md:
 * Usage meters). Lambda drops the request payload from the record it sends the
 * on-failure destination once payload and error pass 256 KiB together, and the
 * function cannot shrink a record Lambda builds. So such a batch is stored in
 * the export bucket, and its pointer goes to the dead-letter queue in a record
 * of the same shape, sent by the function itself; the function then returns, so
 * Lambda neither retries nor records it. A redrive invokes the function with
 * the pointer, and it runs the stored batch again (its chunks count once).
 *
 * Lambda does not tell a function which attempt it runs, so the first failure
 * of an oversized batch is its last: its retries are the redrive.
 */

/** What a redrive sends back: the stored batch, how large it is and how many log events it holds (when it could be read). */
export const storedBatchPointer = z.object({
  stored_log_batch: z.object({
    key: z.string().check(z.startsWith(storedPayloadPrefix)),
    bytes: z.int(),
    log_events: z.optional(z.int()),
  }),
});
export type StoredBatchPointer = z.infer<typeof storedBatchPointer>;

/** What the function answers for a batch it stored: small, so no record of it outgrows anything. */
export interface StoredFailure {
  stored_for_redrive: string;
}

/** The error as the Node runtime answers it, stack included: what Lambda puts beside the payload. */
function runtimeError(error: unknown) {
  const thrown = error instanceof Error ? error : new Error(String(error));
  return { errorType: thrown.name || 'Error', errorMessage: thrown.message, stackTrace: thrown.stack?.split('\n') ?? [] };
}

/** The event a pointer stands for; any other event as it is. */
export async function storedEventOf(event: unknown): Promise<unknown> {
  const pointer = storedBatchPointer.safeParse(event);
  return pointer.success ? loadPayload(pointer.data.stored_log_batch.key) : event;
}

/**
 * Rethrows `error` when Lambda's failure record keeps `event`; otherwise stores
 * `event`, sends its pointer to the dead-letter queue and answers which object it is.
 */
export async function keepOversizedFailure(
  event: unknown,
  error: unknown,
  context: InvocationContext & { invokedFunctionArn?: string },
  logEvents?: number,
): Promise<StoredFailure> {
  const { stackTrace, ...response } = runtimeError(error);
  if (failureRecordKeepsPayload(event, { ...response, stackTrace })) throw error;
  const stored = await storePayload(event);
  const pointer: StoredBatchPointer = { stored_log_batch: { ...stored, ...(logEvents !== undefined && { log_events: logEvents }) } };
  await sendDeadLetter(
    JSON.stringify({
      version: '1.0',
      timestamp: new Date().toISOString(),
      // A redrive invokes this function by it: as Lambda's records name it, or by name.
      requestContext: { requestId: context.awsRequestId, functionArn: context.invokedFunctionArn ?? context.functionName, condition: 'PayloadStored' },
      requestPayload: pointer,
      responseContext: { statusCode: 200, functionError: 'Unhandled' },
      responsePayload: response,
    }),
  );
  return { stored_for_redrive: stored.key };
}
