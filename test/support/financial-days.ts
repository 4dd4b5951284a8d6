import type { DeliveryOutcome } from '../../shared/local/event-consumers';
import { deliverEvent } from './local-api';

/**
 * What a financial rollup test publishes on the platform's bus (orders,
 * tenders, cancellations; invoices follow from orders sold on terms), kept in
 * minor units so the test can compute the rollup it expects on its own, with
 * none of the service's code.
 */
export interface PublishedOrder {
  order_id: string;
  placed_at: string;
  currency: string;
  /** Minor units: the order's total, tax included, and its tax. */
  total: number;
  tax: number;
  channel_code?: string;
  tax_jurisdiction_code?: string;
  /** Each jurisdiction's part of `tax` (minor units): distinct jurisdictions whose parts add up to it. */
  tax_components?: Array<{ jurisdiction_code: string; tax: number }>;
  payment_terms?: { type: 'net'; net_days: number } | { type: 'due_on_receipt' };
  associate_id?: string;
}

export interface PublishedTender {
  tender_id: string;
  order_id: string;
  currency: string;
  /** Minor units. */
  amount: number;
  method: string;
  captured_at: string;
}

export interface PublishedCancellation {
  order_id: string;
  cancelled_at: string;
}

export interface PublishedLedger {
  orders: PublishedOrder[];
  tenders: PublishedTender[];
  cancellations: PublishedCancellation[];
}

const major = (minor: number) => minor / 100;

/** Resolves once every consumer the event reached has succeeded with it. */
async function delivered(delivery: Promise<DeliveryOutcome[]>): Promise<void> {
  const outcomes = await delivery;
  expect(outcomes.filter((outcome) => outcome.status !== 'succeeded')).toEqual([]);
}

/** Publishes orders, then tenders, then cancellations, one at a time, and adds them to `ledger`. */
export async function publish(orgcode: string, ledger: PublishedLedger, more: Partial<PublishedLedger>): Promise<void> {
  for (const order of more.orders ?? []) {
    const subtotal = major(order.total - order.tax);
    await delivered(
      deliverEvent('retail.orders', 'order.placed', {
        orgcode,
        order_id: order.order_id,
        customer_id: 'cust_rollup',
        placed_at: order.placed_at,
        currency: order.currency,
        lines: [{ sku: 'SKU-1', quantity: 1, unit_amount: subtotal, tax_amount: major(order.tax) }],
        subtotal,
        tax_total: major(order.tax),
        total: major(order.total),
        ...(order.channel_code && { channel_code: order.channel_code }),
        ...(order.tax_jurisdiction_code && { tax_jurisdiction_code: order.tax_jurisdiction_code }),
        ...(order.tax_components && {
          tax_components: order.tax_components.map((component) => ({
            jurisdiction_code: component.jurisdiction_code,
            amount: { currency: order.currency, amount: major(component.tax) },
          })),
        }),
        ...(order.payment_terms && { payment_terms: order.payment_terms }),
        ...(order.associate_id && { associate_id: order.associate_id }),
      }),
    );
    ledger.orders.push(order);
  }
  for (const tender of more.tenders ?? []) {
    await delivered(
      deliverEvent('retail.payments', 'tender.captured', {
        orgcode,
        tender_id: tender.tender_id,
        order_id: tender.order_id,
        amount: { currency: tender.currency, amount: major(tender.amount) },
        method: tender.method,
        captured_at: tender.captured_at,
      }),
    );
    ledger.tenders.push(tender);
  }
  for (const cancellation of more.cancellations ?? []) {
    await delivered(deliverEvent('retail.orders', 'order.cancelled', { orgcode, ...cancellation }));
    ledger.cancellations.push(cancellation);
  }
}

export const emptyLedger = (): PublishedLedger => ({ orders: [], tenders: [], cancellations: [] });

/** A record's figures, as the routes answer them. */
export interface Figure {
  dimension: string;
  dimension_value: string;
  metrics: Array<{ currency: string; count: number; amount: number; tax_amount: number }>;
}

const dayMs = 86_400_000;
const onDay = (instant: string, day: string) => new Date(instant).toISOString().slice(0, 10) === day;

