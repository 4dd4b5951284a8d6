import { z } from 'zod';
import { findEvent } from '../../db/event-repository';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { defineRoute } from '../route-definition';

export const eventGetRoute = defineRoute({
  path: '/event/get',
  operation: 'event.get',
  name: 'event-get',
  family: 'events',
  schema: z.object({ event_id: clientId, ...commonRequestFields }).strict(),
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
