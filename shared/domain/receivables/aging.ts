import { fromMinorUnits, toMinorUnits } from './money';

/** DESIGN.md section 5: by whole days past the due day, as of a day. */
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

/** Amounts per bucket in minor units, keyed by bucket; JSON-safe as decimal strings. */
export type BucketUnits = Record<AgingBucket, string>;

const emptyBuckets = (): BucketUnits =>
  Object.fromEntries(agingBuckets.map((bucket) => [bucket, '0'])) as BucketUnits;

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
  let sum = 0n;
  const view: Record<string, number> = {};
  for (const bucket of agingBuckets) {
    const units = BigInt(buckets[bucket]);
    sum += units;
    view[bucket] = fromMinorUnits(units, currency);
  }
  return { buckets: view, total: fromMinorUnits(sum, currency) };
}
