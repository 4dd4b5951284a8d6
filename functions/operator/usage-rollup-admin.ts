import { payloadHandler } from '../../shared/lambda/payload-handler';
import { rollupAdmin, rollupAdminRequest } from '../../shared/operators/rollup-admin';
import { runUsageRollup } from '../../shared/rollups/usage-rollup';

export const handler = payloadHandler(rollupAdminRequest, rollupAdmin(runUsageRollup));
