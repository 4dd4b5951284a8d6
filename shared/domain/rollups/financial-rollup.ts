import * as z from 'zod/mini';
import { builtOnFirstUse, instant } from '../common-schemas';
import { rollupId } from './rollup-id';
import { type FinancialDimension, financialDimensions } from './rollup-subjects';

/**
 * The daily financial rollup (docs/decisions.md: Financial rollups): per
 * organisation and UTC day, one record per dimension value, each with count,
 * amount and tax amount per currency.
 *
 * - `sales`: orders by channel_code, net of the orders cancelled that day;
 * - `tender`: captured tenders by method;
 * - `tax`: orders' tax by jurisdiction, each tax component under its own
 *   (./tax-parts.ts), net of cancellations like sales;
 * - `ar_aging`: what is owed by aging bucket as of the day's end.
 */
export { financialDimensions, type FinancialDimension } from './rollup-subjects';

/**
 * The dimension value of an entry without one (an order with no channel or no
 * jurisdiction): no channel code (snake_case) or tender method can be it.
 */
export const unassignedValue = '(none)';

/**
 * The record's identifier, the same on every run: `frl_` and the hash of
 * its day, dimension and value.
 */
export function financialRollupId(dt: string, dimension: FinancialDimension, value: string): string {
  return rollupId('frl', [dt, dimension, value]);
}

/** One currency's figures of a dimension value. */
export const financialMetricSchema = builtOnFirstUse(() => z.object({
  currency: z.string(),
  /** Entries counted: orders (net of cancellations, so it may be negative), tenders, or open invoices. */
  count: z.int(),
  amount: z.number(),
  tax_amount: z.number(),
}));
export type FinancialMetric = z.infer<typeof financialMetricSchema>;

/** A dimension value's figures for the day, as the rollup computes them. */
export interface FinancialFigure {
  dimension: FinancialDimension;
  dimension_value: string;
  metrics: FinancialMetric[];
}

/** A stored rollup record, as the routes answer it. */
export const financialRollupRecord = builtOnFirstUse(() => z.object({
  rollup_id: z.string(),
  orgcode: z.string(),
  dt: z.string(),
  dimension: z.enum(financialDimensions),
  dimension_value: z.string(),
  /** The day's instants, [from_utc, to_utc). */
  window: z.object({ from_utc: instant, to_utc: instant }),
  /** Per currency, in currency order. */
  metrics: z.array(financialMetricSchema),
  /** The run that wrote this revision. */
  run_id: z.string(),
  /** How many runs of the day's rollup there have been: every re-run bumps every record of the day. */
  revision: z.int(),
  created_at: instant,
  updated_at: instant,
}));
export type FinancialRollupRecord = z.infer<typeof financialRollupRecord>;
