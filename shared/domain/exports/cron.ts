/**
 * Five-field cron schedules read as wall-clock time in an IANA time zone.
 *
 * Syntax (Vixie-style): `minute hour day-of-month month day-of-week`, separated
 * by whitespace. A field is a comma list of items; an item is `*`, `n` or `a-b`,
 * optionally followed by a step `/s` (s >= 1), where `a/s` means `a-max/s`.
 * Ranges ascend. Bounds: minute 0-59, hour 0-23, day-of-month 1-31, month 1-12
 * or JAN-DEC, day-of-week 0-7 or SUN-SAT (0 and 7 are both Sunday); names are
 * case-insensitive. There is no seconds field and no `?`, `L`, `W` or `#`.
 *
 * Day rule: when day-of-month and day-of-week are both restricted (neither is
 * written as a bare `*`), a day matches if EITHER matches; otherwise both must.
 * Only a bare `*` counts as unrestricted, so `*` with a step is a restriction
 * (Vixie cron looks at the first character instead and treats it like `*`).
 *
 * Time zones and daylight saving:
 * - Fields match local wall-clock time in the zone.
 * - A local time skipped by a spring-forward gap fires at the instant it names
 *   under the offset in force before the gap, i.e. as far past the gap's end as
 *   it was past its start (Temporal's 'compatible' disambiguation): 02:30 on
 *   2027-03-14 in America/New_York fires at 03:30 EDT (07:30Z).
 * - A local time repeated by a fall-back fires once, at its earlier instant:
 *   01:30 on 2026-11-01 in America/New_York fires at 01:30 EDT (05:30Z) and the
 *   second pass through 01:xx EST fires nothing.
 * - A schedule fires at most once per instant, even when a shifted gap time
 *   lands on another matching time (`30 2,3 * * *` on a gap day fires once).
 * - Results are strictly after (or before) the given instant, on whole minutes
 *   (every zone's offset has been whole minutes since Liberia's changed in 1972).
 *
 * An expression that can never fire (only day-of-month restricted, and no
 * selected month has a selected day, e.g. `0 0 30 2 *`) is invalid. This is
 * decided from the calendar, not by searching; a valid expression fires at
 * least every eight years (29 February across 2100).
 *
 * The search walks local calendar days, skipping months and days that do not
 * match with plain arithmetic; only a matching day asks Intl for offsets.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MINUTES_PER_DAY = 1440;
/** 29 February of 2096 is eight years from the next (2104); any valid expression fires within this span. */
const SEARCH_HORIZON_DAYS = 8 * 366;
/** Days in each month (index 1-12) in a leap year: the most a month can have. */
const MOST_DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  /** Names for the values min, min+1, ... */
  names?: readonly string[];
}

const MINUTE: FieldSpec = { name: 'minute', min: 0, max: 59 };
const HOUR: FieldSpec = { name: 'hour', min: 0, max: 23 };
const DAY_OF_MONTH: FieldSpec = { name: 'day-of-month', min: 1, max: 31 };
const MONTH: FieldSpec = {
  name: 'month',
  min: 1,
  max: 12,
  names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
};
const DAY_OF_WEEK: FieldSpec = {
  name: 'day-of-week',
  min: 0,
  max: 7,
  names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
};

interface Schedule {
  /** Matching minutes of the day (hour * 60 + minute), ascending. */
  times: number[];
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 = Sunday ... 6 = Saturday. */
  daysOfWeek: ReadonlySet<number>;
  /** Both day fields restricted: a day matches if either matches. */
  eitherDayField: boolean;
}

/** A zone's formatter, which writes an instant with its UTC offset. */
interface Zone {
  formatter: Intl.DateTimeFormat;
}

/**
 * True when `name` is an IANA time zone this runtime knows (e.g. 'Europe/Berlin', 'UTC'); false for '',
 * 'Mars/Base', 'EST5EDT '... Lookup ignores case, as Intl does.
 */
export function isIanaTimeZone(name: string): boolean {
  return zoneFor(name) !== undefined;
}

/**
 * Why a 5-field cron expression is invalid (a short human message naming the field, e.g. 'hour: 24 is out of
 * range 0-23'), or undefined when valid. Also invalid: an expression that can never fire (e.g. '0 0 31 2 *').
 */
export function cronSyntaxIssue(expression: string): string | undefined {
  const parsed = parseSchedule(expression);
  return typeof parsed === 'string' ? parsed : undefined;
}

