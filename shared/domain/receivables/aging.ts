import * as z from 'zod/mini';
import { builtOnFirstUse } from '../common-schemas';
import { currencyCode, fromMinorUnits, toMinorUnits } from './money';

/** docs/decisions.md, Accounts receivable: by whole days past the due day, as of a day. */
export const agingBuckets = ['current', '1-30', '31-60', '61-90', '91-120', '120+'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

const dayMs = 24 * 60 * 60 * 1000;

/** Whole calendar days from the due day to the as-of day (`YYYY-MM-DD`, UTC); 0 or less is not yet past due. */
export function daysPastDue(dueDay: string, asOfDay: string): number {
  return Math.round((Date.parse(`${asOfDay}T00:00:00Z`) - Date.parse(`${dueDay}T00:00:00Z`)) / dayMs);
}

export function agingBucket(days: number): AgingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  if (days <= 120) return '91-120';
  return '120+';
}

/** An amount owed on one due day, as the pre-aggregated receivables hold it. */
export interface DueAmount {
  due_day: string;
  balance: number;
  open_invoices: number;
}

/**
 * A change of what is owed (an invoice issued, a payment, a void, a write-off,
 * a reopening) that counts after the as-of day: aging as of the day takes it
 * back from today's amounts.
 */
export interface LaterChange {
  due_day: string;
  /** Signed, in major units: what the change added to the amount owed. */
  amount: number;
  open_invoices_delta: number;
}

/**
 * What was owed on each due day as of a past day (docs/decisions.md: Accounts
 * receivable): today's amounts of one customer and currency less the changes
 * that count after that day, exactly, in minor units. A due day then owing
 * nothing is left out, in due-day order.
 */
export function amountsAsOf(currency: string, amounts: readonly DueAmount[], later: readonly LaterChange[]): DueAmount[] {
  const byDueDay = new Map<string, { units: bigint; openInvoices: number }>();
  const add = (dueDay: string, balance: number, openInvoices: number) => {
    const sum = byDueDay.get(dueDay) ?? { units: 0n, openInvoices: 0 };
    sum.units += toMinorUnits(balance, currency) ?? 0n;
    sum.openInvoices += openInvoices;
    byDueDay.set(dueDay, sum);
  };
  for (const amount of amounts) add(amount.due_day, amount.balance, amount.open_invoices);
  for (const change of later) add(change.due_day, -change.amount, -change.open_invoices_delta);
  return [...byDueDay.entries()]
    .filter(([, sum]) => sum.units !== 0n || sum.openInvoices !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([due_day, sum]) => ({ due_day, balance: fromMinorUnits(sum.units, currency), open_invoices: sum.openInvoices }));
}

/** Amounts per bucket in minor units, keyed by bucket; JSON-safe as decimal strings. */
export type BucketUnits = Record<AgingBucket, string>;

/** A value for every bucket, in bucket order. */
function perBucket<Value>(value: (bucket: AgingBucket) => Value): Record<AgingBucket, Value> {
  return Object.fromEntries(agingBuckets.map((bucket) => [bucket, value(bucket)])) as Record<AgingBucket, Value>;
}

const emptyBuckets = (): BucketUnits => perBucket(() => '0');

/** Running totals of a paged report, per currency: carried in its next_token. */
export interface CurrencyTotals {
  [currency: string]: { buckets: BucketUnits; open_invoices: number };
}

/** Ages one customer's amounts in one currency, and adds them to the running totals. */
export function ageAmounts(currency: string, amounts: readonly DueAmount[], asOfDay: string, totals: CurrencyTotals) {
  const buckets = emptyBuckets();
  let openInvoices = 0;
  const total = (totals[currency] ??= { buckets: emptyBuckets(), open_invoices: 0 });
  for (const amount of amounts) {
    const bucket = agingBucket(daysPastDue(amount.due_day, asOfDay));
    const units = toMinorUnits(amount.balance, currency) ?? 0n;
    buckets[bucket] = String(BigInt(buckets[bucket]) + units);
    total.buckets[bucket] = String(BigInt(total.buckets[bucket]) + units);
    openInvoices += amount.open_invoices;
  }
  total.open_invoices += openInvoices;
  return { buckets, open_invoices: openInvoices };
}

/** Buckets as JSON numbers in major units, with their sum. */
export function bucketsView(currency: string, buckets: BucketUnits) {
  const sum = agingBuckets.reduce((total, bucket) => total + BigInt(buckets[bucket]), 0n);
  return {
    buckets: perBucket((bucket) => fromMinorUnits(BigInt(buckets[bucket]), currency)),
    total: fromMinorUnits(sum, currency),
  };
}

/** `/ar/aging/report`: a page of customer rows, and the totals per currency so far. */
export const agingReportSchema = builtOnFirstUse(() => {
  /** Amounts owed in one currency by bucket, their total, and how many invoices owe them. */
  const row = z.object({
    currency: currencyCode,
    buckets: z.record(z.enum(agingBuckets), z.number()),
    total: z.number(),
    open_invoices: z.int(),
  });
  return z.object({
    /** The day aged to, `YYYY-MM-DD`. */
    as_of: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    /** The bucket names, in order. */
    buckets: z.array(z.enum(agingBuckets)),
    customers: z.array(z.object({ customer_id: z.string(), ...row.shape })),
    /** Per currency, over the customers of this page and the pages before it. */
    totals: z.array(row),
    /** True on the last page, where the totals cover every customer. */
    complete: z.boolean(),
  });
});
