import { payloadHandler } from '../../shared/lambda/payload-handler';
import { financialRollupAdminRequest, runFinancialRollupAdmin } from '../../shared/operators/financial-rollup-admin';

export const handler = payloadHandler(financialRollupAdminRequest, runFinancialRollupAdmin);
