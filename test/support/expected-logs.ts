import { format } from 'node:util';
import { invokeOperator } from './local-api';

/**
 * For a test that expects the service to log an error or a warning: runs
 * `run` with console.error and console.warn captured instead of printed, and
 * gives back each call as the line it would have printed, with run's outcome.
 * The test asserts the lines; a green run prints none of them
 * (test/support/summary-reporter.cjs names the files that do).
 */
export async function capturingLogs<T>(run: () => Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; logged: string[] }> {
  const logged: string[] = [];
  const capture = (...args: unknown[]) => {
    logged.push(format(...args));
  };
  const spies = [jest.spyOn(console, 'error').mockImplementation(capture), jest.spyOn(console, 'warn').mockImplementation(capture)];
  try {
    const [outcome] = await Promise.allSettled([run()]);
    return { outcome: outcome!, logged };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** What `run` resolves with and the lines it wrote to console.error/warn, captured instead of printed; a failure of `run` is thrown. */
export async function linesLoggedBy<T>(run: () => Promise<T>): Promise<{ value: T; lines: string[] }> {
  const { outcome, logged } = await capturingLogs(run);
  if (outcome.status === 'rejected') throw outcome.reason;
  return { value: outcome.value, lines: logged };
}

/** As linesLoggedBy, with the `message` of each structured (JSON) log line. */
export async function logMessagesOf<T>(run: () => Promise<T>): Promise<{ value: T; messages: string[] }> {
  const { value, lines } = await linesLoggedBy(run);
  return { value, messages: lines.map((line) => (JSON.parse(line) as { message: string }).message) };
}

/**
 * Invokes an operator function with a payload it refuses: resolves with the
 * error the invocation failed with, once the local runner has logged that
 * refusal as one line (shared/local/lambda-invoke-api.ts); fails if the
 * function ran or logged anything else.
 */
export async function refusedInvocation(functionName: string, payload: unknown): Promise<Error> {
  const { outcome, logged } = await capturingLogs(() => invokeOperator(functionName, payload));
  if (outcome.status === 'fulfilled') throw new Error(`${functionName} accepted ${JSON.stringify(payload)}`);
  expect(logged).toEqual([expect.stringMatching(new RegExp(`^Function ${functionName} refused its payload: [^\\n]+$`))]);
  return outcome.reason as Error;
}

/**
 * Holds a call of `orgcode` to logging nothing on the console when a take of its organisation's call allowance is
 * refused by the table (shared/http/org-rate-limit.ts): the client is answered 429 and sends the call again, and the
 * refusals are counted in a structured line a window (shared/http/org-rate-take-log.ts), never a console line a take.
 */
export function expectOnlyRefusedTakes(lines: string[], orgcode: string): void {
  expect(lines.filter((line) => line.includes(orgcode))).toEqual([]);
}
