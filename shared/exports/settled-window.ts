import { pause } from '../pause';
import { serviceConfig } from '../config';

/**
 * Waits until an export's window can be read whole. An event stamped before
 * the cutoff (`recorded_before`) may still be committing until its function's
 * deadline; once the cutoff is EXPORT_SETTLE_MS old none can be under way, and
 * the ledger, read consistently from its list partitions on the table, shows
 * every one that committed (docs/decisions.md: Exports). An event recorded
 * after the cutoff is left out whatever its occurred_at, so a rebuild or a
 * repair reads the same events. A build restarted later waits not at all.
 */
export async function awaitSettledWindow(recordedBefore: string, now: Date): Promise<void> {
  const wait = Date.parse(recordedBefore) + serviceConfig().exportSettleMs - now.getTime();
  if (wait > 0) await pause(wait);
}