/**
 * The first instant strictly after `after` at which the cron expression fires, reading its fields as
 * wall-clock time in `timeZone`. Throws a RangeError on an invalid expression, zone or date.
 */
export function cronNextAfter(expression: string, timeZone: string, after: Date): Date {
  const { schedule, zone, instant } = prepare(expression, timeZone, after);
  // A day before the local date: a gap can push that day's times past `after`.
  const firstDay = localDay(zone, instant) - 1;
  const lastDay = firstDay + SEARCH_HORIZON_DAYS;
  let day = seekMatchingDay(schedule, firstDay, 1, lastDay);
  for (; day <= lastDay; day = seekMatchingDay(schedule, day + 1, 1, lastDay)) {
    const found = earliestFiringOn(schedule, zone, day, instant);
    if (found === undefined) continue;
    // A gap straddling midnight can push this day's times past the next day's first ones.
    const next = dayMatches(schedule, day + 1) ? earliestFiringOn(schedule, zone, day + 1, instant) : undefined;
    return new Date(next === undefined ? found : Math.min(found, next));
  }
  throw new RangeError(`cron expression '${expression}' does not fire within ${SEARCH_HORIZON_DAYS} days`);
}

/** The last instant strictly before `before` at which the expression fires (same rules). */
export function cronPreviousBefore(expression: string, timeZone: string, before: Date): Date {
  const { schedule, zone, instant } = prepare(expression, timeZone, before);
  const firstDay = localDay(zone, instant) + 1;
  const lastDay = firstDay - SEARCH_HORIZON_DAYS;
  let day = seekMatchingDay(schedule, firstDay, -1, lastDay);
  for (; day >= lastDay; day = seekMatchingDay(schedule, day - 1, -1, lastDay)) {
    const found = latestFiringOn(schedule, zone, day, instant);
    if (found === undefined) continue;
    // Mirror of cronNextAfter: a gap straddling midnight can put the day before later than this one.
    const previous = dayMatches(schedule, day - 1) ? latestFiringOn(schedule, zone, day - 1, instant) : undefined;
    return new Date(previous === undefined ? found : Math.max(found, previous));
  }
  throw new RangeError(`cron expression '${expression}' does not fire within ${SEARCH_HORIZON_DAYS} days`);
}

function prepare(expression: string, timeZone: string, at: Date): { schedule: Schedule; zone: Zone; instant: number } {
  const schedule = parseSchedule(expression);
  if (typeof schedule === 'string') throw new RangeError(`invalid cron expression '${expression}': ${schedule}`);
  const zone = zoneFor(timeZone);
  if (zone === undefined) throw new RangeError(`unknown time zone '${timeZone}'`);
  const instant = at.getTime();
  if (Number.isNaN(instant)) throw new RangeError('invalid date');
  return { schedule, zone, instant };
}

// ---- parsing ----------------------------------------------------------------

class CronIssue extends Error {}

function parseSchedule(expression: string): Schedule | string {
  const fields = expression.trim().split(/\s+/).filter((field) => field !== '');
  if (fields.length !== 5) {
    return `expected 5 fields (minute hour day-of-month month day-of-week), found ${fields.length}`;
  }
  const [minuteField = '', hourField = '', domField = '', monthField = '', dowField = ''] = fields;
  try {
    const minutes = parseField(minuteField, MINUTE);
    const hours = parseField(hourField, HOUR);
    const daysOfMonth = parseField(domField, DAY_OF_MONTH);
    const months = parseField(monthField, MONTH);
    const daysOfWeek = new Set([...parseField(dowField, DAY_OF_WEEK)].map((day) => day % 7));
    const eitherDayField = domField !== '*' && dowField !== '*';
    // With either day field a bare `*`, only day-of-month can rule out every day.
    if (!eitherDayField && ![...months].some((month) => [...daysOfMonth].some((day) => day <= mostDaysIn(month)))) {
      return 'day-of-month: never fires, no selected month has any of the selected days';
    }
    const times = [...hours].flatMap((hour) => [...minutes].map((minute) => hour * 60 + minute));
    return { times: times.sort((a, b) => a - b), daysOfMonth, months, daysOfWeek, eitherDayField };
  } catch (error) {
    if (error instanceof CronIssue) return error.message;
    throw error;
  }
}

