import { httpHandler } from '../../shared/http/http-handler';
import { storageUsageRecordRoute } from '../../shared/routes/usage/storage-usage-record.route';

export const handler = httpHandler(storageUsageRecordRoute);
