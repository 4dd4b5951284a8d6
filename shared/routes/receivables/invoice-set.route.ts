import * as z from 'zod/mini';
import { invoiceSchema, invoiceSetRequest } from '../../domain/receivables/invoice';
import { setInvoice } from '../../receivables/invoices';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const invoiceSetRoute = defineRoute({
  path: '/invoice/set',
  operation: 'invoice.set',
  name: 'invoice-set',
  family: 'receivables',
  summary: "Create an order's invoice, as a draft or issued, or change and issue a draft under its expected revision.",
  schema: invoiceSetRequest,
  response: z.object({
    invoice: invoiceSchema,
    invoice_id: z.string(),
    /** True when the order already had this invoice and nothing was changed. */
    collapsed: z.boolean(),
  }),
  roles: 'ar_write',
  idempotent: false,
  stores: { table: 'write' },
  example: () => ({
    order_id: 'ord_1001',
    customer_id: 'cust_acme',
    currency: 'USD',
    lines: [
      { sku: 'SKU-CHAIR', description: 'Office chair', quantity: 4, unit_amount: 125, tax_amount: 41.25 },
      { sku: 'SKU-DESK', description: 'Standing desk', quantity: 1, unit_amount: 480.5, tax_amount: 39.64 },
    ],
    payment_terms: { type: 'net', net_days: 30 },
    issued_at: '2026-11-20T10:15:00Z',
    source_refs: [{ kind: 'quote', id: 'q_2026_118' }],
  }),
  handle: async (input, context) => {
    const result = await setInvoice(input, changeOrigin(context));
    return { invoice: result.invoice, invoice_id: result.invoice.invoice_id, collapsed: result.collapsed };
  },
});
