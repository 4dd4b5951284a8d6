import { embeddedMetrics } from '../observability/embedded-metrics';
import { orgRateTakesMetrics } from '../observability/emitted-metrics';
import { writeLogLine } from '../observability/log-line';

/**
 * Takes of an organisation's shared allowance that did not go through
 * (shared/http/org-rate-limit.ts), counted per organisation and logged at
 * most one line a window: `refused_takes`, throttled for the allowance's own
 * key (the calls refused), and `unchecked_takes`, failed for any other cause
 * (a few calls admitted unchecked). The line is also the EMF metrics
 * `OrgRateTakesRefused` and `OrgRateTakesUnchecked` in the service's
 * namespace. A runaway organisation's environments are refused many times a
 * second: one line each would be hundreds of lines a window, where the count
 * is what an operator reads.
 */

/** The window a line counts: at most one line an organisation a window in each environment. */
const windowMs = 60_000;

export type FailedTake = 'refused' | 'unchecked';

interface Counted {
  refused: number;
  unchecked: number;
  loggedAt: number | undefined;
  error: string;
}

export class TakeFailureLog {
  private readonly counted = new Map<string, Counted>();

  /**
   * Counts a failed take of `orgcode`'s allowance; the first of a window
   * writes the line with every failure counted since the last one (a
   * window's later failures are in the next line, when one comes).
   */
  note(orgcode: string, kind: FailedTake, error: unknown, now: number): void {
    const counts = this.counted.get(orgcode) ?? { refused: 0, unchecked: 0, loggedAt: undefined, error: '' };
    counts[kind] += 1;
    counts.error = String(error);
    this.counted.set(orgcode, counts);
    if (counts.loggedAt !== undefined && now - counts.loggedAt < windowMs) return;
    const { refused, unchecked } = orgRateTakesMetrics.names;
    writeLogLine({
      level: 'warn',
      message: 'org rate limit: takes failed',
      orgcode,
      [refused]: counts.refused,
      [unchecked]: counts.unchecked,
      last_error: counts.error,
      ...embeddedMetrics(new Date(now), [orgRateTakesMetrics.directive]),
    });
    this.counted.set(orgcode, { refused: 0, unchecked: 0, loggedAt: now, error: '' });
  }
}
