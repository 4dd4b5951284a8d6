import { ValidationError } from '../domain/errors';
import type { OrderPlacedDetail } from '../domain/receivables/incoming-events';
import { priceInvoice } from '../domain/receivables/invoice';
import { createOrCollapse } from './invoices';
import { systemOrigin } from '../domain/change-origin';

export type OrderOutcome =
  | { outcome: 'invoiced'; invoice_id: string }
  | { outcome: 'duplicate'; invoice_id: string }
  | { outcome: 'no_payment_terms' };

/**
 * An order placed: with payment terms it is sold on account, so its invoice
 * is issued, dated when the order was placed; once per order however often
 * the event arrives. Without terms it was paid at the till: nothing is owed.
 */
export async function invoiceOrder(order: OrderPlacedDetail, now: Date): Promise<OrderOutcome> {
  if (!order.payment_terms) return { outcome: 'no_payment_terms' };
  const priced = priceInvoice({ ...order, payment_terms: order.payment_terms });
  if ('issues' in priced) {
    throw new ValidationError(priced.issues.map((issue) => ({ ...issue, path: `detail.${issue.path}` })));
  }
  const result = await createOrCollapse(
    {
      order_id: order.order_id,
      content: priced.content,
      issued_at: order.placed_at,
      status: 'open',
      reason: `Invoice issued for order ${order.order_id}, placed on payment terms`,
      source_refs: [],
    },
    systemOrigin(order.orgcode, 'event:order.placed', now),
  );
  return { outcome: result.collapsed ? 'duplicate' : 'invoiced', invoice_id: result.invoice.invoice_id };
}
