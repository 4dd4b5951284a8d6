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
});
