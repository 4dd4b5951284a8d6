import { nextRunAfter } from '../../shared/local/schedule-timers';
import type { BackgroundFunctionDefinition } from '../../shared/routes/background-registry';

const scheduled = (schedule: Pick<BackgroundFunctionDefinition, 'everyMinutes' | 'dailyAtUtc'>): BackgroundFunctionDefinition => ({
  name: 'job',
  description: 'a job',
  stores: { table: 'read' },
  timeoutSeconds: 60,
  memoryMb: 512,
  ...schedule,
});
const at = (iso: string) => Date.parse(iso);
const next = (fn: BackgroundFunctionDefinition, now: string) => new Date(nextRunAfter(fn, at(now))!).toISOString();

describe('local schedule timers', () => {
  it('fires a daily job at its UTC time: later today, or tomorrow once it has passed', () => {
    const daily = scheduled({ dailyAtUtc: { hour: 2, minute: 0 } });

    expect(next(daily, '2026-11-21T01:59:59.999Z')).toBe('2026-11-21T02:00:00.000Z');
    expect(next(daily, '2026-11-21T02:00:00.000Z')).toBe('2026-11-22T02:00:00.000Z');
    expect(next(daily, '2026-12-31T23:00:00.000Z')).toBe('2027-01-01T02:00:00.000Z');
  });

  it('fires a job every n minutes on the next whole multiple of n minutes', () => {
    expect(next(scheduled({ everyMinutes: 1 }), '2026-11-21T10:15:30.000Z')).toBe('2026-11-21T10:16:00.000Z');
    expect(next(scheduled({ everyMinutes: 5 }), '2026-11-21T10:15:00.000Z')).toBe('2026-11-21T10:20:00.000Z');
  });

  it('has no next run for a function without a schedule', () => {
    expect(nextRunAfter(scheduled({}), Date.now())).toBeUndefined();
  });
});
