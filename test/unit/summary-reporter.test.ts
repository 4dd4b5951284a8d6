import { join } from 'node:path';
import { projectRoot } from '../../shared/local/project-root';

/** test/support/summary-reporter.cjs: the closing line CI reads, after the passing files that printed console.error or console.warn. */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const SummaryReporter = require(join(projectRoot(), 'test/support/summary-reporter.cjs')) as new (config: { rootDir: string }) => {
  onTestResult(test: unknown, result: unknown): void;
  onRunComplete(contexts: unknown, results: unknown): void;
};

function fileResult(file: string, failing: number, consoleTypes: string[], seconds?: number) {
  return {
    testFilePath: join(projectRoot(), file),
    numFailingTests: failing,
    console: consoleTypes.map((type) => ({ type, message: 'm', origin: '' })),
    perfStats: seconds === undefined ? undefined : { start: 1_000, end: 1_000 + seconds * 1_000 },
  };
}

function printedAfter(results: Array<ReturnType<typeof fileResult>>): string[] {
  const reporter = new SummaryReporter({ rootDir: projectRoot() });
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    for (const result of results) reporter.onTestResult({}, result);
    reporter.onRunComplete(new Set(), { numPassedTests: 7, numFailedTests: results.filter((result) => result.numFailingTests > 0).length });
    return log.mock.calls.map((call) => String(call[0]));
  } finally {
    log.mockRestore();
  }
}

describe('the summary reporter', () => {
  it('names the passing files that printed console.error or console.warn, with how many, before the closing line', () => {
    expect(
      printedAfter([
        fileResult('test/integration/noisy.test.ts', 0, ['error', 'log', 'warn']),
        fileResult('test/integration/failing.test.ts', 1, ['error']),
        fileResult('test/integration/quiet.test.ts', 0, ['log', 'info']),
      ]),
    ).toEqual(['console.error/warn from passing test files: 2, in test/integration/noisy.test.ts (2)', 'tests: 7 passed, 1 failed']);
  });

  it('names a file over a minute that the sequencer would not start first on a clean clone', () => {
    const printed = printedAfter([
      fileResult('test/integration/new-and-slow.test.ts', 0, [], 61),
      fileResult('test/integration/no-internal-errors.test.ts', 0, [], 250),
      fileResult('test/integration/quick.test.ts', 0, [], 59),
    ]);

    expect(printed.filter((line) => line.startsWith('over 60 s'))).toEqual([
      'over 60 s and not started first on a clean clone (test/support/slow-first-sequencer.cjs): test/integration/new-and-slow.test.ts (61 s)',
    ]);
  });

  it('ends a quiet run with the closing line alone', () => {
    expect(printedAfter([fileResult('test/unit/quiet.test.ts', 0, [])])).toEqual(['tests: 7 passed, 0 failed']);
  });
});
