import type { StoreAccess } from '../http/route-definition';

/**
 * What an EventBridge rule matches: the event's `source` and `detail-type`,
 * each one of the listed values. The CDK stack deploys these very patterns and
 * the local bus routes with them, so the two can never disagree.
 */
export interface EventPattern {
  source: string[];
  'detail-type': string[];
}

/**
 * A function fed by an EventBridge rule with the platform's events
 * (docs/decisions.md: Platform events). Entry file: `functions/consumers/<name>.ts`, exporting `handler`.
 * Delivery is asynchronous and at least once; an event that still fails after
 * Lambda's retries goes to the dead-letter queue with its reason.
 */
export interface ConsumerFunctionDefinition {
  name: string;
  description: string;
  pattern: EventPattern;
  stores: StoreAccess;
  timeoutSeconds: number;
  memoryMb: number;
}

/**
 * A consumer with the settings every one shares: it writes the table, and 30 s
 * covers a redelivered event's whole effect (rating an org's unrated
 * commissions included).
 */
function consumer(fed: { name: string; source: string; detailType: string; description: string }): ConsumerFunctionDefinition {
  return {
    name: fed.name,
    description: fed.description,
    pattern: { source: [fed.source], 'detail-type': [fed.detailType] },
    stores: { table: 'write' },
    timeoutSeconds: 30,
    memoryMb: 512,
  };
}

export const consumerFunctions: ConsumerFunctionDefinition[] = [
  consumer({
    name: 'order-placed',
    source: 'retail.orders',
    detailType: 'order.placed',
    description: 'Creates the invoice of an order placed with payment terms, once per order',
  }),
  // Its own function, apart from order-placed: an invoice failure never holds up a commission, nor the reverse.
  consumer({
    name: 'order-placed-commission',
    source: 'retail.orders',
    detailType: 'order.placed',
    description: "Creates the commission of an order placed by an associate, once per order, rated by the rule in force",
  }),
  consumer({
    name: 'order-cancelled',
    source: 'retail.orders',
    detailType: 'order.cancelled',
    description: "Voids a cancelled order's commission (charging back lines already paid out), or keeps the cancellation for its order",
  }),
  consumer({
    name: 'tender-captured',
    source: 'retail.payments',
    detailType: 'tender.captured',
    description: "Applies a captured tender to its order's invoice, once per tender, or keeps it until the invoice exists",
  }),
  consumer({
    name: 'commission-rule-set',
    source: 'retail.pricing',
    detailType: 'commission.rule.set',
    description: "Caches a pricing service's commission rule, unless a later revision of it is cached",
  }),
  consumer({
    name: 'commission-rule-status-set',
    source: 'retail.pricing',
    detailType: 'commission.rule.status.set',
    description: "Caches a commission rule's status, unless a later revision of the rule is cached; kept if it comes before the rule",
  }),
  // The ledger's own functions, beside the ones above on the same events: a ledger failure
  // holds up no invoice, payment or commission, nor the reverse.
  consumer({
    name: 'order-placed-ledger',
    source: 'retail.orders',
    detailType: 'order.placed',
    description: 'Records every order placed as an order.placed accounting event, once per order',
  }),
  consumer({
    name: 'order-cancelled-ledger',
    source: 'retail.orders',
    detailType: 'order.cancelled',
    description: 'Records every order cancelled as an order.cancelled accounting event, once per order',
  }),
  consumer({
    name: 'tender-captured-ledger',
    source: 'retail.payments',
    detailType: 'tender.captured',
    description: 'Records every tender captured as a tender.captured accounting event, once per tender',
  }),
];

/**
 * Not fed by a rule: each consumer's on-failure destination. It gets the
 * invocation record of an event whose retries are spent, tells team
 * finance_audit of the event's organisation in its inbox (once per event), and
 * the record then goes on to the dead-letter queue, for redrive, whether or not
 * that worked. Entry file: `functions/consumers/dead-letter-notifier.ts`.
 */
export const deadLetterNotifierFunction = {
  name: 'dead-letter-notifier',
  description: 'Tells team finance_audit of an incoming event a consumer dead-lettered, then passes the record on to the dead-letter queue',
  stores: { table: 'write' },
  timeoutSeconds: 30,
  memoryMb: 512,
} as const satisfies Omit<ConsumerFunctionDefinition, 'pattern'>;

/**
 * What a log subscription passes on: the request lines of metered calls
 * (shared/http/request-log.ts), the only lines with `api_calls`. Each field
 * must equal its value. The stack deploys it as the subscription filter
 * pattern of every route function's log group, and the local stack's log
 * subscription matches lines with it, so the two can never disagree.
 */
export const meteredLineFilter = { message: 'request', api_calls: 1 } as const satisfies Record<string, string | number>;

/**
 * Not fed by a rule: a subscription on every route function's log group hands
 * it the metered request lines, a batch at a time, and it adds them to the
 * usage meters, once per batch however often one is delivered
 * (docs/decisions.md: Usage meters). Asynchronous like a consumer: a batch that
 * still fails after Lambda's retries goes to the dead-letter queue, for
 * redrive. Its own log group is subscribed to nothing. Entry file:
 * `functions/consumers/usage-meter-aggregator.ts`.
 */
export const usageMeterAggregatorFunction = {
  name: 'usage-meter-aggregator',
  description: "Adds the metered calls of the route functions' request log lines to the usage meters, once per log batch",
  stores: { table: 'read', usageMeters: 'aggregate' },
  timeoutSeconds: 60,
  memoryMb: 512,
} as const satisfies Omit<ConsumerFunctionDefinition, 'pattern'>;
