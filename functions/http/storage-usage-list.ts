import { httpHandler } from '../../shared/http/http-handler';
import { storageUsageListRoute } from '../../shared/routes/usage/storage-usage-list.route';

export const handler = httpHandler(storageUsageListRoute);
