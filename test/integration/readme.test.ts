import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../shared/local/project-root';
import { type NpmStart, startNpmStart, userEnvironment } from '../support/npm-start';
import { type WalkthroughStep, placeholdersIn, shellBlocks, stepProblems, walkthroughSteps } from '../support/readme-walkthrough';
import { ShellSession } from '../support/shell-session';

/**
 * The README's walkthrough, run as a reader runs it (test/support/readme-walkthrough.ts
 * has the convention): `npm start -- --in-memory` on free ports with a data
 * folder of its own, and every ```sh block pasted in order into one bash
 * session beside it. Each answer the README shows is held to what the command
 * printed, so the README cannot drift from the service.
 */

const readme = readFileSync(join(projectRoot(), 'README.md'), 'utf8');
const steps = walkthroughSteps(readme);
const nodeNotice = /Note: Node \d|NodeVersionSupportWarning/;

/** The command a step is named after: the one whose answer it shows, else its first. */
function commandOf(step: WalkthroughStep): string {
  const commands = step.script.split('\n').filter((line) => /^(AS=\S+ )?[a-z]/.test(line));
  return ((step.expected ? commands.at(-1) : commands[0]) ?? step.script).trim().slice(0, 100);
}

describe('the README walkthrough', () => {
  let server: NpmStart | undefined;
  let shell: ShellSession | undefined;
  /** A step that never ended leaves the session busy: the steps after it are not run. */
  let stuckStep: WalkthroughStep | undefined;
  const stepErrors: string[] = [];

  beforeAll(async () => {
    server = await startNpmStart({ readyWithinMs: 60_000 });
    shell = new ShellSession({
      cwd: projectRoot(),
      env: {
        ...userEnvironment(),
        PORT: String(server.port),
        OPERATOR_PORT: String(server.operatorPort),
        ACCOUNTING_DATA_DIR: server.dataDir,
      },
    });
  }, 90_000);

  afterAll(async () => {
    await shell?.close();
    await server?.stop();
  }, 30_000);

  it('asks the reader to fill in nothing: no <placeholder> in its shell blocks', () => {
    expect(placeholdersIn(readme)).toEqual([]);
  });

  it.each(steps.map((step) => [step.line, commandOf(step), step] as const))(
    'line %i: %s',
    async (_line, _command, step) => {
      if (stuckStep) throw new Error(`Not run: the step at README line ${stuckStep.line} never ended`);
      stuckStep = step;
      const run = await shell!.run(step.script, 50_000);
      stuckStep = undefined;
      stepErrors.push(run.stderr);
      // A step whose answer drifted leaves the session usable: the next ones run, so one run shows every drift.
      const problems = stepProblems(step, run);
      if (problems.length > 0) {
        throw new Error(
          `README line ${step.line}:\n${step.script}\n\n${problems.join('\n')}\n\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`,
        );
      }
    },
    60_000,
  );

  it('shows the Node version notice once, from npm start, and from none of its commands', () => {
    const nodeMajor = Number(process.versions.node.split('.')[0]);

    expect(server!.output().match(new RegExp(nodeNotice, 'g')) ?? []).toHaveLength(nodeMajor < 22 ? 1 : 0);
    expect(stepErrors.filter((stderr) => nodeNotice.test(stderr))).toEqual([]);
  });
});

/**
 * The walkthrough's export poll on the paths a fresh local server seldom
 * takes: the export still building when first polled, and one that fails.
 * The README's own helpers and poll step run in a bash session, with `acct`
 * replaced by a stub that answers /export/get from a script (a real export
 * cannot be made to fail on demand) and `sleep` by nothing.
 */
describe("the walkthrough's export poll", () => {
  const helpers = shellBlocks(readme)[0]?.lines.join('\n') ?? '';
  const pollStep = steps.find((step) => /^poll .*\/export\/get/m.test(step.script));
  const exportIn = (status: string) => JSON.stringify({ success: true, data: { export: { export_id: 'exp_1', status }, export_id: 'exp_1' } });
  let session: ShellSession;

  beforeEach(async () => {
    session = new ShellSession({ cwd: projectRoot(), env: userEnvironment() });
    // The step also takes EXPORT_ID from the answer before it, /export/create's.
    await session.run(`${helpers}\nsleep() { :; }\nANSWER='${exportIn('pending')}'`, 20_000);
  });
  afterEach(() => session.close());

  /** Runs the README's poll step against `answers` (the last repeats); what it printed and how many calls it made. */
  async function pollAgainst(answers: string[]) {
    const stub = `STUB_CALLS=0\nacct() { ANSWER=\${STUB_ANSWERS[STUB_CALLS]:-\${STUB_ANSWERS[-1]}}; STUB_CALLS=$((STUB_CALLS + 1)); echo "$ANSWER"; }`;
    await session.run(`STUB_ANSWERS=(${answers.map((answer) => `'${answer}'`).join(' ')})\n${stub}`, 5_000);
    const run = await session.run(pollStep!.script, 60_000);
    const calls = await session.run('echo "$STUB_CALLS"', 5_000);
    return { ...run, calls: Number(calls.stdout.trim()) };
  }

  it('is in the README: a poll of /export/get until the export is ready or failed', () => {
    expect(pollStep?.script).toMatch(/"ready".*"failed"/);
  });

  it('waits while the export is pending or running, and stops at ready', async () => {
    const run = await pollAgainst([exportIn('pending'), exportIn('running'), exportIn('running'), exportIn('ready')]);

    expect({ calls: run.calls, stderr: run.stderr, answer: JSON.parse(run.stdout).data.export.status }).toEqual({ calls: 4, stderr: '', answer: 'ready' });
  }, 90_000);

  it('stops at a failed export, at once and without an error', async () => {
    const run = await pollAgainst([exportIn('running'), exportIn('failed')]);

    expect({ calls: run.calls, stderr: run.stderr, answer: JSON.parse(run.stdout).data.export.status }).toEqual({ calls: 2, stderr: '', answer: 'failed' });
  }, 90_000);
});
