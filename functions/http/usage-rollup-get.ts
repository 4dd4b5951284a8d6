import { httpHandler } from '../../shared/http/http-handler';
import { usageRollupGetRoute } from '../../shared/routes/rollups/usage-rollup-get.route';

export const handler = httpHandler(usageRollupGetRoute);
