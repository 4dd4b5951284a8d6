/**
 * `npm run admin -- credential issue|revoke|list ...`, `organisation
 * show|raise-shards ...`, `financial-rollup run ...` and `usage-rollup run ...`: operator commands, run by invoking the
 * operator Lambda with the ordinary AWS SDK client. Without `--function-name` it targets the local
 * server (`npm start`) through the endpoints it wrote; with `--function-name F
 * [--region R]` a deployed stack, with the AWS credentials of the environment.
 * `dead-letter list|show|redrive` reads the consumers' dead-letter queue with
 * the SQS client and redrives through the Lambda client: the local server's,
 * or with `--queue-url URL [--region R]` a deployed stack's.
 *
 * Prints the result as one JSON object on stdout (the dead-letter list and
 * `redrive --all` page by page, as their pages come); errors go to stderr
 * with exit code 1.
 */
import { resolve } from 'node:path';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { type LocalEndpoints, readEndpoints } from '../shared/local/endpoints-file';
import { localApiClientConfig } from '../shared/local/environment';
import { silenceNodeVersionWarning } from '../shared/local/node-version-notice';
import { projectRoot } from '../shared/local/project-root';
import {
  type DeadLetterQueue,
  closeDeadLetterQueue,
  listDeadLetters,
  openDeadLetterQueue,
  redriveDeadLetter,
  redriveEveryDeadLetter,
  showDeadLetter,
} from '../shared/operators/dead-letter-redrive';
import { type Command, type Flags, type RequiredFlag, UsageError, parseCommandLine, usage } from './admin-command-line';
import { writePagedJson } from './paged-json';

const credentialFunction = 'credential-admin';
const rollupFunctions = { 'financial-rollup': 'financial-rollup-admin', 'usage-rollup': 'usage-rollup-admin' } as const;

