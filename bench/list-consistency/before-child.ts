import { writeFileSync } from 'node:fs';
import { dynamo } from '../../shared/db/client';
import { benchOrgcode, startBenchStack } from '../harness/local-stack';
import { rawDocumentClient } from './mirror';
import { CommandRecorder } from './replay';
import { measureWrites } from './writes';

/**
 * Run by before.ts in an extract of f43b873 (its own local stack, its code):
 * the section's write calls on the code whose lists read gsi1 and gsi2 and
 * whose answered writes settled, writing what each route read and billed
 * (BENCH_BEFORE_CALLS calls a route) to BENCH_BEFORE_OUT as JSON.
 */
const recorder = new CommandRecorder();

async function main(): Promise<void> {
  const stack = await startBenchStack(0, () => recorder.attach(dynamo()));
  try {
    const results = await measureWrites({
      orgcode: benchOrgcode('BLB'),
      recorder,
      raw: rawDocumentClient(),
      settings: { calls: Number(process.env.BENCH_BEFORE_CALLS), warmup: Number(process.env.BENCH_BEFORE_WARMUP) },
      log: (line) => process.stderr.write(`[bench f43b873] ${line}\n`),
    });
    writeFileSync(process.env.BENCH_BEFORE_OUT!, JSON.stringify(results.map(({ handler: _handler, raw: _raw, cpuMicros: _cpu, ...figures }) => figures)));
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('the f43b873 child failed:', error);
    process.exit(1);
  },
);
