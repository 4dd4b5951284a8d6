import { FinancialTally } from '../../shared/domain/rollups/financial-tally';
import type { LedgerEntry } from '../../shared/domain/rollups/ledger-entry';

const usd = (amount: number) => ({ currency: 'USD', amount });
const eur = (amount: number) => ({ currency: 'EUR', amount });

/** An order's ledger entry: its total and tax, where it was sold and taxed. */
const order = (total: number, tax: number, channel?: string, jurisdiction?: string, money = usd): LedgerEntry => ({
  amount: money(total),
  tax_amount: money(tax),
  channel_code: channel,
  tax_jurisdiction_code: jurisdiction,
});

const tender = (amount: number, method?: string): LedgerEntry => ({
  amount: usd(amount),
  source_refs: [{ kind: 'tender', id: 'tnd_1' }, ...(method ? [{ kind: 'tender_method', id: method }] : [])],
});

const figuresOf = (tally: FinancialTally, dimension: string) =>
  Object.fromEntries(tally.figures().filter((figure) => figure.dimension === dimension).map((figure) => [figure.dimension_value, figure.metrics]));

describe('the financial tally of a day', () => {
  it('sums orders by channel and by jurisdiction, per currency, exactly', () => {
    const tally = new FinancialTally();

    tally.addOrderPlaced(order(0.1, 0.01, 'web_store', 'US-CA'));
    tally.addOrderPlaced(order(0.2, 0.02, 'web_store', 'US-NY'));
    tally.addOrderPlaced(order(10, 0, 'pos', 'US-CA'));
    tally.addOrderPlaced(order(5.5, 1.1, 'web_store', 'US-CA', eur));

    expect(figuresOf(tally, 'sales')).toEqual({
      pos: [{ currency: 'USD', count: 1, amount: 10, tax_amount: 0 }],
      web_store: [
        { currency: 'EUR', count: 1, amount: 5.5, tax_amount: 1.1 },
        { currency: 'USD', count: 2, amount: 0.3, tax_amount: 0.03 },
      ],
    });
    expect(figuresOf(tally, 'tax')).toEqual({
      'US-CA': [
        { currency: 'EUR', count: 1, amount: 5.5, tax_amount: 1.1 },
        { currency: 'USD', count: 2, amount: 10.1, tax_amount: 0.01 },
      ],
      'US-NY': [{ currency: 'USD', count: 1, amount: 0.2, tax_amount: 0.02 }],
    });
  });

  it("takes a cancelled order's figures back under its own channel and jurisdiction, and leaves out what nets to nothing", () => {
    const tally = new FinancialTally();
    const kiosk = order(20, 2, 'kiosk', 'US-TX');

    tally.addOrderPlaced(order(100, 8, 'web_store', 'US-TX'));
    tally.addOrderPlaced(kiosk);
    tally.addOrderCancelled(kiosk);
    tally.addOrderCancelled(order(30, 3, 'web_store', 'US-TX'));

    expect(figuresOf(tally, 'sales')).toEqual({ web_store: [{ currency: 'USD', count: 0, amount: 70, tax_amount: 5 }] });
    expect(figuresOf(tally, 'tax')).toEqual({ 'US-TX': [{ currency: 'USD', count: 0, amount: 70, tax_amount: 5 }] });
  });

  it('counts a cancellation on its own day even with no sale that day: negative figures', () => {
    const tally = new FinancialTally();

    tally.addOrderCancelled(order(12.34, 1.23, 'web_store'));

    expect(figuresOf(tally, 'sales')).toEqual({ web_store: [{ currency: 'USD', count: -1, amount: -12.34, tax_amount: -1.23 }] });
  });

  it('puts an order without a channel or a jurisdiction under (none)', () => {
    const tally = new FinancialTally();

    tally.addOrderPlaced(order(1, 0));

    expect(figuresOf(tally, 'sales')).toEqual({ '(none)': [{ currency: 'USD', count: 1, amount: 1, tax_amount: 0 }] });
    expect(figuresOf(tally, 'tax')).toEqual({ '(none)': [{ currency: 'USD', count: 1, amount: 1, tax_amount: 0 }] });
  });

  it('counts an entry in the currency of its amount, its tax in its own, and skips one with no amounts', () => {
    const tally = new FinancialTally();

    tally.addOrderPlaced({ amount: usd(10), tax_amount: eur(1), channel_code: 'pos' });
    tally.addOrderPlaced({ tax_amount: eur(2), channel_code: 'pos' });
    tally.addOrderPlaced({ channel_code: 'pos' });

    expect(figuresOf(tally, 'sales')).toEqual({
      pos: [
        { currency: 'EUR', count: 1, amount: 0, tax_amount: 3 },
        { currency: 'USD', count: 1, amount: 10, tax_amount: 0 },
      ],
    });
  });

  it('counts each tax component under its own jurisdiction, and takes a cancellation back the same way', () => {
    const tally = new FinancialTally();
    const austin = {
      ...order(10.7, 0.7, 'pos', 'US-TX'),
      tax_components: [
        { jurisdiction_code: 'US-TX', amount: usd(0.5) },
        { jurisdiction_code: 'US-TX-AUS', amount: usd(0.2) },
      ],
    };

    tally.addOrderPlaced(austin);
    tally.addOrderPlaced(austin);
    tally.addOrderCancelled(austin);

    expect(figuresOf(tally, 'tax')).toEqual({
      'US-TX': [{ currency: 'USD', count: 1, amount: 10.7, tax_amount: 0.5 }],
      'US-TX-AUS': [{ currency: 'USD', count: 1, amount: 10.7, tax_amount: 0.2 }],
    });
    expect(figuresOf(tally, 'sales')).toEqual({ pos: [{ currency: 'USD', count: 1, amount: 10.7, tax_amount: 0.7 }] });
  });

  it("counts tax no component accounts for under the order's jurisdiction, else (none), so the parts add up to the order's tax", () => {
    const tally = new FinancialTally();

    // A component without a jurisdiction is the order's; one without an amount, or in another currency, leaves its share over.
    tally.addOrderPlaced({
      ...order(10, 1, 'pos', 'US-TX'),
      tax_components: [
        { amount: usd(0.3) },
        { jurisdiction_code: 'US-TX-AUS', amount: usd(0.2) },
        { jurisdiction_code: 'US-TX-DAL' },
        { jurisdiction_code: 'EU', amount: eur(9) },
      ],
    });
    // Components claiming more than the order's tax: the order's own jurisdiction takes the difference back.
    tally.addOrderPlaced({ ...order(10, 0.5, 'pos'), tax_components: [{ jurisdiction_code: 'US-CA', amount: usd(0.6) }] });

    expect(figuresOf(tally, 'tax')).toEqual({
      '(none)': [{ currency: 'USD', count: 1, amount: 10, tax_amount: -0.1 }],
      'US-CA': [{ currency: 'USD', count: 1, amount: 10, tax_amount: 0.6 }],
      'US-TX': [{ currency: 'USD', count: 1, amount: 10, tax_amount: 0.8 }],
      'US-TX-AUS': [{ currency: 'USD', count: 1, amount: 10, tax_amount: 0.2 }],
    });
    const centsOfTax = (dimension: string) =>
      tally
        .figures()
        .filter((figure) => figure.dimension === dimension)
        .flatMap((figure) => figure.metrics.map((metric) => Math.round(metric.tax_amount * 100)))
        .reduce((sum, cents) => sum + cents, 0);
    expect(centsOfTax('tax')).toBe(centsOfTax('sales'));
  });

  it('sums tenders by the method of their tender_method ref', () => {
    const tally = new FinancialTally();

    tally.addTenderCaptured(tender(25.5, 'card'));
    tally.addTenderCaptured(tender(4.5, 'card'));
    tally.addTenderCaptured(tender(10, 'cash'));
    tally.addTenderCaptured(tender(1));

    expect(figuresOf(tally, 'tender')).toEqual({
      '(none)': [{ currency: 'USD', count: 1, amount: 1, tax_amount: 0 }],
      card: [{ currency: 'USD', count: 2, amount: 30, tax_amount: 0 }],
      cash: [{ currency: 'USD', count: 1, amount: 10, tax_amount: 0 }],
    });
  });

  it('ages what is owed into buckets as of the day, counting open invoices', () => {
    const tally = new FinancialTally();
    const owed = (due_day: string, balance: number, open_invoices = 1) => ({ currency: 'USD', due_day, balance, open_invoices });

    for (const amount of [
      owed('2026-11-20', 100, 2),
      owed('2026-12-01', 50),
      owed('2026-11-19', 10),
      owed('2026-10-21', 20),
      owed('2026-10-20', 30),
      owed('2026-07-22', 40),
      owed('2026-07-23', 5.55),
    ]) {
      tally.addOwed(amount, '2026-11-20');
    }

    expect(figuresOf(tally, 'ar_aging')).toEqual({
      current: [{ currency: 'USD', count: 3, amount: 150, tax_amount: 0 }],
      '1-30': [{ currency: 'USD', count: 2, amount: 30, tax_amount: 0 }],
      '31-60': [{ currency: 'USD', count: 1, amount: 30, tax_amount: 0 }],
      '91-120': [{ currency: 'USD', count: 1, amount: 5.55, tax_amount: 0 }],
      '120+': [{ currency: 'USD', count: 1, amount: 40, tax_amount: 0 }],
    });
  });

  it('orders the figures by dimension (sales, tender, tax, ar_aging), then value', () => {
    const tally = new FinancialTally();

    tally.addOwed({ currency: 'USD', due_day: '2026-11-20', balance: 1, open_invoices: 1 }, '2026-11-20');
    tally.addTenderCaptured(tender(1, 'cash'));
    tally.addOrderPlaced(order(1, 0, 'web_store', 'US-CA'));
    tally.addOrderPlaced(order(1, 0, 'kiosk', 'US-AZ'));

    expect(tally.figures().map((figure) => `${figure.dimension}:${figure.dimension_value}`)).toEqual([
      'sales:kiosk',
      'sales:web_store',
      'tender:cash',
      'tax:US-AZ',
      'tax:US-CA',
      'ar_aging:current',
    ]);
  });
});
