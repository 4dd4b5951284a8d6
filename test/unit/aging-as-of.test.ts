import { amountsAsOf } from '../../shared/domain/receivables/aging';
import type { Invoice } from '../../shared/domain/receivables/invoice';
import { applyReceipt, moveInvoiceStatus } from '../../shared/domain/receivables/invoice-changes';

describe('amounts owed as of a past day', () => {
  it('takes back the changes counting after the day, exactly, by due day', () => {
    const today = [
      { due_day: '2026-11-12', balance: 761.39, open_invoices: 1 },
      { due_day: '2026-12-01', balance: 0.3, open_invoices: 1 },
    ];
    const later = [
      // A payment of 300 on the first due day: owed then.
      { due_day: '2026-11-12', amount: -300, open_invoices_delta: 0 },
      // The invoice of the second due day, issued after the day: not yet owed then.
      { due_day: '2026-12-01', amount: 0.1, open_invoices_delta: 1 },
      { due_day: '2026-12-01', amount: 0.2, open_invoices_delta: 0 },
    ];

    expect(amountsAsOf('USD', today, later)).toEqual([{ due_day: '2026-11-12', balance: 1061.39, open_invoices: 1 }]);
  });

  it('brings back a due day paid off since, in due-day order', () => {
    const today = [{ due_day: '2026-11-20', balance: 5, open_invoices: 1 }];
    const later = [{ due_day: '2026-10-01', amount: -20, open_invoices_delta: -1 }];

    expect(amountsAsOf('USD', today, later)).toEqual([
      { due_day: '2026-10-01', balance: 20, open_invoices: 1 },
      { due_day: '2026-11-20', balance: 5, open_invoices: 1 },
    ]);
  });
});

describe('the instant a change counts at', () => {
  const origin = { orgcode: 'ACME', requestContext: { orgcode: 'ACME', actor: 'tester', context_source: 'api_key' as const }, now: new Date('2026-11-25T12:00:00Z') };
  const invoice = (fields: Partial<Invoice>): Invoice => ({
    invoice_id: 'inv_1', orgcode: 'ACME', order_id: 'ord_1', customer_id: 'c', currency: 'USD', lines: [],
    subtotal: 100, tax_total: 0, total: 100, amount_paid: 0, balance_due: 100, payment_terms: { type: 'due_on_receipt' },
    issued_at: '2026-11-10T00:00:00.000Z', due_at: '2026-11-10T00:00:00.000Z', status: 'open', source_refs: [],
    request_context: origin.requestContext, revision: 1, created_at: '', updated_at: '', ...fields,
  });
  const receivedAt = (instant: string) => ({
    payment_id: 'pay_1', currency: 'USD', amount: 4000n, method: 'card' as const, received_at: instant, origin: 'tender' as const, source_refs: [],
  });

  it('is its own date, or its invoice\'s issue for a payment dated before it', () => {
    expect(applyReceipt(invoice({}), receivedAt('2026-11-20T00:00:00.000Z'), origin).receivable?.countsAt).toBe('2026-11-20T00:00:00.000Z');
    expect(applyReceipt(invoice({}), receivedAt('2026-11-01T00:00:00.000Z'), origin).receivable?.countsAt).toBe('2026-11-10T00:00:00.000Z');
    expect(moveInvoiceStatus(invoice({}), 'written_off', origin).receivable?.countsAt).toBe('2026-11-25T12:00:00.000Z');
  });
});
