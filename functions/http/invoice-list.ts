import { httpHandler } from '../../shared/http/http-handler';
import { invoiceListRoute } from '../../shared/routes/receivables/invoice-list.route';

export const handler = httpHandler(invoiceListRoute);
