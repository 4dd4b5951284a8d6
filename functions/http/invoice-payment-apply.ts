import { httpHandler } from '../../shared/http/http-handler';
import { invoicePaymentApplyRoute } from '../../shared/routes/receivables/invoice-payment-apply.route';

export const handler = httpHandler(invoicePaymentApplyRoute);
