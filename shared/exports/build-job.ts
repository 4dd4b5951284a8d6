import * as z from 'zod/mini';
import { clientId, orgcode } from '../domain/common-schemas';

/** What the export worker is asked to build: a whole export, or one batch a call asked for. */
export const buildJob = z.union([
  z.strictObject({ orgcode, export_id: clientId }),
  z.strictObject({ orgcode, batch_id: clientId }),
]);
export type BuildJob = z.infer<typeof buildJob>;
