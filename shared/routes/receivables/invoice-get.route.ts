import { z } from 'zod';
import { findInvoice } from '../../db/invoice-repository';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { defineRoute } from '../route-definition';

const invoiceGetRequest = z.object({ invoice_id: clientId, ...commonRequestFields }).strict();

export const invoiceGetRoute = defineRoute({
  path: '/invoice/get',
  operation: 'invoice.get',
  name: 'invoice-get',
  family: 'receivables',
  schema: invoiceGetRequest,
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
