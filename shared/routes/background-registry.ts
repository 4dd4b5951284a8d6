import type { StoreAccess } from '../http/route-definition';

/**
 * Functions that run in the background, never routed under `/accounting`:
 * started by other functions (asynchronous Lambda invocation) or by a schedule.
 * Entry file: `functions/background/<name>.ts`, exporting `handler`. The stack
 * deploys them with their triggers; the local server serves them on its Lambda
 * Invoke API and runs the scheduled ones on timers.
 */
export interface BackgroundFunctionDefinition {
  name: string;
  description: string;
  stores: StoreAccess;
  timeoutSeconds: number;
  memoryMb: number;
  /** Runs every this many minutes (an EventBridge schedule); absent when only invoked or run daily. */
  everyMinutes?: number;
  /** Runs once a day at this UTC time (an EventBridge cron schedule) instead. */
  dailyAtUtc?: { hour: number; minute: number };
  /**
   * How an operator does a scheduled function's work for a chosen day or
   * organisation: the function itself takes only its schedule's event, and
   * says this to whoever invokes it with anything else.
   */
  byHand?: string;
}

export const exportWorkerFunctionName = 'export-worker';

export const backgroundFunctions: BackgroundFunctionDefinition[] = [
  {
    name: exportWorkerFunctionName,
    description: 'Builds export files and batches in S3, then publishes export.ready or export.failed',
    stores: { table: 'write', bucket: 'write', eventBus: 'publish' },
    // Lambda's maximum; the work queue treats a build past it as abandoned and restarts it.
    timeoutSeconds: 15 * 60,
    memoryMb: 1024,
  },
  {
    name: 'export-scheduler',
    description: 'Creates the export of each due schedule slot, once per slot, and restarts stalled export work',
    stores: { table: 'write', exportWorker: 'invoke' },
    timeoutSeconds: 60,
    memoryMb: 512,
    everyMinutes: 1,
  },
  {
    name: 'outbox-publisher',
    description: 'Publishes the events waiting in the outbox (invoice, payout) to EventBridge, at least once',
    stores: { table: 'write', eventBus: 'publish' },
    timeoutSeconds: 60,
    memoryMb: 512,
    everyMinutes: 1,
  },
  {
    name: 'commission-payout-sweeper',
    description: 'Frees the payout desks of assemblies that stopped, finishes payout work a call left (freeing, linking, settling lines), and continues re-ratings a rule change handed over',
    stores: { table: 'write' },
    timeoutSeconds: 5 * 60,
    memoryMb: 512,
    everyMinutes: 1,
  },
  {
    name: 'daily-financial-rollup',
    description: 'Computes the financial rollup of the previous UTC day for every organisation active on it',
    stores: { table: 'write' },
    timeoutSeconds: 15 * 60,
    memoryMb: 1024,
    dailyAtUtc: { hour: 2, minute: 0 },
    byHand:
      'to roll up a chosen day use the financial-rollup-admin operator (npm run admin -- financial-rollup run --dt YYYY-MM-DD [--to YYYY-MM-DD] [--orgcode ORG])',
  },
  {
    name: 'daily-usage-rollup',
    description: 'Computes the usage rollup of the previous UTC day for every organisation metered on it',
    stores: { table: 'write' },
    timeoutSeconds: 15 * 60,
    memoryMb: 1024,
    dailyAtUtc: { hour: 1, minute: 0 },
    byHand:
      'to roll up a chosen day use the usage-rollup-admin operator (npm run admin -- usage-rollup run --dt YYYY-MM-DD [--to YYYY-MM-DD] [--orgcode ORG])',
  },
];

/** The registry entry of the background function `name`: a function's entry file hands its handler its own. */
export function backgroundFunction(name: string): BackgroundFunctionDefinition {
  const found = backgroundFunctions.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} is not a background function of the registry`);
  return found;
}
