import { pause } from '../pause';
import { serviceConfig } from '../config';

/**
 * Waits until an export's window can be read whole. An event stamped before
 * the cutoff (`recorded_before`) may still be committing until its function's
 * deadline, and then has to reach the ledger's indexes, which are read
 * eventually consistent; once the cutoff is EXPORT_SETTLE_MS old, neither can
 * be under way (docs/decisions.md: Exports). A build restarted later waits not at all.
 */
export async function awaitSettledWindow(recordedBefore: string, now: Date): Promise<void> {
  const wait = Date.parse(recordedBefore) + serviceConfig().exportSettleMs - now.getTime();
  if (wait > 0) await pause(wait);
}
