import fc from 'fast-check';
import {
  type CommissionTier,
  commissionOn,
  commissionRuleSetDetail,
  commissionRuleStatusSetDetail,
  ruleApplies,
} from '../../shared/domain/commissions/commission-rule';
import { validate } from '../../shared/domain/validation';
import { cachedRule } from '../support/commission-rules';

/** ISO 4217 minor digits, written down here rather than read from the code under test. */
const currencies = { USD: 2, JPY: 0, BHD: 3 } as const;
type Currency = keyof typeof currencies;

// --- an independent reference ------------------------------------------------

/** A tier bound in millionths of a unit, read through its fixed-point text. */
const micros = (amount: number) => BigInt(amount.toFixed(6).replace('.', ''));

/**
 * The graduated commission as the sum of marginal rates: each tier adds its
 * rate minus the previous tier's on everything above its bound. Counted in
 * millionths of a unit times basis points, divided once, halves rounded up by
 * comparing the remainder with half the divisor.
 */
function referenceCommission(tiers: readonly CommissionTier[], base: bigint, currency: Currency): bigint {
  const microsPerMinor = 10n ** BigInt(6 - currencies[currency]);
  const baseMicros = base * microsPerMinor;
  const sorted = [...tiers].sort((a, b) => a.from_amount - b.from_amount);
  let total = 0n;
  let previousRate = 0n;
  for (const tier of sorted) {
    const above = baseMicros - micros(tier.from_amount);
    if (above > 0n) total += (BigInt(tier.rate_bps) - previousRate) * above;
    previousRate = BigInt(tier.rate_bps);
  }
  const divisor = 10_000n * microsPerMinor;
  const [quotient, remainder] = [total / divisor, total % divisor];
  return 2n * remainder >= divisor ? quotient + 1n : quotient;
}

// --- generators --------------------------------------------------------------

const currency = fc.constantFrom<Currency>('USD', 'JPY', 'BHD');
/** Any rate, and often one that makes exact halves of a minor unit likely (the rounding's edge). */
const rateBps = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(5000, 2500, 1250, 50, 1));
/** An amount of at most 1e9 with 0 to 6 decimals: 15 significant digits at most, so exact as a JSON number. */
const boundAmount = fc
  .tuple(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 0, max: 6 }))
  .map(([units, scale]) => Number((units / 10 ** scale).toFixed(scale)));
/** 1 to 20 tiers from 0, strictly increasing, in a random order. */
const tierTable = fc
  .tuple(fc.uniqueArray(boundAmount, { minLength: 0, maxLength: 19 }), fc.array(rateBps, { minLength: 20, maxLength: 20 }))
  .chain(([bounds, rates]) => {
    const tiers = [0, ...[...bounds].sort((a, b) => a - b)].map((from_amount, index) => ({ from_amount, rate_bps: rates[index]! }));
    return fc.shuffledSubarray(tiers, { minLength: tiers.length, maxLength: tiers.length });
  });
/** Up to 1e12 units of the currency, in its minor units; often a small one, where halves are frequent. */
const base = (code: Currency) =>
  fc.oneof(fc.bigInt({ min: 0n, max: 10n ** BigInt(12 + currencies[code]) }), fc.bigInt({ min: 0n, max: 1_000n }));

const ruleEvent = {
  orgcode: 'ACME',
  rule_id: 'rule_1',
  name: 'Floor staff',
  status: 'active',
  effective_from: '2026-01-01T00:00:00Z',
  revision: 1,
};

const rule = cachedRule;

const issuesOf = (detail: unknown) => {
  const parsed = validate(commissionRuleSetDetail, detail);
  return parsed.success ? [] : parsed.issues;
};

// --- the commission ----------------------------------------------------------

