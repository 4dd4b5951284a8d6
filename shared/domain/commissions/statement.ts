import * as z from 'zod/mini';
import { builtOnFirstUse, instant } from '../common-schemas';
import { currencyCode, fromMinorUnits, toMinorUnits } from '../receivables/money';
import { type CommissionLine, lineKinds, lineStatuses } from './commission';
import { type PayoutStatus, payoutStatuses } from './payout';

/**
 * Commission statements (docs/decisions.md: Commissions): one associate's
 * lines over a period, each with where it stands, and per currency what they
 * add up to. Running totals are kept in minor units as decimal strings, so
 * they survive the trip through a page token exactly.
 */

/** Where a line stands: voided, or as its payout does. */
export const settlements = ['paid', 'in_payout', 'payable', 'voided'] as const;
export type Settlement = (typeof settlements)[number];

/** A statement's figures per currency, in the order they are answered. */
export const statementFigures = ['accrued', 'voided', 'adjustments', 'net', 'paid', 'in_payout', 'payable'] as const;
export type StatementFigure = (typeof statementFigures)[number];

/** A line as a statement reads it from its associate's partition: the line's own fields, and an adjustment's reason. */
export type StoredStatementLine = Pick<
  CommissionLine,
  'line_id' | 'commission_id' | 'order_id' | 'kind' | 'amount' | 'currency' | 'status' | 'counts_at' | 'payout_id' | 'reverses_line_id'
> & { reason?: string };

export const statementLineSchema = builtOnFirstUse(() => z.object({
  line_id: z.string(),
  kind: z.enum(lineKinds),
  /** Signed, in major units of `currency`. */
  amount: z.number(),
  currency: currencyCode,
  status: z.enum(lineStatuses),
  counts_at: instant,
  commission_id: z.optional(z.string()),
  order_id: z.optional(z.string()),
  payout_id: z.optional(z.string()),
  /** The status of the line's payout, when that payout exists (one whose assembly never completed does not). */
  payout_status: z.optional(z.enum(payoutStatuses)),
  reverses_line_id: z.optional(z.string()),
  /** An adjustment's reason. */
  reason: z.optional(z.string()),
  settlement: z.enum(settlements),
}));
export type StatementLine = z.infer<typeof statementLineSchema>;

/** What one currency's lines add up to, in major units; net = accrued + adjustments - voided = paid + in_payout + payable. */
const currencyTotalsSchema = builtOnFirstUse(() => z.object({
  currency: currencyCode,
  /** Commission lines, whatever their status. */
  accrued: z.number(),
  /** Voided lines of every kind: the sum of their amounts. */
  voided: z.number(),
  /** Bonus, chargeback and correction lines, whatever their status. */
  adjustments: z.number(),
  /** Payable lines. */
  net: z.number(),
  /** Payable lines in paid payouts. */
  paid: z.number(),
  /** Payable lines in pending or approved payouts. */
  in_payout: z.number(),
  /** Payable lines in no payout, a cancelled one, or one that does not exist. */
  payable: z.number(),
}));
export type CurrencyTotals = z.infer<typeof currencyTotalsSchema>;

/** An associate's lines counting in [from_utc, to_utc), a page at a time; the totals are the whole period's once `partial` is false. */
export const commissionStatementSchema = builtOnFirstUse(() => z.object({
  associate_id: z.string(),
  from_utc: instant,
  to_utc: instant,
  lines: z.array(statementLineSchema),
  totals: z.array(currencyTotalsSchema),
  partial: z.boolean(),
}));
export type CommissionStatement = z.infer<typeof commissionStatementSchema>;

/** Running totals: per currency, each figure in minor units as a decimal string. */
export type StatementTotals = Record<string, Record<StatementFigure, string>>;

/** How a line stands, given the status of its payout when that payout exists. */
export function settlementOf(line: Pick<StoredStatementLine, 'status'>, payoutStatus: PayoutStatus | undefined): Settlement {
  if (line.status === 'voided') return 'voided';
  if (payoutStatus === 'paid') return 'paid';
  if (payoutStatus === 'pending' || payoutStatus === 'approved') return 'in_payout';
  // No payout, a cancelled one whose lines are not freed yet, or an assembly that never completed: still owed.
  return 'payable';
}

/** The line as a statement shows it, with the status of its payout (looked up in `payouts` by payout_id) and its settlement. */
export function statementLine(line: StoredStatementLine, payouts: ReadonlyMap<string, PayoutStatus>): StatementLine {
  const payoutStatus = line.payout_id === undefined ? undefined : payouts.get(line.payout_id);
  return {
    ...line,
    ...(payoutStatus !== undefined && { payout_status: payoutStatus }),
    settlement: settlementOf(line, payoutStatus),
  };
}

/** The figures a line counts in: accrued or adjustments by its kind; then voided, or net and its settlement. */
function figuresOf(line: StatementLine): StatementFigure[] {
  const byKind = line.kind === 'commission' ? 'accrued' : 'adjustments';
  return line.settlement === 'voided' ? [byKind, 'voided'] : [byKind, 'net', line.settlement];
}

const zeroFigures = () => Object.fromEntries(statementFigures.map((figure) => [figure, '0'])) as Record<StatementFigure, string>;

export function addToStatementTotals(totals: StatementTotals, lines: readonly StatementLine[]): StatementTotals {
  const next: StatementTotals = Object.fromEntries(Object.entries(totals).map(([currency, figures]) => [currency, { ...figures }]));
  for (const line of lines) {
    const figures = (next[line.currency] ??= zeroFigures());
    const units = toMinorUnits(line.amount, line.currency) ?? 0n;
    for (const figure of figuresOf(line)) figures[figure] = String(BigInt(figures[figure]) + units);
  }
  return next;
}

function currencyTotals(totals: StatementTotals): CurrencyTotals[] {
  return Object.entries(totals)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, figures]) => ({
      currency,
      ...(Object.fromEntries(
        statementFigures.map((figure) => [figure, fromMinorUnits(BigInt(figures[figure]), currency)]),
      ) as Record<StatementFigure, number>),
    }));
}

/** The statement object of `/commission/statement`. */
export function commissionStatement(
  request: { associate_id: string; from_utc: string; to_utc: string },
  lines: StatementLine[],
  totals: StatementTotals,
  partial: boolean,
): CommissionStatement {
  return {
    associate_id: request.associate_id,
    from_utc: request.from_utc,
    to_utc: request.to_utc,
    lines,
    totals: currencyTotals(totals),
    partial,
  };
}
