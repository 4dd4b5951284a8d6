import * as z from 'zod/mini';

/**
 * A half-open range [from, to) of instants given by two fields of a request:
 * `from` must come before `to`. Checked only between two valid instants, and
 * not once another field has the wrong type, so a malformed end is reported
 * alone. Use as `schema.check(orderedRange('due_from', 'due_to'))`.
 */
export function orderedRange<From extends string, To extends string>(from: From, to: To) {
  const ends: PropertyKey[] = [from, to];
  return z.refine<Partial<Record<From | To, string>>>(
    (range) => {
      const [start, end] = [range[from], range[to]];
      return start === undefined || end === undefined || start < end;
    },
    {
      path: [to],
      error: `must be later than ${from}`,
      when: ({ issues }) => issues.every((issue) => issue.continue === true && !ends.includes(issue.path?.[0] ?? '')),
    },
  );
}

/** The service's time windows, [from_utc, to_utc). */
export const orderedWindow = orderedRange('from_utc', 'to_utc');
