import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../shared/local/project-root';
import { useOrg, useStack } from '../support/harness';

/**
 * The TypeScript client as another service gets it: packed by `npm pack`
 * (which builds it), installed from the tarball into a project of its own in
 * the system's temporary folder, where nothing of the repository's
 * node_modules is reachable, and type-checked there under the compiler
 * settings services use. The README's TypeScript walkthrough is that
 * service's program: compiled by tsc, run by plain node against the local
 * stack (record, list pages, wait for an export, catch a typed error), each
 * `// → ` comment a line it must print, `…` standing for anything.
 */

const run = promisify(execFile);
const clientFolder = join(projectRoot(), 'clients/typescript');
const compiler = join(projectRoot(), 'node_modules/typescript/bin/tsc');

const readme = readFileSync(join(projectRoot(), 'README.md'), 'utf8');
const walkthrough = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '').join('\n');
const expectedLines = [...walkthrough.matchAll(/^\/\/ → (.*)$/gm)].map((match) => match[1] ?? '');
const typeTests = readFileSync(join(clientFolder, 'test/types.ts'), 'utf8').replace("from '../src'", "from '@accounting/client'");

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lineMatcher = (expected: string) => new RegExp(`^${expected.split('…').map(escaped).join('.*')}$`);

/** The strictest options a service may add to its settings, on in every check. */
const strictest = { strict: true, exactOptionalPropertyTypes: true, noPropertyAccessFromIndexSignature: true, verbatimModuleSyntax: true, skipLibCheck: false };

/** This process's environment less what npm and jest set for the repository (its package, its folder, NODE_PATH). */
function outsideEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_package_|npm_lifecycle_|npm_config_local_prefix$|INIT_CWD$|NODE_PATH$)/.test(name)));
}

const stack = useStack();
const org = useOrg('PKG', { alice: { roles: ['acct_view', 'acct_export_admin', 'ar_admin'] } }, { per: 'file' });

describe('the TypeScript client as a package', () => {
  let project: string;
  let packed: { filename: string; size: number; files: Array<{ path: string }> };
  let checked: string[];
  const inProject = (...args: string[]) => run(args[0]!, args.slice(1), { cwd: project, env: outsideEnvironment() });

  /** Type-checks `files` in the project under the settings named, with the strictest options besides: `<name>: ok`, or what tsc printed. */
  const typeCheck = async (name: string, compilerOptions: Record<string, unknown>, files: string[]) => {
    writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions: { target: 'ES2022', lib: ['ES2022'], ...strictest, ...compilerOptions }, files }));
    const outcome = await inProject('node', compiler, '-p', `tsconfig.${name}.json`).catch((error: { stdout: string }) => error);
    return `${name}: ${outcome.stdout.trim() || 'ok'}`;
  };

  beforeAll(async () => {
    project = realpathSync(mkdtempSync(join(tmpdir(), 'accounting-client-consumer-')));
    const pack = await run('npm', ['pack', '--json', '--pack-destination', project], { cwd: clientFolder, env: outsideEnvironment() });
    [packed] = JSON.parse(pack.stdout);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-platform-service', private: true, type: 'module' }));
    // The client has no dependencies; @types/node is the service's own, for its program. The registry only if npm's cache lacks it.
    await inProject('npm', 'install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', `./${packed.filename}`, '@types/node@20');
    writeFileSync(join(project, 'types.ts'), typeTests);
    writeFileSync(join(project, 'walkthrough.mts'), walkthrough);
    // In parallel, each tsc a process of its own. Node16 and Bundler check the type tests with no platform's types at all;
    // NodeNext checks them with the walkthrough, which needs @types/node (process, console), and writes its JavaScript into
    // out/ for node to run below.
    checked = await Promise.all([
      typeCheck('NodeNext', { module: 'NodeNext', moduleResolution: 'NodeNext', types: ['node'], outDir: 'out' }, ['types.ts', 'walkthrough.mts']),
      typeCheck('Node16', { module: 'Node16', moduleResolution: 'Node16', types: [], noEmit: true }, ['types.ts']),
      typeCheck('Bundler', { module: 'ESNext', moduleResolution: 'Bundler', types: [], noEmit: true }, ['types.ts']),
    ]);
  }, 180_000);
  afterAll(() => project && rmSync(project, { recursive: true, force: true }));

  it('ships its built JavaScript and declarations with its README, and resolves from the project, for import and require', async () => {
    const resolved = await inProject('node', '--input-type=module', '-e', "console.log(import.meta.resolve('@accounting/client'))");
    const required = await inProject('node', '--input-type=commonjs', '-e', "console.log(typeof require('@accounting/client').createAccountingClient)");

    expect(packed.files.map(({ path }) => path).filter((path) => !/^dist\/.+\.(js|d\.ts)$/.test(path))).toEqual(['README.md', 'package.json']);
    expect(packed.files.map(({ path }) => path)).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/generated/openapi.d.ts']));
    expect(resolved.stdout.trim()).toBe(`file://${project}/node_modules/@accounting/client/dist/index.js`);
    expect(required).toEqual({ stdout: 'function\n', stderr: '' });
  });

  it('type-checks under moduleResolution NodeNext, Node16 and Bundler with the strictest options, and with neither the DOM lib nor @types/node', () => {
    expect(typeTests).toContain("from '@accounting/client'");
    expect(checked).toEqual(['NodeNext: ok', 'Node16: ok', 'Bundler: ok']);
  });

  it("runs the README's walkthrough with node against the local stack, printing what the README shows", async () => {
    const port = new URL(stack.api.baseUrl).port;
    const printed = await run('node', [join(project, 'out/walkthrough.mjs')], {
      cwd: project,
      env: { ...outsideEnvironment(), PORT: port, ORGCODE: org.orgcode, KEY: org.credentials.alice.secret },
      timeout: 90_000,
    });
    const lines = printed.stdout.trimEnd().split('\n');

    expect(expectedLines.length).toBeGreaterThanOrEqual(3);
    expect({ stderr: printed.stderr, printed: lines.length }).toEqual({ stderr: '', printed: expectedLines.length });
    expect(lines.filter((line, at) => !lineMatcher(expectedLines[at] ?? '').test(line))).toEqual([]);
  }, 120_000);
});
