import { httpHandler } from '../../shared/http/http-handler';
import { storageUsageGetRoute } from '../../shared/routes/usage/storage-usage-get.route';

export const handler = httpHandler(storageUsageGetRoute);