function parseField(text: string, spec: FieldSpec): Set<number> {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    if (item === '') throw issue(spec, `empty list item in '${text}'`);
    const [base = '', stepText, extra] = item.split('/');
    if (extra !== undefined) throw issue(spec, `'${item}' has more than one '/'`);
    const step = stepText === undefined ? 1 : parseStep(stepText, spec);
    const [from, to] = base === '*' ? [spec.min, spec.max] : parseRange(base, spec);
    // `a/n` runs from a to the top of the field.
    const last = stepText !== undefined && !base.includes('-') ? spec.max : to;
    for (let value = from; value <= last; value += step) values.add(value);
  }
  return values;
}

function parseStep(text: string, spec: FieldSpec): number {
  const step = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(step >= 1)) throw issue(spec, `step '${text}' must be a whole number of at least 1`);
  return step;
}

function parseRange(text: string, spec: FieldSpec): [number, number] {
  const ends = text.split('-');
  if (ends.length > 2) throw issue(spec, `'${text}' is not a range a-b`);
  const from = parseValue(ends[0] ?? '', spec);
  const to = ends.length === 2 ? parseValue(ends[1] ?? '', spec) : from;
  if (from > to) throw issue(spec, `range ${text} is descending`);
  return [from, to];
}

function parseValue(token: string, spec: FieldSpec): number {
  if (token === '') throw issue(spec, 'missing value');
  if (/^\d+$/.test(token)) {
    const value = Number(token);
    if (value < spec.min || value > spec.max) throw issue(spec, `${token} is out of range ${spec.min}-${spec.max}`);
    return value;
  }
  const index = spec.names?.indexOf(token.toUpperCase()) ?? -1;
  if (index >= 0) return spec.min + index;
  if (/[?#]/.test(token) || /^(\d*L|\d+W|LW)$/i.test(token)) {
    throw issue(spec, `'${token}' is not supported (no ?, L, W or # extensions)`);
  }
  throw issue(spec, spec.names ? `unknown name '${token}'` : `'${token}' is not a number`);
}

function issue(spec: FieldSpec, problem: string): CronIssue {
  return new CronIssue(`${spec.name}: ${problem}`);
}

// ---- calendar days (whole days since 1970-01-01, read as local dates) --------

function dayMatches(schedule: Schedule, day: number): boolean {
  const date = new Date(day * DAY_MS);
  if (!schedule.months.has(date.getUTCMonth() + 1)) return false;
  const byMonthDay = schedule.daysOfMonth.has(date.getUTCDate());
  const byWeekDay = schedule.daysOfWeek.has(date.getUTCDay());
  return schedule.eitherDayField ? byMonthDay || byWeekDay : byMonthDay && byWeekDay;
}

/** The first matching day from `day` on in `direction`, or a day past `limit` when none is left. */
function seekMatchingDay(schedule: Schedule, day: number, direction: 1 | -1, limit: number): number {
  let current = day;
  while (direction > 0 ? current <= limit : current >= limit) {
    const date = new Date(current * DAY_MS);
    const month = date.getUTCMonth() + 1;
    if (!schedule.months.has(month)) {
      const dayOfMonth = date.getUTCDate();
      current =
        direction > 0
          ? current - dayOfMonth + 1 + daysIn(date.getUTCFullYear(), month)
          : current - dayOfMonth;
      continue;
    }
    if (dayMatches(schedule, current)) return current;
    current += direction;
  }
  return current;
}

function daysIn(year: number, month: number): number {
  if (month !== 2) return mostDaysIn(month);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return leap ? 29 : 28;
}

function mostDaysIn(month: number): number {
  return MOST_DAYS_IN_MONTH[month] ?? 0;
}

// ---- firing instants on one local day ----------------------------------------

/** Local minutes [fromMinute, toMinute) of a day that map to instants with one offset. */
interface Stretch {
  fromMinute: number;
  toMinute: number;
  offsetMs: number;
}

function earliestFiringOn(schedule: Schedule, zone: Zone, day: number, after: number): number | undefined {
  let earliest: number | undefined;
  for (const stretch of stretchesOf(zone, day)) {
    const midnight = day * DAY_MS - stretch.offsetMs;
    const lowest = Math.max(stretch.fromMinute, Math.floor((after - midnight) / MINUTE_MS) + 1);
    const minute = firstAtOrAbove(schedule.times, lowest);
    if (minute === undefined || minute >= stretch.toMinute) continue;
    const instant = midnight + minute * MINUTE_MS;
    earliest = earliest === undefined ? instant : Math.min(earliest, instant);
  }
  return earliest;
}

function latestFiringOn(schedule: Schedule, zone: Zone, day: number, before: number): number | undefined {
  let latest: number | undefined;
  for (const stretch of stretchesOf(zone, day)) {
    const midnight = day * DAY_MS - stretch.offsetMs;
    const highest = Math.min(stretch.toMinute - 1, Math.ceil((before - midnight) / MINUTE_MS) - 1);
    const minute = lastAtOrBelow(schedule.times, highest);
    if (minute === undefined || minute < stretch.fromMinute) continue;
    const instant = midnight + minute * MINUTE_MS;
    latest = latest === undefined ? instant : Math.max(latest, instant);
  }
  return latest;
}

/**
 * How a local day's minutes map to instants. Without a transition nearby, one
 * offset covers the day. Around a transition from offset `before` to `after`,
 * local times earlier than transition + max(before, after) take `before`:
 * in a gap that shifts the skipped times forward by the gap, in an overlap it
 * picks the first pass. Assumes at most one transition within three days.
 */
function stretchesOf(zone: Zone, day: number): Stretch[] {
  const localMidnight = day * DAY_MS;
  // Offsets lie within ±14h, so these instants fall before and after the local day.
  const earlier = localMidnight - DAY_MS;
  const later = localMidnight + 2 * DAY_MS;
  const before = offsetAt(zone, earlier);
  const after = offsetAt(zone, later);
  if (before === after) return [{ fromMinute: 0, toMinute: MINUTES_PER_DAY, offsetMs: before }];
  const transition = firstInstantWithNewOffset(zone, earlier, later, before);
  const threshold = Math.ceil((transition + Math.max(before, after) - localMidnight) / MINUTE_MS);
  const split = Math.min(MINUTES_PER_DAY, Math.max(0, threshold));
  return [
    { fromMinute: 0, toMinute: split, offsetMs: before },
    { fromMinute: split, toMinute: MINUTES_PER_DAY, offsetMs: after },
  ].filter((stretch) => stretch.fromMinute < stretch.toMinute);
}

/** Bisects to the second: transitions fall on whole seconds, and `low`/`high` are whole seconds. */
function firstInstantWithNewOffset(zone: Zone, low: number, high: number, lowOffset: number): number {
  let unchanged = low;
  let changed = high;
  while (changed - unchanged > 1000) {
    const middle = unchanged + Math.floor((changed - unchanged) / 2000) * 1000;
    if (offsetAt(zone, middle) === lowOffset) unchanged = middle;
    else changed = middle;
  }
  return changed;
}

function firstAtOrAbove(sorted: readonly number[], lowest: number): number | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? Infinity) < lowest) low = middle + 1;
    else high = middle;
  }
  return sorted[low];
}

