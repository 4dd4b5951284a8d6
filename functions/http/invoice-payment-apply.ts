import { httpHandler } from '../../shared/http/http-handler';
import { paymentApplyRoute } from '../../shared/routes/receivables/payment-apply.route';

export const handler = httpHandler(paymentApplyRoute);
