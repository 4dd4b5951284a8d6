const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Jest starts first the files that took longest in its last run on this
 * machine, and any file it has no time for by size, largest first. On a clean
 * clone (CI) it has no time for any, and the slowest file is a small one: its
 * calls are generated (no-internal-errors, 7 KB). It started among the last
 * and finished 153rd of 153, 256 s after it started (clean-clone run at
 * bcf514f). Under the AWS-like mode (`npm run
 * test:aws-like`), readme.test.ts took 172 s of the run's 211 s and started
 * 13th of 16. The files below took 45 s or more in that run, of each kind
 * (seconds there); where jest has no time of its own for them, they start
 * first, longest first. The summary reporter names a file over
 * `unlistedWarningSeconds` missing here.
 */
const cleanCloneSeconds = {
  plain: {
    'test/integration/no-internal-errors.test.ts': 256,
    'test/integration/commission-model.test.ts': 103,
    'test/integration/readme.test.ts': 73,
    'test/cdk/accounting-stack.test.ts': 73,
    'test/integration/export-batches.test.ts': 67,
    'test/integration/acknowledged-writes-listed.test.ts': 59,
    'test/integration/sharded-ledger.test.ts': 55,
    'test/integration/storage-reconcile.test.ts': 55,
    'test/integration/answer-size.test.ts': 53,
    'test/integration/aws-like.test.ts': 51,
    'test/integration/sharded-receivables.test.ts': 50,
  },
  awsLike: {
    'test/integration/readme.test.ts': 172,
    'test/integration/export-batches.test.ts': 152,
    'test/integration/commission-payouts.test.ts': 142,
    'test/integration/inbox.test.ts': 79,
    'test/integration/export-schedules.test.ts': 64,
    'test/integration/exports.test.ts': 64,
    'test/integration/comments.test.ts': 58,
    'test/integration/financial-rollups.test.ts': 58,
    'test/integration/events.test.ts': 57,
    'test/integration/list-defaults.test.ts': 52,
  },
};

/** The run's own list: the AWS-like mode is on for the whole of `npm run test:aws-like` (package.json). */
const slowFilesOfThisRun = () => (process.env.ACCOUNTING_AWS_LIKE ? cleanCloneSeconds.awsLike : cleanCloneSeconds.plain);

const unlistedWarningSeconds = 60;

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const inJestOrder = super.sort(tests);
    const slowFiles = slowFilesOfThisRun();
    const listedSeconds = (test) => slowFiles[relative(test.context.config.rootDir, test.path)];
    const startFirst = inJestOrder
      .filter((test) => this.time(test) == null && listedSeconds(test) !== undefined)
      .sort((a, b) => listedSeconds(b) - listedSeconds(a));
    return [...startFirst, ...inJestOrder.filter((test) => !startFirst.includes(test))];
  }
}

module.exports = SlowFirstSequencer;
module.exports.cleanCloneSeconds = cleanCloneSeconds;
module.exports.slowFilesOfThisRun = slowFilesOfThisRun;
module.exports.unlistedWarningSeconds = unlistedWarningSeconds;
