import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { instant } from '../common-schemas';

/**
 * The daily financial rollup (docs/decisions.md: Financial rollups): per
 * organisation and UTC day, one record per dimension value, each with count,
 * amount and tax amount per currency.
 *
 * - `sales`: orders by channel_code, net of the orders cancelled that day;
 * - `tender`: captured tenders by method;
 * - `tax`: orders by tax_jurisdiction_code, net of cancellations like sales;
 * - `ar_aging`: what is owed by aging bucket as of the day's end.
 */
export const financialDimensions = ['sales', 'tender', 'tax', 'ar_aging'] as const;
export type FinancialDimension = (typeof financialDimensions)[number];

/**
 * The dimension value of an entry without one (an order with no channel or no
 * jurisdiction): no channel code (snake_case) or tender method can be it.
 */
export const unassignedValue = '(none)';

/** A UTC day, `YYYY-MM-DD`, that exists in the calendar (leap years included). */
export const utcDay = z.iso.date({ error: 'must be a day of the calendar such as 2026-11-30' });

const dayMs = 24 * 60 * 60 * 1000;

/** The day's instants, [from_utc, to_utc). */
export function dayWindow(day: string): { from_utc: string; to_utc: string } {
  const from = Date.parse(`${day}T00:00:00.000Z`);
  return { from_utc: new Date(from).toISOString(), to_utc: new Date(from + dayMs).toISOString() };
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included. */
export function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The record's identifier: derived from what it is a rollup of (day,
 * dimension, value), so a re-run keeps it, hashed so that any value fits.
 */
export function financialRollupId(dt: string, dimension: FinancialDimension, value: string): string {
  const digest = createHash('sha256').update(`${dt}\n${dimension}\n${value}`, 'utf8').digest('hex').slice(0, 32);
  return `frl_${digest}`;
}

/** One currency's figures of a dimension value. */
export const financialMetricSchema = z.object({
  currency: z.string(),
  /** Entries counted: orders (net of cancellations, so it may be negative), tenders, or open invoices. */
  count: z.int(),
  amount: z.number(),
  tax_amount: z.number(),
});
export type FinancialMetric = z.infer<typeof financialMetricSchema>;

/** A dimension value's figures for the day, as the rollup computes them. */
export interface FinancialFigure {
  dimension: FinancialDimension;
  dimension_value: string;
  metrics: FinancialMetric[];
}

/** A stored rollup record, as the routes answer it. */
export const financialRollupRecord = z.object({
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
});
export type FinancialRollupRecord = z.infer<typeof financialRollupRecord>;
