import { httpHandler } from '../../shared/http/http-handler';
import { invoiceSetRoute } from '../../shared/routes/receivables/invoice-set.route';

export const handler = httpHandler(invoiceSetRoute);
