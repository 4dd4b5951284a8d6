import * as z from 'zod/mini';
import { invoiceSchema, invoiceStatusSetRequest } from '../../domain/receivables/invoice';
import { setInvoiceStatus } from '../../receivables/invoices';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const invoiceStatusSetRoute = defineRoute({
  path: '/invoice/status/set',
  operation: 'invoice.status.set',
  name: 'invoice-status-set',
  family: 'receivables',
  summary: 'Issue a draft, void an invoice, write one off or reopen it, under its expected revision.',
  schema: invoiceStatusSetRequest,
  response: z.object({ invoice: invoiceSchema }),
  roles: 'ar_write',
  idempotent: false,
  stores: { table: 'write' },
  example: () => ({
    invoice_id: 'inv_01JEXAMPLE0000000000000000',
    status: 'written_off',
    expected_revision: 3,
    reason: 'Customer insolvent; approved by the credit committee',
  }),
  handle: async (input, context) => {
    const invoice = await setInvoiceStatus(input, changeOrigin(context));
    return { invoice };
  },
});
