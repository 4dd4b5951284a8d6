import { httpHandler } from '../../shared/http/http-handler';
import { rollupFinancialGetRoute } from '../../shared/routes/rollups/rollup-financial-get.route';

export const handler = httpHandler(rollupFinancialGetRoute);