describe('commissionOn', () => {
  it('rates any valid tier table exactly as the marginal-rate reference does, in any currency', () => {
    fc.assert(
      fc.property(
        currency.chain((code) => fc.tuple(fc.constant(code), tierTable, base(code))),
        ([code, tiers, amount]) => {
          // The table, in order, is one the event schema accepts; the order given makes no difference.
          expect(issuesOf({ ...ruleEvent, tiers: [...tiers].sort((a, b) => a.from_amount - b.from_amount) })).toEqual([]);
          expect(commissionOn({ tiers }, amount, code)).toBe(referenceCommission(tiers, amount, code));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('rates a base inside the tiers, near their bounds, as exactly', () => {
    fc.assert(
      fc.property(tierTable, fc.integer({ min: -3, max: 3 }), fc.nat(19), (tiers, offset, pick) => {
        const bound = tiers[pick % tiers.length]!.from_amount;
        const amount = micros(bound) / 10_000n + BigInt(offset);
        fc.pre(amount >= 0n);
        expect(commissionOn({ tiers }, amount, 'USD')).toBe(referenceCommission(tiers, amount, 'USD'));
      }),
      { numRuns: 300 },
    );
  });

  it('rates a flat rate as base x rate_bps / 10000, halves up, and as one tier from 0', () => {
    fc.assert(
      fc.property(rateBps, base('USD'), (rate_bps, amount) => {
        const product = amount * BigInt(rate_bps);
        const expected = product / 10_000n + (product % 10_000n >= 5_000n ? 1n : 0n);
        expect(commissionOn({ rate_bps }, amount, 'USD')).toBe(expected);
        expect(commissionOn({ tiers: [{ from_amount: 0, rate_bps }] }, amount, 'USD')).toBe(expected);
      }),
    );
  });

  it('rounds every exact half of a minor unit up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), (half) => {
        expect(commissionOn({ rate_bps: 5000 }, 2n * half + 1n, 'USD')).toBe(half + 1n);
      }),
    );
  });

  it('graduates: each rate on its own part of the base', () => {
    const tiers = [
      { from_amount: 0, rate_bps: 200 },
      { from_amount: 1000, rate_bps: 300 },
      { from_amount: 5000, rate_bps: 500 },
    ];
    // 2% of 1000 + 3% of 4000 + 5% of 1000 = 20 + 120 + 50.
    expect(commissionOn({ tiers }, 600_000n, 'USD')).toBe(19_000n);
    // Inside the first tier, and exactly on the second bound.
    expect(commissionOn({ tiers }, 50_000n, 'USD')).toBe(1_000n);
    expect(commissionOn({ tiers }, 500_000n, 'USD')).toBe(14_000n);
    // A lower rate above a bound applies to that part only.
    expect(commissionOn({ tiers: [{ from_amount: 0, rate_bps: 1000 }, { from_amount: 10, rate_bps: 0 }] }, 5_000n, 'USD')).toBe(100n);
  });

  it('rounds once, on the total, halves up: never per tier', () => {
    // Half a cent rounds up, just under half rounds down.
    expect(commissionOn({ rate_bps: 5000 }, 1n, 'USD')).toBe(1n);
    expect(commissionOn({ rate_bps: 4999 }, 1n, 'USD')).toBe(0n);
    // Three tiers each earning half a cent: 1.5 cents in all, so 2; rounding each tier would give 3.
    const halves = [0, 0.01, 0.02].map((from_amount) => ({ from_amount, rate_bps: 5000 }));
    expect(commissionOn({ tiers: halves }, 3n, 'USD')).toBe(2n);
    // Bounds finer than the currency's minor unit are counted exactly: 0.5 cents at 100% above 0.005.
    expect(commissionOn({ tiers: [{ from_amount: 0, rate_bps: 0 }, { from_amount: 0.005, rate_bps: 10_000 }] }, 1n, 'USD')).toBe(1n);
    expect(commissionOn({ tiers: [{ from_amount: 0, rate_bps: 0 }, { from_amount: 0.006, rate_bps: 10_000 }] }, 1n, 'USD')).toBe(0n);
  });

  it("counts in the currency's minor units", () => {
    expect(commissionOn({ rate_bps: 250 }, 1_000n, 'JPY')).toBe(25n);
    expect(commissionOn({ rate_bps: 250 }, 1_000n, 'BHD')).toBe(25n);
    // 3 dinars and more at 10%: 0.5 dinar of a 3.5 dinar base is 0.05 = 50 fils.
    expect(commissionOn({ tiers: [{ from_amount: 0, rate_bps: 0 }, { from_amount: 3, rate_bps: 1000 }] }, 3_500n, 'BHD')).toBe(50n);
  });

  it('refuses a negative base', () => {
    expect(() => commissionOn({ rate_bps: 100 }, -1n, 'USD')).toThrow(RangeError);
  });
});

// --- which sales a rule covers ---------------------------------------------

describe('ruleApplies', () => {
  const sale = { placedAt: '2026-03-01T12:00:00Z', channelCode: 'web_store', sku: 'SKU-CHAIR' };

  it('covers sales placed in [effective_from, effective_to), for any window and instant', () => {
    const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) });
    fc.assert(
      fc.property(instant, instant, fc.option(instant, { nil: undefined }), (from, placed, to) => {
        const windowed = rule({
          effective_from: new Date(from).toISOString(),
          effective_to: to === undefined ? undefined : new Date(to).toISOString(),
        });
        const inside = from <= placed && (to === undefined || placed < to);
        expect(ruleApplies(windowed, { placedAt: new Date(placed).toISOString() })).toBe(inside);
      }),
    );
  });

  it('includes effective_from and excludes effective_to, whatever zone the sale is written in', () => {
    const windowed = rule({ effective_from: '2026-03-01T00:00:00.000Z', effective_to: '2026-04-01T00:00:00.000Z' });
    expect(ruleApplies(windowed, { placedAt: '2026-03-01T00:00:00Z' })).toBe(true);
    expect(ruleApplies(windowed, { placedAt: '2026-02-28T23:59:59.999Z' })).toBe(false);
    expect(ruleApplies(windowed, { placedAt: '2026-03-31T23:59:59.999Z' })).toBe(true);
    expect(ruleApplies(windowed, { placedAt: '2026-04-01T00:00:00Z' })).toBe(false);
    expect(ruleApplies(windowed, { placedAt: '2026-04-01T01:00:00+02:00' })).toBe(true);
  });

  it('covers nothing while inactive', () => {
    expect(ruleApplies(rule({}), sale)).toBe(true);
    expect(ruleApplies(rule({ status: 'inactive' }), sale)).toBe(false);
  });

  it('covers the channels and SKUs of its scope, and every one without a scope', () => {
    const scoped = rule({ scope: { channel_codes: ['web_store', 'pos'], skus: ['SKU-CHAIR'] } });
    expect(ruleApplies(scoped, sale)).toBe(true);
    expect(ruleApplies(scoped, { ...sale, channelCode: 'marketplace' })).toBe(false);
    expect(ruleApplies(scoped, { ...sale, sku: 'SKU-DESK' })).toBe(false);
    // A scoped rule cannot tell that a sale without a channel or SKU is in scope.
    expect(ruleApplies(scoped, { placedAt: sale.placedAt, sku: 'SKU-CHAIR' })).toBe(false);
    expect(ruleApplies(rule({ scope: { skus: ['SKU-CHAIR'] } }), { placedAt: sale.placedAt, sku: 'SKU-CHAIR' })).toBe(true);
    expect(ruleApplies(rule({ scope: {} }), { placedAt: sale.placedAt })).toBe(true);
  });
});

