import { addToTotals, emptyTotals, reconcileReport } from '../../shared/domain/events/reconcile-totals';

const window = { from_utc: '2026-11-01T00:00:00.000Z', to_utc: '2026-11-02T00:00:00.000Z' };

describe('reconcile totals', () => {
  it('counts by type and sums amounts and taxes per currency exactly', () => {
    const totals = addToTotals(emptyTotals(), [
      { event_type: 'order.placed', amount: { currency: 'USD', amount: 0.1 }, tax_amount: { currency: 'USD', amount: 0.01 } },
      { event_type: 'order.placed', amount: { currency: 'USD', amount: 0.2 } },
      { event_type: 'tender.captured', amount: { currency: 'EUR', amount: 5 } },
      { event_type: 'note.added' },
    ]);
    expect(reconcileReport(window, totals, false)).toEqual({
      ...window,
      event_count: 4,
      by_type: { 'order.placed': 2, 'tender.captured': 1, 'note.added': 1 },
      amount_totals: { USD: 0.3, EUR: 5 },
      tax_totals: { USD: 0.01 },
      partial: false,
    });
  });

  it('gives the same totals page by page as all at once', () => {
    const events = Array.from({ length: 30 }, (_, i) => ({
      event_type: i % 2 ? 'a.b' : 'c.d',
      amount: { currency: 'USD', amount: 0.07 * (i + 1) },
    }));
    const whole = addToTotals(emptyTotals(), events);
    let paged = emptyTotals();
    for (let i = 0; i < events.length; i += 7) {
      paged = JSON.parse(JSON.stringify(addToTotals(paged, events.slice(i, i + 7))));
    }
    expect(paged).toEqual(whole);
  });

  it('sums amounts of mixed scales and signs exactly, carried on from totals a token brought', () => {
    const brought = { ...emptyTotals(), event_count: 1, by_type: { 'a.b': 1 }, amount_totals: { USD: '0.1' } };
    const totals = addToTotals(brought, [
      { event_type: 'a.b', amount: { currency: 'USD', amount: 1e-7 } },
      { event_type: 'a.b', amount: { currency: 'USD', amount: -0.05 } },
      { event_type: 'c.d', amount: { currency: 'USD', amount: 12.345 }, tax_amount: { currency: 'JPY', amount: 1e21 } },
    ]);

    expect(totals).toEqual({
      event_count: 4,
      by_type: { 'a.b': 3, 'c.d': 1 },
      amount_totals: { USD: '12.3950001' },
      tax_totals: { JPY: '1000000000000000000000' },
    });
  });
});
