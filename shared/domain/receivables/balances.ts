import * as z from 'zod/mini';
import { builtOnFirstUse, instant } from '../common-schemas';
import { statementEntryObject } from './invoice-changes';
import { currencyAmount, currencyCode } from './money';

/** What one customer owes in one currency, as `/ar/balance` lists it. */
export const customerBalanceSchema = builtOnFirstUse(() => z.object({
  customer_id: z.string(),
  currency: currencyCode,
  balance_due: z.number(),
  open_invoices: z.int(),
}));

/** A statement line: the entry and the customer's balance in its currency after it. */
export const statementLineSchema = builtOnFirstUse(() => z.extend(statementEntryObject(), { running_balance: z.number() }));
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A customer's statement over [from_utc, to_utc): balances at both ends and the entries between, a page at a time. */
export const statementSchema = builtOnFirstUse(() => z.object({
  customer_id: z.string(),
  from_utc: instant,
  to_utc: instant,
  opening_balances: z.array(currencyAmount),
  lines: z.array(statementLineSchema),
  /** Null until the page that reads the range's last entry. */
  closing_balances: z.nullable(z.array(currencyAmount)),
}));
