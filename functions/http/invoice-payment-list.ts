import { httpHandler } from '../../shared/http/http-handler';
import { invoicePaymentListRoute } from '../../shared/routes/receivables/invoice-payment-list.route';

export const handler = httpHandler(invoicePaymentListRoute);
