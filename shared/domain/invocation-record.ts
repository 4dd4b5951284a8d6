import * as z from 'zod/mini';

/**
 * The invocation record Lambda sends a destination after an asynchronous
 * invocation: the function (`requestContext.functionArn`), why it is sent
 * (`condition`: `Success`, `RetriesExhausted`, or `EventAgeExceeded` when the
 * event waited too long to run at all), what the function was given
 * (`requestPayload`) and what it returned or threw (`responsePayload`). Only
 * what every record carries is required: a record is read whatever else it holds.
 */
export const invocationRecord = z.object({
  timestamp: z.optional(z.string()),
  requestContext: z.object({
    functionArn: z.string(),
    condition: z.optional(z.string()),
    approximateInvokeCount: z.optional(z.int()),
  }),
  /** Left out by Lambda when it and the response together are too large (failureRecordKeepsPayload). */
  requestPayload: z.optional(z.unknown()),
  responsePayload: z.optional(z.unknown()),
});
export type InvocationRecord = z.infer<typeof invocationRecord>;

/** What a failed invocation answers: Lambda's description of the error the function threw. */
export const functionErrorPayload = z.object({ errorType: z.string(), errorMessage: z.string() });

/** `arn:aws:lambda:<region>:<account>:function:<name>[:<qualifier>]` → `<name>`; anything else as it is. */
export function functionNameOf(functionArn: string): string {
  return functionArn.split(':')[6] ?? functionArn;
}

/**
 * The most a destination's record may carry of the request and response
 * payloads together: beyond it Lambda drops the payload from the record it
 * sends on failure ("If the combined size of the function request and response
 * payload exceeds the limit, Lambda will drop the payload when sending OnFailure
 * event to the destination": Lambda API reference, OnSuccess/OnFailure
 * Destination; an SQS message's default maximum is the same 256 KiB).
 */
export const destinationPayloadLimitBytes = 256 * 1024;

const utf8Bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value) ?? '').byteLength;

/** Whether Lambda's failure record of an invocation given `payload` that answered `response` (its error) still carries the payload. */
export function failureRecordKeepsPayload(payload: unknown, response: unknown): boolean {
  return utf8Bytes(payload) + utf8Bytes(response) <= destinationPayloadLimitBytes;
}
