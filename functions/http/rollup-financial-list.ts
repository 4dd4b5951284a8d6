import { httpHandler } from '../../shared/http/http-handler';
import { rollupFinancialListRoute } from '../../shared/routes/rollups/rollup-financial-list.route';

export const handler = httpHandler(rollupFinancialListRoute);
