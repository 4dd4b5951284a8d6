import { z } from 'zod';
import { clientId, longText, requestContext, sourceRefs } from '../../domain/common-schemas';
import { settableInvoiceStatuses } from '../../domain/receivables/invoice';
import { setInvoiceStatus } from '../../receivables/invoices';
import { defineRoute } from '../route-definition';

const invoiceStatusSetRequest = z
  .object({
    invoice_id: clientId,
    status: z.enum(settableInvoiceStatuses),
    // Optional here so that leaving it out is 428 expected-revision-required, not 400.
    expected_revision: z.number().int().min(1).optional(),
    reason: longText.optional(),
    source_refs: sourceRefs.default([]),
    request_context: requestContext.optional(),
  })
  .strict();

export const invoiceStatusSetRoute = defineRoute({
  path: '/invoice/status/set',
  operation: 'invoice.status.set',
  name: 'invoice-status-set',
  family: 'receivables',
  schema: invoiceStatusSetRequest,
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
    const invoice = await setInvoiceStatus(input, {
      orgcode: context.caller.orgcode,
      requestContext: context.requestContext,
      now: context.now,
    });
    return { invoice };
  },
});
