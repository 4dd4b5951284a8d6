import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../shared/local/project-root';
import { useOrg, useStack } from '../support/harness';

/**
 * The README's "From TypeScript" walkthrough, run as a reader runs it: its
 * ```ts blocks in order as one file in the project (so `@accounting/client`
 * resolves to the workspace), type-checked, then run by tsx beside the local
 * stack with Alice's key. Each `// → ` comment is a line it must print, `…`
 * standing for anything.
 */

const readme = readFileSync(join(projectRoot(), 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
const script = blocks.join('\n');
const expectedLines = [...script.matchAll(/^\/\/ → (.*)$/gm)].map((match) => match[1] ?? '');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lineMatcher = (expected: string) => new RegExp(`^${expected.split('…').map(escaped).join('.*')}$`);

const stack = useStack();
const org = useOrg('TSR', { alice: { roles: ['acct_view', 'acct_export_admin', 'ar_admin'] } });

describe("the README's TypeScript walkthrough", () => {
  let folder: string;
  let file: string;

  beforeAll(() => {
    // Under node_modules so it is never committed, and still resolves the workspace's packages; .mts runs as a module.
    folder = mkdtempSync(join(projectRoot(), 'node_modules/.cache-readme-typescript-'));
    file = join(folder, 'walkthrough.mts');
    writeFileSync(file, script);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is there: code blocks that show what they print', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(expectedLines.length).toBeGreaterThanOrEqual(3);
  });

  it("compiles under the project's settings", async () => {
    // tsc in a process of its own: compiling in this one would stall the local stack's event loop for seconds.
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ extends: join(projectRoot(), 'tsconfig.json'), include: [], files: ['walkthrough.mts'] }));
    const check = await promisify(execFile)('npx', ['tsc', '--noEmit', '-p', folder], { cwd: projectRoot() }).catch((error: { stdout: string }) => error);

    expect(check.stdout).toBe('');
  }, 120_000);

  it('prints what the README shows, calling the local stack', async () => {
    const port = new URL(stack.api.baseUrl).port;
    const run = await promisify(execFile)('npx', ['tsx', file], {
      cwd: projectRoot(),
      env: { ...process.env, PORT: port, ORGCODE: org.orgcode, KEY: org.credentials.alice.secret },
      timeout: 90_000,
    });
    const printed = run.stdout.trimEnd().split('\n');

    expect({ stderr: run.stderr, printed: printed.length }).toEqual({ stderr: '', printed: expectedLines.length });
    expect(printed.filter((line, at) => !lineMatcher(expectedLines[at] ?? '').test(line))).toEqual([]);
  }, 120_000);
});
