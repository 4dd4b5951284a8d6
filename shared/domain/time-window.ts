import * as z from 'zod/mini';

/** A window is half-open, [from_utc, to_utc): from must come before to. Use as `schema.check(orderedWindow)`. */
export const orderedWindow = z.superRefine((window: { from_utc?: string; to_utc?: string }, context) => {
  if (window.from_utc && window.to_utc && window.from_utc >= window.to_utc) {
    context.addIssue({ code: 'custom', path: ['to_utc'], message: 'must be later than from_utc', input: window.to_utc });
  }
});
