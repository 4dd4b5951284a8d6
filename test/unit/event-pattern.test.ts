import { consumerFunctions, type EventPattern } from '../../shared/routes/consumer-registry';
import { matchesPattern } from '../../shared/routes/event-pattern';

const orders: EventPattern = { source: ['retail.orders'], 'detail-type': ['order.placed', 'order.cancelled'] };

describe('matchesPattern', () => {
  it('matches an event whose source and detail-type are each one of the listed values', () => {
    expect(matchesPattern(orders, { source: 'retail.orders', 'detail-type': 'order.placed' })).toBe(true);
    expect(matchesPattern(orders, { source: 'retail.orders', 'detail-type': 'order.cancelled' })).toBe(true);
  });

  it('requires both fields to match', () => {
    expect(matchesPattern(orders, { source: 'retail.payments', 'detail-type': 'order.placed' })).toBe(false);
    expect(matchesPattern(orders, { source: 'retail.orders', 'detail-type': 'tender.captured' })).toBe(false);
  });

  it('compares exactly: case, prefixes and surrounding space all differ', () => {
    for (const detailType of ['Order.Placed', 'order.place', 'order.placed.v2', ' order.placed', 'order.*']) {
      expect(matchesPattern(orders, { source: 'retail.orders', 'detail-type': detailType })).toBe(false);
    }
    expect(matchesPattern(orders, { source: 'retail', 'detail-type': 'order.placed' })).toBe(false);
  });

  it('matches nothing with an empty list', () => {
    const noSource: EventPattern = { source: [], 'detail-type': ['order.placed'] };

    expect(matchesPattern(noSource, { source: 'retail.orders', 'detail-type': 'order.placed' })).toBe(false);
  });

  it('routes each registry consumer its own event type only', () => {
    const placed = { source: 'retail.orders', 'detail-type': 'order.placed' };
    const captured = { source: 'retail.payments', 'detail-type': 'tender.captured' };
    const cancelled = { source: 'retail.orders', 'detail-type': 'order.cancelled' };

    const consumersOf = (event: typeof placed) =>
      consumerFunctions.filter(({ pattern }) => matchesPattern(pattern, event)).map(({ name }) => name);

    // An order placed is invoiced, commissioned and recorded in the ledger by three functions, so no one's failure holds up another.
    expect(consumersOf(placed)).toEqual(['order-placed', 'order-placed-commission', 'order-placed-ledger']);
    expect(consumersOf(captured)).toEqual(['tender-captured', 'tender-captured-ledger']);
    expect(consumersOf(cancelled)).toEqual(['order-cancelled', 'order-cancelled-ledger']);
  });
});
