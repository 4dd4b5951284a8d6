import * as z from 'zod/mini';
import { findInvoice } from '../../db/receivables/invoice-repository';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { invoiceSchema } from '../../domain/receivables/invoice';
import { defineRoute } from '../../http/route-definition';

export const invoiceGetRoute = defineRoute({
  path: '/invoice/get',
  operation: 'invoice.get',
  name: 'invoice-get',
  family: 'receivables',
  summary: 'Read one invoice by its identifier.',
  schema: z.strictObject({ invoice_id: clientId, ...commonRequestFields }),
  response: z.object({ invoice: invoiceSchema }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ invoice_id: 'inv_01JEXAMPLE0000000000000000' }),
  handle: async (input, context) => {
    const invoice = await findInvoice(context.caller.orgcode, input.invoice_id);
    if (!invoice) throw new NotFoundError();
    return { invoice };
  },
});
