import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../shared/local/project-root';
import { runNode } from '../harness/child-process';
import type { WriteRouteResult, WriteSettings } from './writes';

/** The last commit whose lists read gsi1 and gsi2 and whose answered writes waited for them (issue 37). */
export const beforeCommit = 'f43b873';

/** What the child needs beside f43b873's own files: this section's write measurement and what it imports. */
const childFiles = [
  'bench/harness/local-stack.ts',
  'bench/harness/stats.ts',
  'bench/harness/command-log.ts',
  'bench/heat/partition-heat.ts',
  'bench/list-consistency/before-child.ts',
  'bench/list-consistency/billed-writes.ts',
  'bench/list-consistency/mirror.ts',
  'bench/list-consistency/replay.ts',
  'bench/list-consistency/write-routes.ts',
  'bench/list-consistency/writes.ts',
];

export type BeforeWrites = Omit<WriteRouteResult, 'handler' | 'raw' | 'cpuMicros'>;

/**
 * The same write calls on f43b873's code, in this run: its files extracted
 * (git archive, so the repository's worktrees and index are untouched) to a
 * temporary folder with this checkout's node_modules linked in, this
 * section's files copied over, and before-child.ts run there in a process and
 * local stack of its own. The folder is removed afterwards.
 */
export async function measureBefore(settings: WriteSettings, log: (line: string) => void): Promise<BeforeWrites[]> {
  const root = projectRoot();
  const tree = mkdtempSync(join(tmpdir(), `accounting-${beforeCommit}-`));
  try {
    log(`list consistency: the write calls on ${beforeCommit}'s code, extracted to ${tree}, ${settings.calls} calls a route`);
    const archive = execFileSync('git', ['archive', beforeCommit], { cwd: root, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', tree], { input: archive });
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
    for (const file of childFiles) cpSync(join(root, file), join(tree, file));
    const out = join(tree, 'before.json');
    const env = { ...process.env, BENCH_BEFORE_OUT: out, BENCH_BEFORE_CALLS: String(settings.calls), BENCH_BEFORE_WARMUP: String(settings.warmup) };
    // `--import tsx` rather than the tsx CLI, which would run the script in a second process.
    const child = await runNode(['--import', 'tsx', join(tree, 'bench', 'list-consistency', 'before-child.ts')], { cwd: tree, env });
    if (child.code !== 0) throw new Error(`the ${beforeCommit} child failed (exit ${child.code}):\n${child.stderr.slice(-4000)}`);
    return JSON.parse(readFileSync(out, 'utf8')) as BeforeWrites[];
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
