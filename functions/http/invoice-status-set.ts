import { httpHandler } from '../../shared/http/http-handler';
import { invoiceStatusSetRoute } from '../../shared/routes/receivables/invoice-status-set.route';

export const handler = httpHandler(invoiceStatusSetRoute);
