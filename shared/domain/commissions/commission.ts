import * as z from 'zod/mini';
import { builtOnFirstUse, instant, revision } from '../common-schemas';
import { statusListing } from '../list-statuses';
import { currencyCode } from '../receivables/money';

/**
 * Commissions and their lines (docs/decisions.md: Commissions). Amounts go out
 * as JSON numbers in major units of the commission's currency, kept exact in
 * minor units inside.
 */
export const commissionStatuses = ['unrated', 'accrued', 'voided', 'paid'] as const;
export type CommissionStatus = (typeof commissionStatuses)[number];
/** A voided commission stays voided; a paid one stays paid (a later cancel charges it back instead). */
export const commissionListing = statusListing(commissionStatuses, ['voided', 'paid']);

/** Why a commission is unrated: no cached rule covered the sale (yet). */
export const unratedReasons = ['no_rule_in_force'] as const;

export const adjustmentKinds = ['bonus', 'chargeback', 'correction'] as const;
export type AdjustmentKind = (typeof adjustmentKinds)[number];
export const lineKinds = ['commission', ...adjustmentKinds] as const;
export type LineKind = (typeof lineKinds)[number];
export const lineStatuses = ['payable', 'voided'] as const;

const tierSchema = builtOnFirstUse(() => z.object({ from_amount: z.number(), rate_bps: z.number() }));

/** A line of the order as the commission keeps it, to be rated later if no rule covered it: quantity x unit_amount, tax excluded. */
const saleLineSchema = builtOnFirstUse(() => z.object({ sku: z.string(), amount: z.number() }));

const splitSchema = builtOnFirstUse(() => z.object({ associate_id: z.string(), share_bps: z.number(), amount: z.number() }));

/**
 * Where each of the commission's lines is kept (its associate's partition, at
 * `counts_at`) and what it was created as; its status and payout are the line's own.
 */
const lineRefSchema = builtOnFirstUse(() => z.object({
  line_id: z.string(),
  associate_id: z.string(),
  kind: z.enum(lineKinds),
  amount: z.number(),
  counts_at: instant,
}));
export type CommissionLineRef = z.infer<typeof lineRefSchema>;

export const commissionSchema = builtOnFirstUse(() => z.object({
  commission_id: z.string(),
  orgcode: z.string(),
  order_id: z.string(),
  associate_id: z.string(),
  placed_at: instant,
  channel_code: z.optional(z.string()),
  currency: currencyCode,
  sale_lines: z.array(saleLineSchema),
  /** Set once rated: the subtotal of the lines the rule covers, the rule as used, and what it earned. */
  base_amount: z.optional(z.number()),
  rule_id: z.optional(z.string()),
  rate_bps: z.optional(z.number()),
  tiers: z.optional(z.array(tierSchema)),
  amount: z.optional(z.number()),
  splits: z.array(splitSchema),
  lines: z.array(lineRefSchema),
  status: z.enum(commissionStatuses),
  unrated_reason: z.optional(z.enum(unratedReasons)),
  voided_at: z.optional(instant),
  void_reason: z.optional(z.string()),
  revision,
  created_at: instant,
  updated_at: instant,
}));
export type Commission = z.infer<typeof commissionSchema>;

/** A line as stored in its associate's partition: what a payout takes. */
export interface CommissionLine {
  line_id: string;
  orgcode: string;
  /** Absent on an adjustment made without a commission. */
  commission_id?: string;
  order_id?: string;
  associate_id: string;
  kind: LineKind;
  /** Signed, in major units of `currency`. */
  amount: number;
  currency: string;
  status: (typeof lineStatuses)[number];
  counts_at: string;
  /** The payout that took the line; a line without one is free. */
  payout_id?: string;
  /** A chargeback's line it takes back. */
  reverses_line_id?: string;
  created_at: string;
  updated_at: string;
}

export const lineRef = (line: CommissionLine): CommissionLineRef => ({
  line_id: line.line_id,
  associate_id: line.associate_id,
  kind: line.kind,
  amount: line.amount,
  counts_at: line.counts_at,
});
