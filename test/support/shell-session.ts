import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StepRun {
  stdout: string;
  stderr: string;
  /** The exit status of the script's last command. */
  status: number;
}

/**
 * One bash session, as a reader's terminal is: scripts run in it one after
 * the other, and what one defines (variables, functions) the next one sees.
 * Each script is sourced with its output in files of its own, and stdin from
 * /dev/null, so no command reads the session's next input.
 */
export class ShellSession {
  private readonly bash: ChildProcessWithoutNullStreams;
  private readonly folder = mkdtempSync(join(tmpdir(), 'readme-shell-'));
  private readonly exited: Promise<void>;
  private output = '';
  private runs = 0;

  constructor(options: { cwd: string; env: NodeJS.ProcessEnv }) {
    this.bash = spawn('bash', ['--noprofile', '--norc'], { cwd: options.cwd, env: options.env });
    this.bash.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.output += chunk;
    });
    this.bash.stderr.resume();
    this.exited = new Promise((resolve) => this.bash.once('close', () => resolve()));
  }

  /** Runs `script` in the session; rejects if it has not ended within `timeoutMs`. */
  async run(script: string, timeoutMs: number): Promise<StepRun> {
    const run = (this.runs += 1);
    const file = (name: string) => join(this.folder, `${run}.${name}`);
    writeFileSync(file('sh'), `${script}\n`);
    const done = `__step_${run}_done__`;
    this.bash.stdin.write(`source '${file('sh')}' >'${file('out')}' 2>'${file('err')}' </dev/null; echo "${done} $?"\n`);
    const status = await this.statusLine(done, timeoutMs).catch((error: Error) => {
      throw new Error(`${error.message}\nstdout so far:\n${readFileSync(file('out'), 'utf8')}\nstderr so far:\n${readFileSync(file('err'), 'utf8')}`);
    });
    return { stdout: readFileSync(file('out'), 'utf8'), stderr: readFileSync(file('err'), 'utf8'), status };
  }

  private statusLine(done: string, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = new RegExp(`${done} (\\d+)`).exec(this.output);
        if (match) return resolve(Number(match[1]));
        if (this.bash.exitCode !== null) return reject(new Error(`bash exited (${this.bash.exitCode}) during the step`));
        if (Date.now() > deadline) return reject(new Error(`The step did not end within ${timeoutMs} ms`));
        setTimeout(check, 50);
      };
      check();
    });
  }

  /** Ends the session (and whatever a step left running in it) and removes its files. */
  async close(): Promise<void> {
    if (this.bash.exitCode === null) this.bash.kill('SIGKILL');
    await this.exited;
    rmSync(this.folder, { recursive: true, force: true });
  }
}
