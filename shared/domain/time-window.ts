import type { z } from 'zod';

/** A window is half-open, [from_utc, to_utc): from must come before to. */
export function requireOrderedWindow(
  window: { from_utc?: string; to_utc?: string },
  issues: z.RefinementCtx,
): void {
  if (window.from_utc && window.to_utc && window.from_utc >= window.to_utc) {
    issues.addIssue({ code: 'custom', path: ['to_utc'], message: 'must be later than from_utc' });
  }
}
