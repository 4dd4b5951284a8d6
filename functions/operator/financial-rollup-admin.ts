import { payloadHandler } from '../../shared/lambda/payload-handler';
import { rollupAdmin, rollupAdminRequest } from '../../shared/operators/rollup-admin';
import { runFinancialRollup } from '../../shared/rollups/financial-rollup';

export const handler = payloadHandler(rollupAdminRequest, rollupAdmin(runFinancialRollup));
