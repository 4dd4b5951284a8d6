import { httpHandler } from '../../shared/http/http-handler';
import { invoiceGetRoute } from '../../shared/routes/receivables/invoice-get.route';

export const handler = httpHandler(invoiceGetRoute);
