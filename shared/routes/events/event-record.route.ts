import { recordEvent } from '../../db/events/event-repository';
import { idempotencyRecordPut } from '../../db/idempotency-repository';
import * as z from 'zod/mini';
import { accountingEvent, buildEvent, eventRecordRequest } from '../../domain/events/accounting-event';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const eventRecordRoute = defineRoute({
  path: '/event/record',
  operation: 'event.record',
  name: 'event-record',
  family: 'events',
  summary: 'Record an immutable financial event in the ledger.',
  schema: eventRecordRequest,
  response: z.object({ event: accountingEvent }),
  roles: 'ledger_write',
  idempotent: true,
  stores: { table: 'write' },
  example: (orgcode) => ({
    event_type: 'order.placed',
    occurred_at: '2026-11-20T10:15:00Z',
    channel_code: 'web_store',
    amount: { currency: 'USD', amount: 107.5 },
    tax_amount: { currency: 'USD', amount: 7.5 },
    tax_jurisdiction_code: 'US-CA',
    reason: 'Order placed on the web store',
    source_refs: [{ kind: 'order', id: 'ord_1001' }],
    idempotency_key: 'order-placed-ord_1001',
    request_context: { orgcode, actor: 'checkout-service', context_source: 'api_key' },
  }),
  handle: async (input, context) => {
    const event = buildEvent(input, changeOrigin(context));
    const data = { event };
    await recordEvent(event, context.idempotency && idempotencyRecordPut(context.idempotency, data, context.now));
    return data;
  },
});
