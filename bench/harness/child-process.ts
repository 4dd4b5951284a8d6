import { spawn } from 'node:child_process';

export interface ChildOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs node with `args` in a fresh process and collects what it printed (a bench measures itself in such children). */
export function runNode(args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): Promise<ChildOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
