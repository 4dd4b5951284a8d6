import * as z from 'zod/mini';

/**
 * The whole UTC days every daily rollup (financial, usage) is computed and
 * read by: a day is `YYYY-MM-DD`, its window the half-open [00:00, next
 * 00:00) in UTC.
 */

/** A UTC day, `YYYY-MM-DD`, that exists in the calendar (leap years included). */
export const utcDay = z.iso.date({ error: 'must be a day of the calendar such as 2026-11-30' });

/** The request fields of a range of days read by a rollup list: `from_dt` through `to_dt`, both included; either end may be left open. */
export const dayRangeFields = { from_dt: z.optional(utcDay), to_dt: z.optional(utcDay) };

/** Check of a request with dayRangeFields: a range that ends before it starts is refused. */
export const dayRangeInOrder = z.refine<{ from_dt?: string; to_dt?: string }>(
  (request) => request.from_dt === undefined || request.to_dt === undefined || request.from_dt <= request.to_dt,
  {
    path: ['to_dt'],
    error: 'must not be before from_dt',
    when: (payload) => payload.issues.length === 0,
  },
);

/** The range with an open end closed at the first or last day of the calendar, so a key range can hold it. */
export function closedDayRange(range: { from_dt?: string; to_dt?: string }): { from_dt: string; to_dt: string } {
  return { from_dt: range.from_dt ?? '0001-01-01', to_dt: range.to_dt ?? '9999-12-31' };
}

const dayMs = 24 * 60 * 60 * 1000;

/** The day's instants, [from_utc, to_utc). */
export function dayWindow(day: string): { from_utc: string; to_utc: string } {
  const from = Date.parse(`${day}T00:00:00.000Z`);
  return { from_utc: new Date(from).toISOString(), to_utc: new Date(from + dayMs).toISOString() };
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included. */
export function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The UTC day before the one `at` falls on: what a daily job computes, its day having ended. */
export function dayBefore(at: Date): string {
  return addDays(at.toISOString().slice(0, 10), -1);
}
