const { relative } = require('node:path');
const { slowFilesOfThisRun, unlistedWarningSeconds } = require('./slow-first-sequencer.cjs');

/**
 * Ends the run with the plain closing line CI reads: "tests: N passed, N failed".
 * Before it, the slowest test files, so that a suite drifting slower shows in
 * every run, not when someone measures, and any of them over a minute that the
 * sequencer does not start first on a clean clone; and the test files that passed yet printed console.error or
 * console.warn, with how many: a green run prints nothing that looks like a
 * failure, and a test that expects an error log asserts it
 * (test/support/expected-logs.ts) instead of printing it.
 */
const slowestShown = 10;

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig?.rootDir ?? process.cwd();
    this.noisyFiles = [];
    this.fileTimes = [];
  }

  onTestResult(test, testResult) {
    const { start, end } = testResult.perfStats ?? {};
    if (start && end) this.fileTimes.push({ file: relative(this.rootDir, testResult.testFilePath), seconds: (end - start) / 1000 });
    if (testResult.numFailingTests > 0 || testResult.testExecError) return;
    const logged = (testResult.console ?? []).filter((entry) => entry.type === 'error' || entry.type === 'warn').length;
    if (logged > 0) this.noisyFiles.push({ file: relative(this.rootDir, testResult.testFilePath), logged });
  }

  onRunComplete(_contexts, results) {
    const slowest = [...this.fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, slowestShown);
    if (slowest.length > 0) {
      console.log(`slowest ${slowest.length} test files:`);
      for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
    }
    const listed = slowFilesOfThisRun();
    const startedLate = this.fileTimes.filter(({ file, seconds }) => seconds > unlistedWarningSeconds && !(file in listed));
    if (startedLate.length > 0) {
      const files = startedLate.map(({ file, seconds }) => `${file} (${seconds.toFixed(0)} s)`).join(', ');
      console.log(`over ${unlistedWarningSeconds} s and not started first on a clean clone (test/support/slow-first-sequencer.cjs): ${files}`);
    }
    if (this.noisyFiles.length > 0) {
      const total = this.noisyFiles.reduce((sum, { logged }) => sum + logged, 0);
      const files = this.noisyFiles.map(({ file, logged }) => `${file} (${logged})`).join(', ');
      console.log(`console.error/warn from passing test files: ${total}, in ${files}`);
    }
    console.log(`tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed`);
  }
}
module.exports = SummaryReporter;
