import { removeOutboxEntry, waitingOutboxEntries } from '../db/outbox-repository';
import type { StartKey } from '../db/query-page';
import { publishEvents } from './outgoing-events';

/** PutEvents takes at most 10 entries. */
const entriesPerPut = 10;
/** Bounds one run; what is left waits for the next run, a minute later. */
const entriesPerRun = 500;

export interface OutboxRun {
  published: number;
  /** How long the oldest waiting event had waited when the run began (0 when none waited): what the outbox-age alarm watches. */
  oldest_wait_ms: number;
}

/**
 * One run of the outbox publisher (every minute): publishes the waiting
 * events, oldest first, and removes each once EventBridge accepted it. A run
 * that dies between the two publishes it again: delivery is at least once.
 */
export async function publishOutbox(now = new Date()): Promise<OutboxRun> {
  let published = 0;
  let oldestWaitMs: number | undefined;
  let startKey: StartKey | undefined;
  do {
    const page = await waitingOutboxEntries(entriesPerPut, startKey);
    const oldest = page.entries[0];
    if (oldestWaitMs === undefined) oldestWaitMs = oldest ? Math.max(0, now.getTime() - Date.parse(oldest.queuedAt)) : 0;
    if (page.entries.length) {
      await publishEvents(page.entries.map((entry) => entry.event));
      await Promise.all(page.entries.map((entry) => removeOutboxEntry(entry.key)));
      published += page.entries.length;
    }
    startKey = page.lastKey;
  } while (startKey && published < entriesPerRun);
  return { published, oldest_wait_ms: oldestWaitMs ?? 0 };
}
