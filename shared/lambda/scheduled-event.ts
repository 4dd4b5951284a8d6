import * as z from 'zod/mini';

/**
 * The event an EventBridge schedule delivers (other fields ignored). `time` is
 * the scheduled instant, so a run late by a few seconds still works on its own
 * minute; invoked without it (by hand), a run works on the present instant.
 */
export const scheduledEvent = z.object({
  time: z._default(z.iso.datetime({ offset: true }), () => new Date().toISOString()),
});
