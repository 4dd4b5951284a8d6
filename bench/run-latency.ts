import { dynamo } from '../shared/db/client';
import { CommandLog } from './harness/command-log';
import { type LatencySettings, latencySection, latencyVerdicts, measureRouteLatency } from './latency/latency-section';
import { runSectionAlone } from './harness/run-section';

/**
 * `npx tsx bench/run-latency.ts`: the route latency section of `npm run bench`
 * alone: the parity check, then BENCH_CALLS (default 1000) interleaved calls per
 * side after 20 warm-up, over 200 seeded events, as the whole bench runs it.
 * A p99 of 1,000 calls is the tenth slowest; of 300, the third, which one stall
 * of the machine moves (docs/decisions.md: Performance).
 */
const settings: LatencySettings = { calls: Number(process.env.BENCH_CALLS ?? 1000), warmup: 20, seedEvents: 200, extraPaymentInvoices: 0 };
const shared = new CommandLog('shared');

runSectionAlone(
  async (stack, log) => {
    const measured = await measureRouteLatency(stack, shared, settings, log);
    return { lines: latencySection(measured, settings), verdicts: latencyVerdicts(measured) };
  },
  () => shared.attach(dynamo()),
  settings.seedEvents,
);