async function main(): Promise<void> {
  // npm start, beside which these commands run, has said it once (shared/local/node-version-notice.ts).
  silenceNodeVersionWarning();
  const commandLine = parseCommandLine(process.argv.slice(2));
  if (!commandLine) {
    console.log(usage);
    return;
  }
  const { command, flags } = commandLine;
  const [group, action] = command.split(' ');
  if (group === 'dead-letter') {
    const failure = await deadLetterCommand(command, flags);
    if (failure) throw new Error(failure);
    return;
  }
  let result: unknown;
  if (group === 'credential') result = await invoke(flags, credentialFunction, credentialPayload(command, flags));
  else if (group === 'organisation') result = await invoke(flags, credentialFunction, organisationPayload(action, flags));
  else if (group === 'financial-rollup' || group === 'usage-rollup') result = await invoke(flags, rollupFunctions[group], rollupPayload(action, flags));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

/** The `credential-admin` payload for one action; the function validates it in full. */
function credentialPayload(command: Command, flags: Flags): Record<string, unknown> {
  const orgcode = required(flags, 'orgcode');
  if (command === 'credential revoke') return { action: 'revoke', orgcode, fingerprint: required(flags, 'fingerprint') };
  if (command === 'credential list') return { action: 'list', orgcode };
  return {
    action: 'issue',
    orgcode,
    actor: required(flags, 'actor'),
    roles: (flags.roles ?? '')
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
    ...(flags.owner ? { owner: true } : {}),
    ...(flags.kind !== undefined ? { kind: flags.kind } : {}),
    ...(flags['expires-in-hours'] !== undefined ? { expires_in_hours: hours(flags['expires-in-hours']) } : {}),
  };
}

/** The `credential-admin` payload that shows an organisation's layout and raises, or raises its shards (docs/decisions.md: Partition heat). */
function organisationPayload(action: string | undefined, flags: Flags): Record<string, unknown> {
  const orgcode = required(flags, 'orgcode');
  if (action === 'show') return { action: 'show', orgcode };
  const shards = Number(required(flags, 'shards'));
  if (!Number.isInteger(shards) || shards < 1) throw new UsageError('--shards must be a whole number of shards.');
  return { action: 'raise-shards', orgcode, shards, ...(flags.reason !== undefined ? { reason: flags.reason } : {}) };
}

/**
 * A rollup operator's payload (`financial-rollup-admin`, `usage-rollup-admin`): re-run a day or a range, for every
 * organisation found or one; or index an organisation's older statement entries for aging of past days.
 */
function rollupPayload(action: string | undefined, flags: Flags): Record<string, unknown> {
  if (action === 'index-receivable-changes') return { action, orgcode: required(flags, 'orgcode') };
  return {
    action,
    dt: required(flags, 'dt'),
    ...(flags.to !== undefined ? { to: flags.to } : {}),
    ...(flags.orgcode !== undefined ? { orgcode: flags.orgcode } : {}),
  };
}

/**
 * A `dead-letter` action on the local server's queue or the deployed one
 * `--queue-url` names, its answer printed as it comes: `list` and `redrive
 * --all` follow the pages of their answer (each page bounded by bytes,
 * shared/operators/dead-letter-redrive.ts) and print them as one JSON object.
 * Returns why the command fails: a redrive that leaves a message in the queue
 * prints its outcome and fails.
 */
async function deadLetterCommand(command: Command, flags: Flags): Promise<string | undefined> {
  const action = command.replace('dead-letter ', '');
  if (action === 'redrive' && (flags.id === undefined) === (flags.all !== true)) {
    throw new UsageError('dead-letter redrive takes either --id or --all.');
  }
  const id = action === 'list' || flags.all ? '' : required(flags, 'id');
  const { queue, where } = deadLetterQueue(flags);
  const print = (result: unknown) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  try {
    if (action === 'list') {
      await writePagedJson(process.stdout, { queue_url: queue.queueUrl }, 'dead_letters', listDeadLetters(queue));
      return undefined;
    }
    if (action === 'show') {
      print(await showDeadLetter(queue, id));
      return undefined;
    }
    if (flags.all) {
      const count = { redriven: 0, kept: 0 };
      const counted = async function* () {
        for await (const page of redriveEveryDeadLetter(queue)) {
          for (const { outcome } of page) count[outcome] += 1;
          yield page;
        }
      };
      await writePagedJson(process.stdout, {}, 'outcomes', counted(), () => count);
      const tried = count.redriven + count.kept;
      return count.kept > 0 ? `${count.kept} of ${tried} dead letters failed again and stay in the queue.` : undefined;
    }
    const outcome = await redriveDeadLetter(queue, id);
    print(outcome);
    return outcome.outcome === 'kept'
      ? `${outcome.consumer ?? 'The consumer'} failed again on dead letter ${outcome.id}: ${outcome.error_type}: ${outcome.error_message}. It stays in the queue.`
      : undefined;
  } catch (error) {
    throw unreachable(error, where);
  } finally {
    closeDeadLetterQueue(queue);
  }
}

/** The local server's dead-letter queue, or with `--queue-url` (and `--region`) a deployed stack's. */
function deadLetterQueue(flags: Flags): { queue: DeadLetterQueue; where: string } {
  if (flags['queue-url'] !== undefined || flags.region !== undefined) {
    const queueUrl = flags['queue-url'];
    if (!queueUrl) throw new UsageError('--queue-url is required with --region.');
    // An SQS queue URL names its region (https://sqs.REGION.amazonaws.com/…); the redrive's Lambda calls go there too.
    const region = flags.region ?? /^https:\/\/sqs\.([a-z0-9-]+)\./.exec(queueUrl)?.[1];
    if (!region) throw new UsageError(`--region is needed: the queue URL ${queueUrl} does not name one.`);
    return { queue: openDeadLetterQueue(queueUrl, { region }), where: `queue ${queueUrl}` };
  }
  const endpoints = localEndpoints(flags);
  return {
    queue: openDeadLetterQueue(endpoints.deadLetterQueueUrl, localApiClientConfig(endpoints.invokeEndpoint, endpoints.region)),
    where: `the local server at ${endpoints.invokeEndpoint}`,
  };
}

/**
 * What the local server wrote into its data folder. ACCOUNTING_DATA_DIR names
 * the folder for a whole shell session (the README test's, whose server is not
 * on .data), as `--data-dir` does for one command.
 */
function localEndpoints(flags: Flags): LocalEndpoints {
  return readEndpoints(resolve(projectRoot(), flags['data-dir'] ?? (process.env.ACCOUNTING_DATA_DIR || '.data')));
}

/** A flag the command line was checked to have (parseCommandLine names every one missing). */
function required(flags: Flags, name: RequiredFlag): string {
  const value = flags[name];
  if (!value) throw new UsageError(`--${name} is required.`);
  return value;
}

function hours(raw: string): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError('--expires-in-hours must be a positive number.');
  return value;
}

/** Invokes an operator function, deployed or local, and returns its JSON result. */
async function invoke(flags: Flags, localName: string, payload: unknown): Promise<unknown> {
  const deployed = flags['function-name'] !== undefined || flags.region !== undefined;
  let client: LambdaClient;
  let functionName: string;
  let where: string;
  if (deployed) {
    functionName = flags['function-name'] ?? '';
    if (!functionName) throw new UsageError('--function-name is required with --region.');
    client = new LambdaClient(flags.region ? { region: flags.region } : {});
    await client.config.region().catch(() => {
      throw new UsageError(`No AWS region for ${functionName}: give --region R, or set AWS_REGION (or a region in your AWS profile).`);
    });
    where = `function ${functionName}`;
  } else {
    const endpoints = localEndpoints(flags);
    functionName = localName;
    client = new LambdaClient(localApiClientConfig(endpoints.invokeEndpoint, endpoints.region));
    where = `the local server at ${endpoints.invokeEndpoint}`;
  }

  try {
    const response = await client.send(
      new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify(payload)) }),
    );
    const text = response.Payload ? new TextDecoder().decode(response.Payload) : 'null';
    const result: unknown = JSON.parse(text);
    if (response.FunctionError) {
      const { errorType, errorMessage } = (result ?? {}) as { errorType?: string; errorMessage?: string };
      throw new Error(`${functionName} failed: ${errorType ?? response.FunctionError}: ${errorMessage ?? text}`);
    }
    return result;
  } catch (error) {
    throw unreachable(error, where);
  } finally {
    client.destroy();
  }
}

/** A refused connection says which server was not there; any other error is passed on. */
function unreachable(error: unknown, where: string): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') return error;
  return new Error(`Could not reach ${where}. Is \`npm start\` running?`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message);
  process.exit(1);
});
