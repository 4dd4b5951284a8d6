import { cronNextAfter, cronPreviousBefore, cronSyntaxIssue, isIanaTimeZone } from '../../shared/domain/exports/cron';

/** `count` successive firings after `from`, as 'YYYY-MM-DDTHH:MMZ'. */
function forward(expression: string, timeZone: string, from: string, count: number): string[] {
  const firings: string[] = [];
  let cursor = new Date(from);
  for (let i = 0; i < count; i++) {
    cursor = cronNextAfter(expression, timeZone, cursor);
    firings.push(minuteIso(cursor));
  }
  return firings;
}

/** `count` successive firings before `from`, latest first. */
function backward(expression: string, timeZone: string, from: string, count: number): string[] {
  const firings: string[] = [];
  let cursor = new Date(from);
  for (let i = 0; i < count; i++) {
    cursor = cronPreviousBefore(expression, timeZone, cursor);
    firings.push(minuteIso(cursor));
  }
  return firings;
}

function minuteIso(date: Date): string {
  expect(date.getTime() % 60_000).toBe(0);
  return date.toISOString().slice(0, 16) + 'Z';
}

describe('cron syntax', () => {
  it.each([
    ['* * * * *'],
    ['0 9 * * 1-5'],
    ['*/15 * * * *'],
    ['5-50/5 0-23/2 1,15,31 1-12 0-7'],
    ['0 0 * JAN,mar-May sun'],
    ['  0\t0  *  *  *  '],
    ['0 0 29 2 *'],
    ['0 0 31 2 1'],
  ])('accepts %j', (expression) => {
    expect(cronSyntaxIssue(expression)).toBeUndefined();
  });

  it.each([
    ['', 'expected 5 fields (minute hour day-of-month month day-of-week), found 0'],
    ['* * * *', 'expected 5 fields (minute hour day-of-month month day-of-week), found 4'],
    ['0 * * * * *', 'expected 5 fields (minute hour day-of-month month day-of-week), found 6'],
    ['60 * * * *', 'minute: 60 is out of range 0-59'],
    ['0 24 * * *', 'hour: 24 is out of range 0-23'],
    ['0 0 0 * *', 'day-of-month: 0 is out of range 1-31'],
    ['0 0 32 * *', 'day-of-month: 32 is out of range 1-31'],
    ['0 0 * 13 *', 'month: 13 is out of range 1-12'],
    ['0 0 * * 8', 'day-of-week: 8 is out of range 0-7'],
    ['0 0-30 * * *', 'hour: 30 is out of range 0-23'],
    ['*/0 * * * *', "minute: step '0' must be a whole number of at least 1"],
    ['*/x * * * *', "minute: step 'x' must be a whole number of at least 1"],
    ['0 */ * * *', "hour: step '' must be a whole number of at least 1"],
    ['*/2/3 * * * *', "minute: '*/2/3' has more than one '/'"],
    ['0 0 * * 5-1', 'day-of-week: range 5-1 is descending'],
    ['30-10 * * * *', 'minute: range 30-10 is descending'],
    ['1-2-3 * * * *', "minute: '1-2-3' is not a range a-b"],
    ['-5 * * * *', 'minute: missing value'],
    ['1,,2 * * * *', "minute: empty list item in '1,,2'"],
    ['x * * * *', "minute: 'x' is not a number"],
    ['0 0 * FOO *', "month: unknown name 'FOO'"],
    ['0 0 * * MONDAY', "day-of-week: unknown name 'MONDAY'"],
    ['0 0 * * JAN', "day-of-week: unknown name 'JAN'"],
    ['0 0 ? * MON', "day-of-month: '?' is not supported (no ?, L, W or # extensions)"],
    ['0 0 L * *', "day-of-month: 'L' is not supported (no ?, L, W or # extensions)"],
    ['0 0 15W * *', "day-of-month: '15W' is not supported (no ?, L, W or # extensions)"],
    ['0 0 * * 5L', "day-of-week: '5L' is not supported (no ?, L, W or # extensions)"],
    ['0 0 * * 5#3', "day-of-week: '5#3' is not supported (no ?, L, W or # extensions)"],
    ['0 0 30 2 *', 'day-of-month: never fires, no selected month has any of the selected days'],
    ['0 0 31 2 *', 'day-of-month: never fires, no selected month has any of the selected days'],
    ['0 0 30,31 FEB *', 'day-of-month: never fires, no selected month has any of the selected days'],
    ['0 0 31 4,6,9,11 *', 'day-of-month: never fires, no selected month has any of the selected days'],
  ])('rejects %j', (expression, message) => {
    expect(cronSyntaxIssue(expression)).toBe(message);
  });

  it('refuses to evaluate an invalid expression, zone or date', () => {
    const after = new Date('2026-01-01T00:00:00Z');
    expect(() => cronNextAfter('0 24 * * *', 'UTC', after)).toThrow('hour: 24 is out of range 0-23');
    expect(() => cronPreviousBefore('0 0 30 2 *', 'UTC', after)).toThrow(/never fires/);
    expect(() => cronNextAfter('0 0 * * *', 'Mars/Base', after)).toThrow("unknown time zone 'Mars/Base'");
    expect(() => cronNextAfter('0 0 * * *', 'UTC', new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('time zone names', () => {
  it.each(['Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Etc/GMT+5'])(
    'knows %j',
    (name) => {
      expect(isIanaTimeZone(name)).toBe(true);
    },
  );

  it.each(['', 'Mars/Base', 'EST5EDT ', ' UTC', 'Europe/Berlin\n', '+05:00', '-08:00', 'Z'])('rejects %j', (name) => {
    expect(isIanaTimeZone(name)).toBe(false);
  });
});

describe('each syntax form, in UTC', () => {
  it.each([
    ['* * * * *', '2026-01-01T00:00:30Z', ['2026-01-01T00:01Z', '2026-01-01T00:02Z']],
    ['7 * * * *', '2026-01-01T00:07:00Z', ['2026-01-01T01:07Z', '2026-01-01T02:07Z']],
    [
      '10-12 * * * *',
      '2026-01-01T00:00Z',
      [
        '2026-01-01T00:10Z',
        '2026-01-01T00:11Z',
        '2026-01-01T00:12Z',
        '2026-01-01T01:10Z',
      ],
    ],
    ['*/20 * * * *', '2026-01-01T00:05Z', ['2026-01-01T00:20Z', '2026-01-01T00:40Z', '2026-01-01T01:00Z']],
    [
      '10-30/10 * * * *',
      '2026-01-01T00:00Z',
      [
        '2026-01-01T00:10Z',
        '2026-01-01T00:20Z',
        '2026-01-01T00:30Z',
        '2026-01-01T01:10Z',
      ],
    ],
    ['50/5 * * * *', '2026-01-01T00:00Z', ['2026-01-01T00:50Z', '2026-01-01T00:55Z', '2026-01-01T01:50Z']],
    [
      '0,30 9-17/4 * * *',
      '2026-01-01T00:00Z',
      [
        '2026-01-01T09:00Z',
        '2026-01-01T09:30Z',
        '2026-01-01T13:00Z',
        '2026-01-01T13:30Z',
        '2026-01-01T17:00Z',
        '2026-01-01T17:30Z',
        '2026-01-02T09:00Z',
      ],
    ],
    [
      '0 0 1 jun-AUG *',
      '2026-01-01T00:00Z',
      [
        '2026-06-01T00:00Z',
        '2026-07-01T00:00Z',
        '2026-08-01T00:00Z',
        '2027-06-01T00:00Z',
      ],
    ],
    [
      '0 0 * * Mon-wed',
      '2026-01-01T00:00Z',
      [
        '2026-01-05T00:00Z',
        '2026-01-06T00:00Z',
        '2026-01-07T00:00Z',
        '2026-01-12T00:00Z',
      ],
    ],
    ['0 0 1 JAN,Jul *', '2026-01-01T00:00Z', ['2026-07-01T00:00Z', '2027-01-01T00:00Z']],
    ['0 12 * * 7', '2026-01-01T00:00Z', ['2026-01-04T12:00Z', '2026-01-11T12:00Z']],
    ['0 12 * * 0', '2026-01-01T00:00Z', ['2026-01-04T12:00Z', '2026-01-11T12:00Z']],
    [
      '0 12 * * 5-7',
      '2026-01-01T00:00Z',
      [
        '2026-01-02T12:00Z',
        '2026-01-03T12:00Z',
        '2026-01-04T12:00Z',
        '2026-01-09T12:00Z',
      ],
    ],
    ['0 0 29 2 *', '2026-01-01T00:00Z', ['2028-02-29T00:00Z', '2032-02-29T00:00Z']],
  ])('%j after %s', (expression, from, expected) => {
    expect(forward(expression, 'UTC', from, expected.length)).toEqual(expected);
  });

  it('is strictly after the given instant, even on a firing minute or with seconds', () => {
    expect(forward('*/15 * * * *', 'UTC', '2026-01-01T00:15:00.000Z', 1)).toEqual(['2026-01-01T00:30Z']);
    expect(forward('*/15 * * * *', 'UTC', '2026-01-01T00:14:59.999Z', 1)).toEqual(['2026-01-01T00:15Z']);
    expect(forward('*/15 * * * *', 'UTC', '2026-01-01T00:15:00.001Z', 1)).toEqual(['2026-01-01T00:30Z']);
  });

  it('is strictly before the given instant', () => {
    expect(backward('*/15 * * * *', 'UTC', '2026-01-01T00:15:00.000Z', 2)).toEqual(
      ['2026-01-01T00:00Z', '2025-12-31T23:45Z'],
    );
    expect(backward('*/15 * * * *', 'UTC', '2026-01-01T00:15:00.001Z', 1)).toEqual(['2026-01-01T00:15Z']);
    expect(backward('0 0 1 1 *', 'UTC', '2026-06-01T00:00Z', 2)).toEqual(['2026-01-01T00:00Z', '2025-01-01T00:00Z']);
  });

  it('crosses the years to the next and previous 29 February without stepping through them', () => {
    const started = performance.now();
    for (let i = 0; i < 50; i++) {
      expect(
        minuteIso(cronNextAfter('0 0 29 2 *', 'America/New_York', new Date('2097-01-01T00:00Z'))),
      ).toBe('2104-02-29T05:00Z');
      expect(
        minuteIso(cronPreviousBefore('0 0 29 2 *', 'America/New_York', new Date('2104-01-01T00:00Z'))),
      ).toBe('2096-02-29T05:00Z');
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('day-of-month and day-of-week', () => {
  it('fires on either when both are restricted', () => {
    // April 2026: Fridays are the 3rd, 10th, 17th, 24th; the 13th is a Monday.
    expect(forward('0 0 13 * 5', 'UTC', '2026-04-01T00:00Z', 5)).toEqual([
      '2026-04-03T00:00Z',
      '2026-04-10T00:00Z',
      '2026-04-13T00:00Z',
      '2026-04-17T00:00Z',
      '2026-04-24T00:00Z',
    ]);
  });

  it('treats a stepped * as a restriction', () => {
    // Days 1, 11, 21, 31 or Mondays (6, 13, 20, 27 April 2026).
    expect(forward('0 0 */10 * 1', 'UTC', '2026-04-01T00:00Z', 6)).toEqual([
      '2026-04-06T00:00Z',
      '2026-04-11T00:00Z',
      '2026-04-13T00:00Z',
      '2026-04-20T00:00Z',
      '2026-04-21T00:00Z',
      '2026-04-27T00:00Z',
    ]);
  });

  it('needs only the restricted one when the other is a bare *', () => {
    expect(forward('0 0 13 * *', 'UTC', '2026-04-01T00:00Z', 2)).toEqual(['2026-04-13T00:00Z', '2026-05-13T00:00Z']);
    expect(forward('0 0 * * 5', 'UTC', '2026-04-01T00:00Z', 2)).toEqual(['2026-04-03T00:00Z', '2026-04-10T00:00Z']);
  });
});

describe('wall-clock time across daylight saving', () => {
  it('keeps 09:00 on weekdays in Berlin across the March change', () => {
    // Sunday 2027-03-28 02:00 CET -> 03:00 CEST.
    expect(forward('0 9 * * 1-5', 'Europe/Berlin', '2027-03-26T00:00Z', 2)).toEqual(
      ['2027-03-26T08:00Z', '2027-03-29T07:00Z'],
    );
    expect(backward('0 9 * * 1-5', 'Europe/Berlin', '2027-03-29T07:00Z', 2)).toEqual(
      ['2027-03-26T08:00Z', '2027-03-25T08:00Z'],
    );
  });

  it('keeps 09:00 on weekdays in Berlin across the October change', () => {
    // Sunday 2027-10-31 03:00 CEST -> 02:00 CET.
    expect(forward('0 9 * * 1-5', 'Europe/Berlin', '2027-10-29T00:00Z', 2)).toEqual(
      ['2027-10-29T07:00Z', '2027-11-01T08:00Z'],
    );
    expect(backward('0 9 * * 1-5', 'Europe/Berlin', '2027-11-01T08:00Z', 2)).toEqual(
      ['2027-10-29T07:00Z', '2027-10-28T07:00Z'],
    );
  });

  it('fires a time skipped by spring-forward once, shifted past the gap', () => {
    // 2027-03-14 in New York: 02:00 EST -> 03:00 EDT; 02:30 becomes 03:30 EDT.
    const firings = ['2027-03-13T07:30Z', '2027-03-14T07:30Z', '2027-03-15T06:30Z'];
    expect(forward('30 2 * * *', 'America/New_York', '2027-03-13T00:00Z', 3)).toEqual(firings);
    expect(forward('30 2 * * *', 'America/New_York', '2027-03-14T07:10Z', 1)).toEqual(['2027-03-14T07:30Z']);
    expect(backward('30 2 * * *', 'America/New_York', '2027-03-15T12:00Z', 3)).toEqual([...firings].reverse());
  });

  it('fires once when a shifted gap time meets another matching time', () => {
    const firings = ['2027-03-14T07:30Z', '2027-03-15T06:30Z', '2027-03-15T07:30Z'];
    expect(forward('30 2,3 * * *', 'America/New_York', '2027-03-13T12:00Z', 3)).toEqual(firings);
    expect(backward('30 2,3 * * *', 'America/New_York', '2027-03-15T07:31Z', 3)).toEqual([...firings].reverse());
  });

  it('fires a repeated time once, at its first pass', () => {
    // 2026-11-01 in New York: 02:00 EDT -> 01:00 EST; 01:30 happens at 05:30Z and 06:30Z.
    const firings = ['2026-10-31T05:30Z', '2026-11-01T05:30Z', '2026-11-02T06:30Z'];
    expect(forward('30 1 * * *', 'America/New_York', '2026-10-31T00:00Z', 3)).toEqual(firings);
    expect(forward('30 1 * * *', 'America/New_York', '2026-11-01T05:30Z', 1)).toEqual(['2026-11-02T06:30Z']);
    expect(backward('30 1 * * *', 'America/New_York', '2026-11-02T06:31Z', 3)).toEqual([...firings].reverse());
  });

  it('lists every quarter hour through the New York fall-back, each local minute once', () => {
    // 00:45-01:45 EDT fire; the repeated 01:00-01:45 EST (06:00Z-06:45Z) do not; 02:00 EST is 07:00Z.
    const firings = [
      '2026-11-01T04:45Z',
      '2026-11-01T05:00Z',
      '2026-11-01T05:15Z',
      '2026-11-01T05:30Z',
      '2026-11-01T05:45Z',
      '2026-11-01T07:00Z',
      '2026-11-01T07:15Z',
    ];
    expect(forward('*/15 * * * *', 'America/New_York', '2026-11-01T04:30Z', 7)).toEqual(firings);
    expect(backward('*/15 * * * *', 'America/New_York', '2026-11-01T07:30Z', 7)).toEqual([...firings].reverse());
    expect(forward('*/15 * * * *', 'America/New_York', '2026-11-01T06:10Z', 1)).toEqual(['2026-11-01T07:00Z']);
  });

  it('lists every quarter hour through the New York spring-forward, each instant once', () => {
    // 02:00-02:45 do not exist; they fire at 03:00-03:45 EDT, where 03:xx also match.
    expect(forward('*/15 * * * *', 'America/New_York', '2027-03-14T06:30Z', 6)).toEqual([
      '2027-03-14T06:45Z',
      '2027-03-14T07:00Z',
      '2027-03-14T07:15Z',
      '2027-03-14T07:30Z',
      '2027-03-14T07:45Z',
      '2027-03-14T08:00Z',
    ]);
  });

  it('handles a gap at midnight (Santiago, 2026-09-06 00:00 -04 -> 01:00 -03)', () => {
    const firings = ['2026-09-05T04:30Z', '2026-09-06T04:30Z', '2026-09-07T03:30Z'];
    expect(forward('30 0 * * *', 'America/Santiago', '2026-09-05T00:00Z', 3)).toEqual(firings);
    expect(backward('30 0 * * *', 'America/Santiago', '2026-09-07T03:31Z', 3)).toEqual([...firings].reverse());
  });

  it('handles an overlap at the end of a day (Santiago, 2026-04-05 00:00 -03 -> 23:00 -04)', () => {
    const firings = ['2026-04-04T02:30Z', '2026-04-05T02:30Z', '2026-04-06T03:30Z'];
    expect(forward('30 23 * * *', 'America/Santiago', '2026-04-04T00:00Z', 3)).toEqual(firings);
    expect(backward('30 23 * * *', 'America/Santiago', '2026-04-06T03:31Z', 3)).toEqual([...firings].reverse());
  });
  it('handles an overlap that straddles midnight (Moncton, 2006-10-29 00:01 ADT -> 2006-10-28 23:01 AST)', () => {
    // 23:30 and 00:00 come round twice; only their first (ADT) pass fires.
    const firings = [
      '2006-10-29T02:00Z', // 23:00 ADT
      '2006-10-29T02:30Z', // 23:30 ADT
      '2006-10-29T03:00Z', // 00:00 ADT
      '2006-10-29T04:30Z', // 00:30 AST
      '2006-10-30T03:00Z', // 23:00 AST
    ];
    expect(forward('0,30 23,0 * * *', 'America/Moncton', '2006-10-29T01:00Z', 5)).toEqual(firings);
    expect(backward('0,30 23,0 * * *', 'America/Moncton', '2006-10-30T03:01Z', 5)).toEqual([...firings].reverse());
  });
});

describe('zones with odd offsets', () => {
  it('reads Kathmandu wall-clock at +05:45', () => {
    expect(forward('0 9 * * *', 'Asia/Kathmandu', '2026-01-01T00:00Z', 2)).toEqual(
      ['2026-01-01T03:15Z', '2026-01-02T03:15Z'],
    );
    // 00:30 on the 1st local is 18:45Z on the last day of the month before.
    expect(forward('30 0 1 * *', 'Asia/Kathmandu', '2026-01-15T00:00Z', 2)).toEqual(
      ['2026-01-31T18:45Z', '2026-02-28T18:45Z'],
    );
    expect(backward('30 0 1 * *', 'Asia/Kathmandu', '2026-01-31T18:45Z', 1)).toEqual(['2025-12-31T18:45Z']);
  });

  it('shifts a Lord Howe time skipped by its 30-minute spring-forward', () => {
    // 2026-10-04 02:00 +10:30 -> 02:30 +11:00; 02:15 fires at 02:45 +11:00.
    const firings = ['2026-10-02T15:45Z', '2026-10-03T15:45Z', '2026-10-04T15:15Z'];
    expect(forward('15 2 * * *', 'Australia/Lord_Howe', '2026-10-02T00:00Z', 3)).toEqual(firings);
    expect(backward('15 2 * * *', 'Australia/Lord_Howe', '2026-10-04T15:16Z', 3)).toEqual([...firings].reverse());
  });

  it('fires a repeated Lord Howe half hour once', () => {
    // 2027-04-04 02:00 +11:00 -> 01:30 +10:30; 01:45 happens at 14:45Z and 15:15Z.
    const firings = ['2027-04-02T14:45Z', '2027-04-03T14:45Z', '2027-04-04T15:15Z'];
    expect(forward('45 1 * * *', 'Australia/Lord_Howe', '2027-04-02T00:00Z', 3)).toEqual(firings);
    expect(backward('45 1 * * *', 'Australia/Lord_Howe', '2027-04-04T15:16Z', 3)).toEqual([...firings].reverse());
  });
});
