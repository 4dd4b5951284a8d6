import fc from 'fast-check';
import { lineKinds, lineStatuses } from '../../shared/domain/commissions/commission';
import { type PayoutStatus, payoutStatuses } from '../../shared/domain/commissions/payout';
import {
  type StatementFigure,
  type StatementLine,
  type StatementTotals,
  type StoredStatementLine,
  addToStatementTotals,
  commissionStatement,
  settlementOf,
  statementLine,
} from '../../shared/domain/commissions/statement';
import { fromMinorUnits, minorDigits } from '../../shared/domain/receivables/money';

/**
 * Commission statements (docs/decisions.md: Commissions): every line counts
 * in one figure by kind and one by settlement, so the figures always
 * reconcile, exactly, however the lines are paged.
 */

const request = { associate_id: 'assoc_jane', from_utc: '2026-11-01T00:00:00.000Z', to_utc: '2026-12-01T00:00:00.000Z' };

let sequence = 0;
const stored = (fields: Partial<StoredStatementLine>): StoredStatementLine => ({
  line_id: `lin_${(sequence += 1)}`,
  kind: 'commission',
  amount: 10,
  currency: 'USD',
  status: 'payable',
  counts_at: '2026-11-02T10:00:00.000Z',
  ...fields,
});

const payouts = new Map<string, PayoutStatus>([
  ['pyo_pending', 'pending'],
  ['pyo_approved', 'approved'],
  ['pyo_paid', 'paid'],
  ['pyo_cancelled', 'cancelled'],
]);

describe('settlement', () => {
  it('follows the payout: paid when paid, in payout while pending or approved, payable otherwise; voided lines are voided', () => {
    expect(settlementOf({ status: 'payable' }, undefined)).toBe('payable');
    expect(settlementOf({ status: 'payable' }, 'pending')).toBe('in_payout');
    expect(settlementOf({ status: 'payable' }, 'approved')).toBe('in_payout');
    expect(settlementOf({ status: 'payable' }, 'paid')).toBe('paid');
    expect(settlementOf({ status: 'payable' }, 'cancelled')).toBe('payable');
    for (const status of payoutStatuses) expect(settlementOf({ status: 'voided' }, status)).toBe('voided');
  });

  it("shows the payout's status only when the payout exists; a line in one that was never written is payable", () => {
    const taken = statementLine(stored({ payout_id: 'pyo_paid' }), payouts);
    expect(taken).toMatchObject({ payout_id: 'pyo_paid', payout_status: 'paid', settlement: 'paid' });
    const abandoned = statementLine(stored({ payout_id: 'pyo_never_written' }), payouts);
    expect(abandoned).toMatchObject({ payout_id: 'pyo_never_written', settlement: 'payable' });
    expect(abandoned).not.toHaveProperty('payout_status');
    const free = statementLine(stored({ line_id: 'adj_1', kind: 'bonus', amount: 50, reason: 'Contest' }), payouts);
    expect(free).toEqual({
      line_id: 'adj_1',
      kind: 'bonus',
      amount: 50,
      currency: 'USD',
      status: 'payable',
      counts_at: '2026-11-02T10:00:00.000Z',
      reason: 'Contest',
      settlement: 'payable',
    });
  });
});

