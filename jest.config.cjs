// @middy/core is ESM-only; jest runs CommonJS, so swc transforms it along with our TypeScript.
const transform = {
  '^.+\\.(t|j|mj)s$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
};
const common = {
  transform,
  transformIgnorePatterns: ['/node_modules/(?!@middy)'],
  // The TypeScript client imports its modules as Node runs its build (`./client.js`); here they are the .ts beside.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  testEnvironment: 'node',
};
// Lambda runs Node 24 (README); on Node 20 the AWS SDK would warn in every worker (see shared/local/node-version-notice.ts).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

module.exports = {
  // Three files at a time on this project's 2-core machine: a file's calls wait on DynamoDB Local (java) and on each
  // other, so with two workers the cores were busy 1.58 of 2 on average; with three, 1.85, and the integration project
  // took 429 s where it took 484 s (README: Set-up and tests). Each worker has its own table and bucket
  // (test/support/worker-resources.ts). A test's time limit is 2 minutes, since a file shares the cores with two others.
  testTimeout: 120000,
  maxWorkers: 3,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.cjs'],
  // On a clean clone jest has no file times and would start the slowest file among the last (the file says why).
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.cjs',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      setupFiles: ['<rootDir>/test/support/worker-setup.ts'],
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    { ...common, displayName: 'cdk', testMatch: ['<rootDir>/test/cdk/**/*.test.ts'] },
  ],
};
