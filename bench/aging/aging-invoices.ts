import { seededRandom } from '../../shared/seeded-random';
import type { InvoiceContent } from '../../shared/domain/receivables/invoice';
import type { InvoiceChange } from '../../shared/domain/receivables/invoice-changes';
import { toMinorUnits } from '../../shared/domain/receivables/money';
import { type InvoiceHistory, type Owed, benchDraft, benchRequestContext, manualPayment, openInvoice, pricedContent } from '../latency/invoice-seed';

/**
 * The aging section's invoices: the same every run (seeded pseudo-random
 * amounts, customers and days), made lazily, with what they owed on a past
 * day summed from their own dates and amounts.
 */

export const invoicesPerCustomer = 10;
/** Distinct invoice contents per currency: pricing each of 50,000 invoices alone would take most of a minute. */
const basketCount = 1000;
export const dueDays = 60;
export const asOf = '2026-11-30';
/**
 * A day aged again later, as the financial rollup re-runs it or a month-end
 * report is run days after: invoices issued in its last two days and payments
 * received in the 17 days since count after it.
 */
export const pastDay = '2026-11-12';
/** 45 days before as_of: the 60 due days fall in the current, 1-30 and 31-60 buckets. */
const firstDueDay = Date.parse('2026-10-16T00:00:00Z');
const dayMs = 24 * 60 * 60 * 1000;
/** Every third invoice is paid in part: 40% of it, 1 to 40 days after its issue, by the day before as_of at the latest. */
export const paidEvery = 3;
const lastPaymentAt = Date.parse('2026-11-29T12:00:00Z');

/** `count` baskets of one to three lines with cents and 8.25% tax, each priced once per currency. */
function basketCatalogue(random: () => number, count: number) {
  const below = (limit: number) => Math.floor(random() * limit);
  const baskets = Array.from({ length: count }, () =>
    Array.from({ length: 1 + below(3) }, () => {
      const cents = 100 + below(50_000);
      const quantity = 1 + below(4);
      return { sku: `SKU-${below(500)}`, description: 'Bench line', quantity, unit_amount: cents / 100, tax_amount: Math.round(cents * quantity * 0.0825) / 100 };
    }),
  );
  const priced = new Map<string, InvoiceContent[]>();
  return (customerId: string, currency: string, basket: number): InvoiceContent => {
    let contents = priced.get(currency);
    if (!contents) priced.set(currency, (contents = baskets.map((lines) => pricedContent('-', currency, lines))));
    return { ...contents[basket]!, customer_id: customerId };
  };
}

/**
 * `count` invoices, made lazily: customer `i % customers` (every tenth
 * customer bills in EUR, the rest in USD), one of the catalogue's baskets, due
 * on one of 60 days, issued 30 days before; every third paid in part. Adds
 * what each owed at the end of `day` to `owedOnDay`, from its own dates and
 * amounts.
 */
export function* agingInvoices(orgcode: string, count: number, customers: number, now: Date, day: string, owedOnDay: Record<string, Owed>): Generator<InvoiceHistory> {
  const random = seededRandom(20261130);
  const below = (limit: number) => Math.floor(random() * limit);
  // A stream of its own, so the invoices are the same with or without their payments.
  const paymentRandom = seededRandom(20261112);
  const basket = basketCatalogue(random, basketCount);
  const origin = { orgcode, requestContext: benchRequestContext(orgcode), now };
  const dayEnd = Date.parse(`${day}T00:00:00Z`) + dayMs;
  for (let index = 0; index < count; index += 1) {
    const customer = index % customers;
    const content = basket(`cust_${String(customer).padStart(5, '0')}`, customer % 10 === 9 ? 'EUR' : 'USD', below(basketCount));
    const dueDay = firstDueDay + below(dueDays) * dayMs;
    const issuedAt = dueDay - 30 * dayMs + 12 * 60 * 60 * 1000;
    const issued = openInvoice(benchDraft(content, new Date(issuedAt).toISOString(), `ord_${index}`), origin);
    const total = toMinorUnits(issued.invoice.total, content.currency) ?? 0n;
    const history: InvoiceChange[] = [issued];
    let paidByDay = 0n;
    if (index % paidEvery === 0) {
      const receivedAt = Math.min(issuedAt + (1 + Math.floor(paymentRandom() * 40)) * dayMs, lastPaymentAt);
      const units = (total * 4n) / 10n;
      history.push(manualPayment(issued.invoice, units, new Date(receivedAt).toISOString(), origin));
      if (receivedAt < dayEnd) paidByDay = units;
    }
    if (issuedAt < dayEnd) {
      const sum = (owedOnDay[content.currency] ??= { units: 0n, openInvoices: 0 });
      sum.units += total - paidByDay;
      sum.openInvoices += 1;
    }
    yield history;
  }
}
