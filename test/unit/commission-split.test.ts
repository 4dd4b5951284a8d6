import fc from 'fast-check';
import { type Allocation, allocate, allocations } from '../../shared/domain/commissions/split';
import { minorDigits } from '../../shared/domain/receivables/money';

/**
 * Largest-remainder splits (docs/decisions.md: Commissions): the parts add up
 * to the commission exactly, each within one minor unit of its exact share.
 */

/** n positive shares adding up to 10000: the gaps between n - 1 distinct cut points in 1..9999. */
const shares = (n: number) =>
  fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { minLength: n - 1, maxLength: n - 1 }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), 10000];
    return points.slice(1).map((point, index) => point - (points[index] as number));
  });

/** Currencies of 0, 2 and 3 decimals; any amount up to 1e12 in major units, in minor units. */
const amount = fc
  .constantFrom('JPY', 'USD', 'BHD')
  .chain((currency) => fc.bigInt({ min: 0n, max: 10n ** BigInt(12 + minorDigits(currency)) }));

const split = fc.integer({ min: 2, max: 10 }).chain((n) => fc.record({ shares: shares(n), units: amount }));

const asAllocations = (bps: number[]): Allocation[] => bps.map((share_bps, index) => ({ associate_id: `assoc_${index}`, share_bps }));

describe('allocate', () => {
  it('always allocates exactly the amount, each part within one minor unit of its exact share', () => {
    fc.assert(
      fc.property(split, ({ shares: bps, units }) => {
        const parts = allocate(units, asAllocations(bps));
        expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(units);
        parts.forEach((part, index) => {
          // |part - units x bps / 10000| < 1, scaled by 10000 to stay in integers.
          const gap = part * 10000n - units * BigInt(bps[index] as number);
          expect(gap > -10000n && gap < 10000n).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('gives the units left over to the largest remainders, ties to the earlier allocation', () => {
    // 1 unit in thirds: 3333, 3333, 3334 bps leave remainders 3333, 3333, 3334.
    expect(allocate(1n, asAllocations([3333, 3333, 3334]))).toEqual([0n, 0n, 1n]);
    expect(allocate(2n, asAllocations([3334, 3333, 3333]))).toEqual([1n, 1n, 0n]);
    expect(allocate(1n, asAllocations([5000, 5000]))).toEqual([1n, 0n]);
    expect(allocate(1001n, asAllocations([6000, 4000]))).toEqual([601n, 400n]);
  });
});

describe('allocations', () => {
  it('names the sum when the shares do not add up to 10000, and a repeated associate', () => {
    const issues = allocations.safeParse([...asAllocations([6000, 3000]), { associate_id: 'assoc_0', share_bps: 500 }]).error?.issues;
    expect(issues).toEqual([
      expect.objectContaining({ path: [], message: 'share_bps must add up to 10000, not 9500' }),
      expect.objectContaining({ path: [2, 'associate_id'], message: 'appears more than once' }),
    ]);
  });

  it('takes 1 to 20 shares of 1 to 10000 bps', () => {
    expect(allocations.safeParse(asAllocations([10000])).success).toBe(true);
    expect(allocations.safeParse([]).success).toBe(false);
    expect(allocations.safeParse(asAllocations([0, 10000])).success).toBe(false);
    expect(allocations.safeParse(asAllocations([...Array(20).fill(1), 10000 - 20])).success).toBe(false);
  });
});
