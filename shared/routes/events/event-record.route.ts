import { recordEvent } from '../../db/event-repository';
import { idempotencyRecordPut } from '../../db/idempotency-repository';
import { buildEvent, eventRecordRequest } from '../../domain/events/accounting-event';
import { defineRoute } from '../route-definition';

export const eventRecordRoute = defineRoute({
  path: '/event/record',
  operation: 'event.record',
  name: 'event-record',
  family: 'events',
  schema: eventRecordRequest,
  roles: 'ledger_write',
  idempotent: true,
  stores: { table: 'write' },
  handle: async (input, context) => {
    const event = buildEvent(input, {
      orgcode: context.caller.orgcode,
      requestContext: context.requestContext,
      now: context.now,
    });
    const data = { event };
    await recordEvent(event, context.idempotency && idempotencyRecordPut(context.idempotency, data, context.now));
    return data;
  },
});
