import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../shared/local/project-root';

/**
 * The client's generated sources are what docs/openapi.json generates today:
 * the generator (an ES module, so run by its command rather than in jest)
 * writes into a fresh folder, compared with the committed one.
 */

const committedDir = join(projectRoot(), 'clients/typescript/src/generated');
const read = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name), 'utf8')]));

describe('the TypeScript client generated from the contract', () => {
  let outDir: string;
  let generated: Record<string, string>;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'client-generate-'));
    await promisify(execFile)('npx', ['tsx', 'clients/typescript/scripts/generate.ts', outDir], { cwd: projectRoot() });
    generated = read(outDir);
  }, 90_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('is committed as the contract generates it (else run npm run client:generate)', () => {
    const committed = read(committedDir);
    const stale = Object.keys({ ...generated, ...committed }).filter((name) => generated[name] !== committed[name]);

    expect(Object.keys(generated)).toEqual(['openapi.ts', 'operations.ts']);
    expect(stale.map((name) => `clients/typescript/src/generated/${name}`)).toEqual([]);
  });

  it('names every operation of the contract once, and knows the lists, idempotent routes and required contexts', () => {
    const operations = generated['operations.ts'] ?? '';
    const paths = [...operations.matchAll(/"path": "([^"]+)"/g)].map((match) => match[1]);
    const contract = JSON.parse(readFileSync(join(projectRoot(), 'docs/openapi.json'), 'utf8'));

    expect(paths.sort()).toEqual(Object.keys(contract.paths).sort());
    expect(operations).toMatch(/"list": \{\s*"path": "\/accounting\/event\/list",\s*"items": "events"\s*\}/);
    expect(operations).toMatch(/"record": \{\s*"path": "\/accounting\/event\/record",\s*"idempotent": true,\s*"requiresContext": true\s*\}/);
    expect(operations).toMatch(/"balance": \{\s*"path": "\/accounting\/ar\/balance"\s*\}/);
  });
});
