import { claimOutboxEntry, removeOutboxEntry, waitingOutboxEntries } from '../db/outbox-repository';
import type { MergedCursor } from '../db/merged-query';
import type { OutboxEntry } from '../db/outbox-repository';
import { publishEvents } from './outgoing-events';

/** PutEvents takes at most 10 entries. */
const entriesPerPut = 10;
/** Bounds one run; what is left waits for the next run, a minute later. */
const entriesPerRun = 500;
/** How long a run holds the entries it claimed: past the function's 60 s timeout, so a live run's claim never lapses. */
const claimMs = 2 * 60_000;

export interface OutboxRun {
  published: number;
  /** How long the oldest waiting event had waited when the run began (0 when none waited): what the outbox-age alarm watches. */
  oldest_wait_ms: number;
}

/**
 * One run of the outbox publisher (every minute): claims the waiting events,
 * oldest first, publishes those it claimed and removes each once EventBridge
 * accepted it. Two runs that overlap never both publish an entry: each
 * publishes what it claimed (docs/decisions.md: Platform events). A run that
 * dies between publishing and removing leaves its claims to lapse, and a later
 * run publishes them again: delivery is at least once.
 */
export async function publishOutbox(now = new Date()): Promise<OutboxRun> {
  let published = 0;
  let oldestWaitMs: number | undefined;
  let cursor: MergedCursor | undefined;
  do {
    const page = await waitingOutboxEntries(entriesPerPut, cursor);
    const oldest = page.entries[0];
    if (oldestWaitMs === undefined) oldestWaitMs = oldest ? Math.max(0, now.getTime() - Date.parse(oldest.queuedAt)) : 0;
    const claimUntil = new Date(Date.now() + claimMs);
    const claimed = await claimedEntries(page.entries, claimUntil);
    if (claimed.length) {
      await publishEvents(claimed.map((entry) => entry.event));
      await Promise.all(claimed.map((entry) => removeOutboxEntry(entry.key)));
      published += claimed.length;
    }
    cursor = page.cursor;
  } while (cursor && published < entriesPerRun);
  return { published, oldest_wait_ms: oldestWaitMs ?? 0 };
}

async function claimedEntries(entries: readonly OutboxEntry[], until: Date): Promise<OutboxEntry[]> {
  const now = new Date();
  const taken = await Promise.all(entries.map((entry) => claimOutboxEntry(entry.key, now, until)));
  return entries.filter((_entry, index) => taken[index]);
}