function lastAtOrBelow(sorted: readonly number[], highest: number): number | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? Infinity) <= highest) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? undefined : sorted[low - 1];
}

// ---- time zones ---------------------------------------------------------------

/** Creating a DateTimeFormat costs far more than using one, so each zone keeps its own. */
const zones = new Map<string, Zone>();

function zoneFor(name: string): Zone | undefined {
  const cached = zones.get(name);
  if (cached !== undefined) return cached;
  // Newer runtimes also accept offsets such as '+05:00'; those are not IANA names.
  if (!/^[A-Za-z]/.test(name)) return undefined;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' });
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  const zone = { formatter };
  zones.set(name, zone);
  return zone;
}

function localDay(zone: Zone, instant: number): number {
  return Math.floor((instant + offsetAt(zone, instant)) / DAY_MS);
}

/** Wall-clock minus UTC at `instant`, read from the 'GMT+05:45' that en-US writes ('GMT' alone for zero). */
function offsetAt(zone: Zone, instant: number): number {
  const text = zone.formatter.format(instant);
  const match = /GMT(?:([+\-\u2212])(\d{1,2}):?(\d{2})(?::?(\d{2}))?)?$/.exec(text);
  if (match === null) throw new Error(`unexpected offset format '${text}'`);
  const [, sign, hours = '0', minutes = '0', seconds = '0'] = match;
  const magnitude = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
  return sign === undefined || sign === '+' ? magnitude : -magnitude;
}
