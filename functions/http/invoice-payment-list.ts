import { httpHandler } from '../../shared/http/http-handler';
import { paymentListRoute } from '../../shared/routes/receivables/payment-list.route';

export const handler = httpHandler(paymentListRoute);