describe('statement totals', () => {
  it('adds accrued, voided, adjustments, net, paid, in payout and payable per currency, sorted by currency', () => {
    const lines = [
      stored({ amount: 16.53, payout_id: 'pyo_paid' }),
      stored({ amount: 9.92, payout_id: 'pyo_approved' }),
      stored({ amount: 4.96, payout_id: 'pyo_cancelled' }),
      stored({ amount: 0.1, status: 'voided' }),
      stored({ kind: 'bonus', amount: 50 }),
      stored({ kind: 'chargeback', amount: -12.5, payout_id: 'pyo_pending' }),
      stored({ kind: 'correction', amount: -0.01, status: 'voided' }),
      stored({ amount: 1500, currency: 'JPY' }),
      stored({ amount: 1.234, currency: 'BHD', payout_id: 'pyo_paid' }),
    ].map((line) => statementLine(line, payouts));

    const statement = commissionStatement(request, lines, addToStatementTotals({}, lines), false);

    expect(statement.totals).toEqual([
      { currency: 'BHD', accrued: 1.234, voided: 0, adjustments: 0, net: 1.234, paid: 1.234, in_payout: 0, payable: 0 },
      { currency: 'JPY', accrued: 1500, voided: 0, adjustments: 0, net: 1500, paid: 0, in_payout: 0, payable: 1500 },
      // 16.53 + 9.92 + 4.96 + 0.1 accrued, 50 - 12.5 - 0.01 adjusted, 0.1 - 0.01 voided.
      { currency: 'USD', accrued: 31.51, voided: 0.09, adjustments: 37.49, net: 68.91, paid: 16.53, in_payout: -2.58, payable: 54.96 },
    ]);
    expect(statement).toMatchObject({ ...request, lines, partial: false });
  });

  it('is empty for no lines', () => {
    expect(commissionStatement(request, [], addToStatementTotals({}, []), false)).toEqual({ ...request, lines: [], totals: [], partial: false });
  });
});

/** Currencies of 0, 2 and 3 decimals; a signed amount of up to 1e9 in major units, in minor units. */
const currencyAndUnits = fc
  .constantFrom('JPY', 'USD', 'BHD')
  .chain((currency) => {
    const bound = 10n ** BigInt(9 + minorDigits(currency));
    return fc.record({ currency: fc.constant(currency), units: fc.bigInt({ min: -bound, max: bound }) });
  });

const randomLine = fc
  .record({
    money: currencyAndUnits,
    kind: fc.constantFrom(...lineKinds),
    status: fc.constantFrom(...lineStatuses),
    payout_id: fc.option(fc.constantFrom(...payouts.keys(), 'pyo_never_written'), { nil: undefined }),
  })
  .map(({ money, kind, status, payout_id }) =>
    statementLine(
      stored({ kind, status, currency: money.currency, amount: fromMinorUnits(money.units, money.currency), ...(payout_id && { payout_id }) }),
      payouts,
    ),
  );

const figure = (totals: StatementTotals, currency: string, name: StatementFigure) => BigInt(totals[currency]?.[name] ?? '0');

describe('statement totals, for any lines', () => {
  it('always reconcile exactly: net = paid + in_payout + payable = accrued + adjustments - voided', () => {
    fc.assert(
      fc.property(fc.array(randomLine, { maxLength: 60 }), (lines) => {
        const totals = addToStatementTotals({}, lines);
        for (const currency of Object.keys(totals)) {
          const net = figure(totals, currency, 'net');
          expect(figure(totals, currency, 'paid') + figure(totals, currency, 'in_payout') + figure(totals, currency, 'payable')).toBe(net);
          expect(figure(totals, currency, 'accrued') + figure(totals, currency, 'adjustments') - figure(totals, currency, 'voided')).toBe(net);
        }
        const answered = commissionStatement(request, lines, totals, false).totals;
        expect(answered.map((entry) => entry.currency)).toEqual(Object.keys(totals).sort());
        for (const entry of answered) expect(entry.net).toBe(fromMinorUnits(figure(totals, entry.currency, 'net'), entry.currency));
      }),
      { numRuns: 300 },
    );
  });

  it('come out the same page by page, carried through JSON as a page token carries them, as all at once', () => {
    const pagedLines = fc
      .array(randomLine, { maxLength: 60 })
      .chain((lines) => fc.record({ lines: fc.constant(lines), cuts: fc.uniqueArray(fc.nat({ max: lines.length }), { maxLength: 10 }) }));
    fc.assert(
      fc.property(pagedLines, ({ lines, cuts }) => {
        const bounds = [0, ...cuts.sort((a, b) => a - b), lines.length];
        let carried: StatementTotals = {};
        bounds.slice(1).forEach((end, index) => {
          const page: StatementLine[] = lines.slice(bounds[index], end);
          carried = JSON.parse(JSON.stringify(addToStatementTotals(carried, page))) as StatementTotals;
        });
        expect(carried).toEqual(addToStatementTotals({}, lines));
      }),
      { numRuns: 300 },
    );
  });
});
