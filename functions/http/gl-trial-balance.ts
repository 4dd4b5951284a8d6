import { httpHandler } from '../../shared/http/http-handler';
import { glTrialBalanceRoute } from '../../shared/routes/gl/gl-trial-balance.route';

export const handler = httpHandler(glTrialBalanceRoute);
