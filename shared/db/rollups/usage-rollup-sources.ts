import type { StoredUsage } from '../../domain/rollups/usage-tally';
import type { StartKey } from '../query-page';
import { listStorageUsage } from '../usage/storage-usage-repository';

/** Records per Query page. */
const recordsPerPage = 1000;

/**
 * What the daily usage rollup reads of an organisation's storage: every
 * storage usage record that counts in the window (the start of its own
 * window, else when it was measured, else when it was recorded), in the order
 * listed, a Query page at a time. The call meters it reads with readDayMeters.
 */
export async function* storageUsageIn(orgcode: string, window: { from_utc: string; to_utc: string }): AsyncGenerator<StoredUsage> {
  let startKey: StartKey | undefined;
  do {
    const page = await listStorageUsage(orgcode, window, recordsPerPage, startKey);
    yield* page.items;
    startKey = page.lastKey;
  } while (startKey);
}
