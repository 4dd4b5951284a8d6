import * as z from 'zod/mini';
import { clientId, orgcode } from '../domain/common-schemas';

/**
 * What the export worker is asked to build: a whole export, or one batch a call
 * asked for. `restart`: the scheduler's sweep started it, the work's deadline having passed.
 */
const restart = z.optional(z.literal(true));
export const buildJob = z.union([
  z.strictObject({ orgcode, export_id: clientId, restart }),
  z.strictObject({ orgcode, batch_id: clientId, restart }),
]);
export type BuildJob = z.infer<typeof buildJob>;