function bucketOf(dueDay: string, asOf: string): string {
  const late = (Date.parse(asOf) - Date.parse(dueDay)) / dayMs;
  if (late <= 0) return 'current';
  for (const [upTo, bucket] of [[30, '1-30'], [60, '31-60'], [90, '61-90'], [120, '91-120']] as const) if (late <= upTo) return bucket;
  return '120+';
}

/**
 * The rollup of `day` the test expects, summed from what it published: sales
 * by channel and tax by each component's jurisdiction (orders placed that
 * day, less the orders cancelled that day), tenders captured that day by
 * method, and what the invoices of orders on terms placed by the day's end
 * owed then (less the tenders captured for them by then) by aging bucket as
 * of `day`. In the routes' order; figures netting to nothing left out.
 */
export function expectedFigures(ledger: PublishedLedger, day: string): Figure[] {
  const sums = new Map<string, Map<string, { count: number; amount: number; tax: number }>>();
  const add = (dimension: string, value: string | undefined, currency: string, count: number, amount: number, tax: number) => {
    const key = `${dimension}|${value ?? '(none)'}`;
    const byCurrency = sums.get(key) ?? new Map();
    sums.set(key, byCurrency);
    const sum = byCurrency.get(currency) ?? { count: 0, amount: 0, tax: 0 };
    byCurrency.set(currency, { count: sum.count + count, amount: sum.amount + amount, tax: sum.tax + tax });
  };
  const addOrder = (order: PublishedOrder, sign: number) => {
    add('sales', order.channel_code, order.currency, sign, sign * order.total, sign * order.tax);
    // Tax is remitted per jurisdiction: an order with components counts under each of theirs, with its part of the tax.
    const parts = order.tax_components ?? [{ jurisdiction_code: order.tax_jurisdiction_code, tax: order.tax }];
    for (const part of parts) add('tax', part.jurisdiction_code, order.currency, sign, sign * order.total, sign * part.tax);
  };

  for (const order of ledger.orders.filter((entry) => onDay(entry.placed_at, day))) addOrder(order, 1);
  for (const cancellation of ledger.cancellations.filter((entry) => onDay(entry.cancelled_at, day))) {
    const order = ledger.orders.find((entry) => entry.order_id === cancellation.order_id);
    if (order) addOrder(order, -1);
  }
  for (const tender of ledger.tenders.filter((entry) => onDay(entry.captured_at, day))) {
    add('tender', tender.method, tender.currency, 1, tender.amount, 0);
  }
  // What was owed at the day's end: invoices issued by then, less the tenders captured by then.
  const byDayEnd = (instant: string) => Date.parse(instant) < Date.parse(day) + dayMs;
  for (const order of ledger.orders.filter((entry) => entry.payment_terms && byDayEnd(entry.placed_at))) {
    const paid = ledger.tenders
      .filter((tender) => tender.order_id === order.order_id && byDayEnd(tender.captured_at))
      .reduce((sum, tender) => sum + tender.amount, 0);
    const owed = order.total - Math.min(paid, order.total);
    const netDays = order.payment_terms?.type === 'net' ? order.payment_terms.net_days : 0;
    const dueDay = new Date(Date.parse(order.placed_at) + netDays * dayMs).toISOString().slice(0, 10);
    if (owed > 0) add('ar_aging', bucketOf(dueDay, day), order.currency, 1, owed, 0);
  }

  const dimensions = ['sales', 'tender', 'tax', 'ar_aging'];
  return [...sums.entries()]
    .map(([key, byCurrency]) => {
      const [dimension = '', dimension_value = ''] = key.split('|');
      const metrics = [...byCurrency.entries()]
        .filter(([, sum]) => sum.count !== 0 || sum.amount !== 0 || sum.tax !== 0)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([currency, sum]) => ({ currency, count: sum.count, amount: major(sum.amount), tax_amount: major(sum.tax) }));
      return { dimension, dimension_value, metrics };
    })
    .filter((figure) => figure.metrics.length > 0)
    .sort((a, b) => dimensions.indexOf(a.dimension) - dimensions.indexOf(b.dimension) || (a.dimension_value < b.dimension_value ? -1 : 1));
}
