import * as z from 'zod/mini';
import { findEvent } from '../../db/events/event-repository';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { accountingEvent } from '../../domain/events/accounting-event';
import { NotFoundError } from '../../domain/errors';
import { defineRoute } from '../../http/route-definition';

export const eventGetRoute = defineRoute({
  path: '/event/get',
  operation: 'event.get',
  name: 'event-get',
  family: 'events',
  summary: 'Read one accounting event by its identifier.',
  schema: z.strictObject({ event_id: clientId, ...commonRequestFields }),
  response: z.object({ event: accountingEvent }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ event_id: 'evt_01JEXAMPLE0000000000000000' }),
  handle: async (input, context) => {
    const event = await findEvent(context.caller.orgcode, input.event_id);
    if (!event) throw new NotFoundError(`No event ${input.event_id}`);
    return { event };
  },
});
