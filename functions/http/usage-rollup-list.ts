import { httpHandler } from '../../shared/http/http-handler';
import { usageRollupListRoute } from '../../shared/routes/rollups/usage-rollup-list.route';

export const handler = httpHandler(usageRollupListRoute);
