import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../shared/local/project-root';
import { type NpmStart, startNpmStart, userEnvironment } from '../support/npm-start';
import { type WalkthroughStep, placeholdersIn, stepProblems, walkthroughSteps } from '../support/readme-walkthrough';
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

/** The command a step is named after: the one whose answer it shows, else its first. */
function commandOf(step: WalkthroughStep): string {
  const commands = step.script.split('\n').filter((line) => /^(AS=\S+ )?[a-z]/.test(line));
  return ((step.expected ? commands.at(-1) : commands[0]) ?? step.script).trim().slice(0, 100);
}

describe('the README walkthrough', () => {
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
