import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../shared/local/project-root';

/** test/support/slow-first-sequencer.cjs: the order jest starts test files in. */

const rootDir = '/clone';
type FakeTest = { path: string; context: { config: { rootDir: string; cache: boolean }; hasteFS: { getSize(path: string): number } } };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SlowFirstSequencer = require(join(projectRoot(), 'test/support/slow-first-sequencer.cjs')) as (new () => {
  sort(tests: FakeTest[]): FakeTest[];
  time(test: FakeTest): number | undefined;
}) & { cleanCloneSeconds: Record<'plain' | 'awsLike', Record<string, number>> };

/** The files, each with its size in bytes, in the order the sequencer starts them (no timing cache: a clean clone). */
function startOrder(files: Record<string, number>, sequencer = new SlowFirstSequencer()): string[] {
  const context = { config: { rootDir, cache: false }, hasteFS: { getSize: (path: string) => files[path.slice(rootDir.length + 1)] ?? 0 } };
  return sequencer.sort(Object.keys(files).map((file) => ({ path: join(rootDir, file), context }))).map((test) => test.path.slice(rootDir.length + 1));
}

describe('the slow-first sequencer', () => {
  const mode = process.env.ACCOUNTING_AWS_LIKE;
  beforeEach(() => delete process.env.ACCOUNTING_AWS_LIKE);
  afterAll(() => {
    if (mode !== undefined) process.env.ACCOUNTING_AWS_LIKE = mode;
  });

  it('starts the listed files first on a clean clone, longest first, then the others largest first as jest does', () => {
    expect(
      startOrder({
        'test/unit/big.test.ts': 9_000,
        'test/integration/commission-model.test.ts': 31_000,
        'test/unit/small.test.ts': 100,
        'test/integration/no-internal-errors.test.ts': 7_000,
      }),
    ).toEqual([
      'test/integration/no-internal-errors.test.ts',
      'test/integration/commission-model.test.ts',
      'test/unit/big.test.ts',
      'test/unit/small.test.ts',
    ]);
  });

  it('leaves to jest a listed file it has a time of its own for', () => {
    const sequencer = new SlowFirstSequencer();
    jest.spyOn(sequencer, 'time').mockImplementation((test) => (test.path.endsWith('no-internal-errors.test.ts') ? 1_000 : undefined));

    expect(startOrder({ 'test/integration/no-internal-errors.test.ts': 7_000, 'test/unit/small.test.ts': 100 }, sequencer)).toEqual([
      'test/unit/small.test.ts',
      'test/integration/no-internal-errors.test.ts',
    ]);
  });

  it('starts under the AWS-like mode the files slow under it', () => {
    const files = { 'test/integration/no-internal-errors.test.ts': 7_000, 'test/integration/readme.test.ts': 5_000, 'test/unit/big.test.ts': 9_000 };
    process.env.ACCOUNTING_AWS_LIKE = 'indexLagMs=1000';

    expect(startOrder(files)).toEqual(['test/integration/readme.test.ts', 'test/unit/big.test.ts', 'test/integration/no-internal-errors.test.ts']);
  });

  it('lists only files that exist', () => {
    const listed = Object.values(SlowFirstSequencer.cleanCloneSeconds).flatMap((files) => Object.keys(files));
    expect(listed.filter((file) => !existsSync(join(projectRoot(), file)))).toEqual([]);
  });
});
