import { operatorHandler } from '../../shared/lambda/payload-handler';
import { financialRollupAdminRequest, runFinancialRollupAdmin } from '../../shared/operators/financial-rollup-admin';

export const handler = operatorHandler(financialRollupAdminRequest, runFinancialRollupAdmin);
