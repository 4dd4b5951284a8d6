import { AccountingClientError, AccountingError, AccountingNetworkError, type ErrorBody, UnexpectedAnswerError } from './errors.js';
import { answerHintMs } from './retry.js';
import type { Transport } from './transport.js';

/** One request's outcome: the envelope's `data`, or the failure with the wait its answer asked for. */
export type Outcome = { data: unknown } | { failure: AccountingClientError; hintMs: number | undefined };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isErrorBody = (error: unknown): error is ErrorBody => isObject(error) && typeof error['error_code'] === 'string' && isObject(error['major']);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends one request and reads its answer: a 200 in the envelope is its `data`;
 * an error envelope is an AccountingError; any other answer an
 * UnexpectedAnswerError; no answer at all an AccountingNetworkError.
 */
export async function exchange(transport: Transport, url: string, route: string, headers: Record<string, string>, body: string, now: () => number): Promise<Outcome> {
  let answer: { status: number; retryAfter: string | null; text: string };
  try {
    const response = await transport(url, { method: 'POST', headers, body });
    answer = { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() };
  } catch (cause) {
    return { failure: new AccountingNetworkError(route, cause), hintMs: undefined };
  }
  const envelope = parsed(answer.text);
  if (answer.status === 200 && isObject(envelope) && envelope['success'] === true) return { data: envelope['data'] };
  const error = isObject(envelope) ? envelope['error'] : undefined;
  if (isErrorBody(error)) {
    const details: unknown = error.details;
    const retryAfterMs = isObject(details) ? details['retry_after_ms'] : undefined;
    return { failure: new AccountingError(route, error), hintMs: answerHintMs(retryAfterMs, answer.retryAfter, now()) };
  }
  return { failure: new UnexpectedAnswerError(route, answer.status, answer.text), hintMs: answerHintMs(undefined, answer.retryAfter, now()) };
}
