import { logSubscriptionHandler } from '../../shared/lambda/log-subscription-handler';
import { aggregateMeteredLines } from '../../shared/usage/usage-meter-aggregation';

export const handler = logSubscriptionHandler((batch) => aggregateMeteredLines(batch, new Date()), {
  metricsOf: (aggregation) => ({ ...aggregation }),
});
