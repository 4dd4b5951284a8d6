import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEndpoints } from '../../shared/local/endpoints-file';
import { localEnvironment } from '../../shared/local/environment';
import { freePort } from '../../shared/local/ports';
import { projectRoot } from '../../shared/local/project-root';

/** `npm start` run as a person runs it in a terminal of their own: its ports and data folder, and what it printed. */
export interface NpmStart {
  port: number;
  operatorPort: number;
  dataDir: string;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Ctrl-C: interrupts the server and waits for npm to end; resolves with npm's exit code. */
  stop(): Promise<number | null>;
}

/**
 * The environment a person's shell has: this process's without what jest's
 * global setup and config set for the in-process stack (its table, endpoints
 * and credentials, and the silenced Node version warning).
 */
export function userEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  const testOnly = Object.keys(localEnvironment({ tableName: '', bucketName: '', dynamodbEndpoint: '', s3Endpoint: '', tokenSigningKey: '' }));
  for (const name of [...testOnly, 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED']) delete env[name];
  return env;
}

/**
 * Starts `npm start -- --in-memory` on free ports with a temporary data
 * folder, and resolves once its banner says it is ready. The caller stops it.
 */
export async function startNpmStart(options: { readyWithinMs: number }): Promise<NpmStart> {
  const [port, operatorPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'readme-data-'));
  const child = spawn('npm', ['start', '--', '--in-memory', '--data-dir', dataDir], {
    cwd: projectRoot(),
    env: { ...userEnvironment(), PORT: String(port), OPERATOR_PORT: String(operatorPort) },
    // In jest's process group, as in the terminal's: a Ctrl-C of the test run stops it too.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const started: NpmStart = {
    port,
    operatorPort,
    dataDir,
    output: () => output,
    stop: async () => {
      const code = await interrupt(child, dataDir, exited);
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  try {
    await untilReady(() => output, exited, options.readyWithinMs);
  } catch (error) {
    await started.stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nnpm start printed:\n${output}`);
  }
  return started;
}

async function untilReady(output: () => string, exited: Promise<number | null>, withinMs: number): Promise<void> {
  let stopped: number | null | undefined;
  void exited.then((code) => (stopped = code));
  const deadline = Date.now() + withinMs;
  while (!output().includes('Stop: Ctrl-C')) {
    if (stopped !== undefined) throw new Error(`npm start exited (${stopped}) before it was ready`);
    if (Date.now() > deadline) throw new Error(`npm start was not ready within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * SIGINT to the server, whose pid its endpoints file holds, as Ctrl-C sends it
 * (npm passes no signal on). Without that file, or if it has not stopped
 * within 20 s, SIGKILL to npm: the server then stops itself within a second,
 * as after a `kill -9` of npm start.
 */
async function interrupt(child: ChildProcess, dataDir: string, exited: Promise<number | null>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  let serverPid: number | undefined;
  try {
    serverPid = readEndpoints(dataDir).pid;
  } catch {
    // Not started, or gone already.
  }
  if (serverPid !== undefined) process.kill(serverPid, 'SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), serverPid === undefined ? 0 : 20_000);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}
