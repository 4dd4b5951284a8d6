import { httpHandler } from '../../shared/http/http-handler';
import { storageUsageReconcileRoute } from '../../shared/routes/usage/storage-usage-reconcile.route';

export const handler = httpHandler(storageUsageReconcileRoute);