// --- the event details ---------------------------------------------------------

describe('rule event details', () => {
  it('takes a flat or a tiered rule, normalises times, and ignores extra fields', () => {
    const parsed = validate(commissionRuleSetDetail, {
      ...ruleEvent,
      orgcode: 'acme',
      tiers: [{ from_amount: 0, rate_bps: 100, note: 'x' }, { from_amount: 999.99, rate_bps: 250 }],
      scope: { channel_codes: ['web_store'], regions: ['eu'] },
      effective_to: '2026-07-01T02:00:00+02:00',
      published_by: 'pricing',
    });
    expect(parsed).toEqual({
      success: true,
      data: {
        orgcode: 'ACME',
        rule_id: 'rule_1',
        name: 'Floor staff',
        status: 'active',
        tiers: [{ from_amount: 0, rate_bps: 100 }, { from_amount: 999.99, rate_bps: 250 }],
        scope: { channel_codes: ['web_store'] },
        effective_from: '2026-01-01T00:00:00.000Z',
        effective_to: '2026-07-01T00:00:00.000Z',
        revision: 1,
      },
    });
    expect(issuesOf({ ...ruleEvent, rate_bps: 0 })).toEqual([]);
    expect(issuesOf({ ...ruleEvent, rate_bps: 10_000 })).toEqual([]);
  });

  it('needs exactly one of rate_bps and tiers', () => {
    expect(issuesOf(ruleEvent)).toEqual([{ path: 'rate_bps', message: 'is required when tiers are not given' }]);
    expect(issuesOf({ ...ruleEvent, rate_bps: 5, tiers: [{ from_amount: 0, rate_bps: 5 }] })).toEqual([
      { path: 'tiers', message: 'must not be given with rate_bps: a rule has one or the other' },
    ]);
  });

  it('bounds rates to 0..10000 whole basis points and tiers to 1..20', () => {
    const paths = (detail: object) => issuesOf({ ...ruleEvent, ...detail }).map((issue) => issue.path);
    expect(paths({ rate_bps: 10_001 })).toEqual(['rate_bps']);
    expect(paths({ rate_bps: -1 })).toEqual(['rate_bps']);
    expect(paths({ rate_bps: 2.5 })).toEqual(['rate_bps']);
    expect(paths({ tiers: [] })).toEqual(['tiers']);
    expect(paths({ tiers: Array.from({ length: 21 }, (_, index) => ({ from_amount: index, rate_bps: 1 })) })).toEqual(['tiers']);
    expect(paths({ tiers: Array.from({ length: 20 }, (_, index) => ({ from_amount: index, rate_bps: 1 })) })).toEqual([]);
    expect(paths({ tiers: [{ from_amount: 0, rate_bps: 10_001 }] })).toEqual(['tiers.0.rate_bps']);
    expect(paths({ tiers: [{ from_amount: 0, rate_bps: 1 }, { from_amount: 1e13, rate_bps: 1 }] })).toEqual(['tiers.1.from_amount']);
    expect(paths({ tiers: [{ from_amount: 0, rate_bps: 1 }, { from_amount: 0.0000001, rate_bps: 1 }] })).toEqual(['tiers.1.from_amount']);
  });

  it('needs tiers to start at 0 and rise strictly', () => {
    const tiers = (...bounds: number[]) => bounds.map((from_amount) => ({ from_amount, rate_bps: 100 }));
    expect(issuesOf({ ...ruleEvent, tiers: tiers(10, 20) })).toEqual([
      { path: 'tiers.0.from_amount', message: 'must be 0: the first tier starts where the base does' },
    ]);
    expect(issuesOf({ ...ruleEvent, tiers: tiers(0, 20, 20, 10) }).map((issue) => issue.path)).toEqual([
      'tiers.2.from_amount',
      'tiers.3.from_amount',
    ]);
    expect(issuesOf({ ...ruleEvent, tiers: tiers(0, -5) }).map((issue) => issue.path)).toEqual(['tiers.1.from_amount']);
  });

  it('needs a window that ends after it starts, and non-empty scope lists', () => {
    expect(issuesOf({ ...ruleEvent, rate_bps: 1, effective_to: '2026-01-01T00:00:00Z' })).toEqual([
      { path: 'effective_to', message: 'must be later than effective_from' },
    ]);
    expect(issuesOf({ ...ruleEvent, rate_bps: 1, scope: { skus: [], channel_codes: ['Web Store'] } }).map((issue) => issue.path)).toEqual([
      'scope.channel_codes.0',
      'scope.skus',
    ]);
  });

  it('names every missing field of a status change', () => {
    const parsed = validate(commissionRuleStatusSetDetail, { orgcode: 'ACME', status: 'paused' });
    expect(parsed.success ? [] : parsed.issues.map((issue) => issue.path)).toEqual(['rule_id', 'status', 'revision']);
    expect(validate(commissionRuleStatusSetDetail, { orgcode: 'ACME', rule_id: 'r', status: 'inactive', revision: 2, by: 'x' })).toEqual({
      success: true,
      data: { orgcode: 'ACME', rule_id: 'r', status: 'inactive', revision: 2 },
    });
  });
});
