import { ThrottledError } from '../../shared/domain/errors';
import { pauseBoundMs, unprocessedRounds, untilProcessed } from '../../shared/db/unprocessed-rounds';

/**
 * What a batch call leaves unprocessed goes round again with exponential
 * backoff, full jitter and a cap, for a bounded number of rounds (issue 29,
 * section 5; before, lineage links went round with 25 ms x round pauses,
 * linear and unbounded). The unprocessed part is injected: `send` answers it.
 */

/** The pauses untilProcessed took (the timers it set), with the jitter drawn at its top. */
async function pausesOf(run: () => Promise<void>): Promise<{ pauses: number[]; outcome: unknown }> {
  jest.useFakeTimers();
  jest.spyOn(Math, 'random').mockReturnValue(0.999_999);
  const timers = jest.spyOn(global, 'setTimeout');
  try {
    const settled = run().then(() => 'done', (error: unknown) => error);
    await jest.runAllTimersAsync();
    const outcome = await settled;
    return { pauses: timers.mock.calls.map(([, ms]) => Math.round(ms ?? 0)), outcome };
  } finally {
    jest.useRealTimers();
    jest.restoreAllMocks();
  }
}

/** A batch call that processes `perCall` of what it is sent and answers the rest unprocessed. */
const processing = (perCall: number, calls: string[][]) => async (pending: string[]) => {
  calls.push(pending);
  return pending.slice(perCall);
};

describe('rounds of what a batch call left unprocessed', () => {
  it('bounds each pause by 25 ms x 2^round, never above 1 s', () => {
    const bounds = Array.from({ length: 10 }, (_, index) => pauseBoundMs(index + 1));

    expect(bounds).toEqual([50, 100, 200, 400, 800, 1_000, 1_000, 1_000, 1_000, 1_000]);
  });

  it('sends what each call left unprocessed, pausing exponentially longer between rounds (injected UnprocessedItems)', async () => {
    const calls: string[][] = [];

    const { pauses, outcome } = await pausesOf(() => untilProcessed(['a', 'b', 'c', 'd', 'e'], processing(1, calls)));

    expect(outcome).toBe('done');
    expect(calls).toEqual([['a', 'b', 'c', 'd', 'e'], ['b', 'c', 'd', 'e'], ['c', 'd', 'e'], ['d', 'e'], ['e']]);
    expect(pauses).toEqual([50, 100, 200, 400]);
  });

  it(`gives up as throttled after ${unprocessedRounds.maxRounds} rounds, no pause above the cap, when nothing is ever processed (injected UnprocessedItems)`, async () => {
    const calls: string[][] = [];

    const { pauses, outcome } = await pausesOf(() => untilProcessed(['a'], processing(0, calls)));

    expect(outcome).toBeInstanceOf(ThrottledError);
    expect(calls).toHaveLength(unprocessedRounds.maxRounds);
    expect(pauses).toEqual([50, 100, 200, 400, 800, 1_000, 1_000]);
  });

  it('sends nothing for nothing, and pauses not at all when the first call processes everything', async () => {
    const calls: string[][] = [];

    expect((await pausesOf(() => untilProcessed([], processing(1, calls)))).pauses).toEqual([]);
    expect((await pausesOf(() => untilProcessed(['a', 'b'], processing(2, calls)))).pauses).toEqual([]);
    expect(calls).toEqual([['a', 'b']]);
  });
});
