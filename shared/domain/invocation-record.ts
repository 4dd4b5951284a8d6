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
  requestPayload: z.unknown(),
  responsePayload: z.optional(z.unknown()),
});
export type InvocationRecord = z.infer<typeof invocationRecord>;

/** What a failed invocation answers: Lambda's description of the error the function threw. */
export const functionErrorPayload = z.object({ errorType: z.string(), errorMessage: z.string() });

/** `arn:aws:lambda:<region>:<account>:function:<name>[:<qualifier>]` → `<name>`; anything else as it is. */
export function functionNameOf(functionArn: string): string {
  return functionArn.split(':')[6] ?? functionArn;
}
