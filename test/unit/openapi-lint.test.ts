import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../shared/local/project-root';

/**
 * docs/openapi.json as API teams' linter sees it: `@redocly/cli lint` with its
 * recommended rules (redocly.yaml), run as a CLI (the package has no
 * programmatic API), offline: no telemetry, no update check.
 */

const root = projectRoot();
const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

async function lint(): Promise<LintReport> {
  const args = [cli, 'lint', 'docs/openapi.json', '--config', 'redocly.yaml', '--format', 'json'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // The CLI exits 1 when it finds an error; its report is on stdout either way.
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 }).catch(
    (failed: { stdout?: string }) => ({ stdout: failed.stdout ?? '' }),
  );
  return JSON.parse(stdout) as LintReport;
}

describe('docs/openapi.json under @redocly/cli lint (recommended rules)', () => {
  it('has no error and no warning', async () => {
    const report = await lint();

    expect(report.problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  });
});
