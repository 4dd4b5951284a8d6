import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { serviceConfig } from '../config';
import { fencedClient } from '../invocation-fence';
import type { BuildJob } from './build-job';

/**
 * How long the sweep waits before restarting work nobody has taken: long
 * enough for an asynchronous invocation to start, short enough that a lost
 * one costs a client a couple of minutes, never the export.
 */
export const unclaimedWorkGraceMs = 2 * 60_000;

let client: LambdaClient | undefined;

/** The Lambda client, created once per container on first use. */
export function lambda(): LambdaClient {
  client ??= fencedClient(new LambdaClient({ maxAttempts: 3 }));
  return client;
}

/**
 * Starts the worker asynchronously (Lambda's own queue retries a failed run).
 * A failure to start is logged and not raised: the work is already queued in
 * the table, and the scheduler's sweep starts it within a few minutes.
 */
export async function startBuild(job: BuildJob): Promise<void> {
  const functionName = serviceConfig().exportWorkerFunctionName;
  try {
    if (!functionName) throw new Error('EXPORT_WORKER_FUNCTION_NAME is not set');
    await lambda().send(
      new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: JSON.stringify(job) }),
    );
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'warn', message: 'export worker not started; the sweep will start it', job, error: String(error) }),
    );
  }
}
