import { agingBucket, daysPastDue } from '../../shared/domain/receivables/aging';
import { dueAt, invalidInvoiceMove, priceInvoice, type Invoice } from '../../shared/domain/receivables/invoice';
import { applyReceipt, moveInvoiceStatus } from '../../shared/domain/receivables/invoice-changes';
import { fromMinorUnits, minorDigits, toMinorUnits } from '../../shared/domain/receivables/money';

describe('minor units', () => {
  it('follows each currency’s digits', () => {
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('BHD')]).toEqual([2, 0, 3]);
    expect(toMinorUnits(0.1, 'USD')).toBe(10n);
    expect(toMinorUnits(1.005, 'USD')).toBeUndefined();
    expect(toMinorUnits(1.5, 'JPY')).toBeUndefined();
    expect(toMinorUnits(1.005, 'BHD')).toBe(1005n);
    expect(fromMinorUnits(2201n, 'USD')).toBe(22.01);
  });
});

describe('aging buckets', () => {
  it.each([
    [0, 'current'], [-5, 'current'], [1, '1-30'], [30, '1-30'], [31, '31-60'], [60, '31-60'],
    [61, '61-90'], [90, '61-90'], [91, '91-120'], [120, '91-120'], [121, '120+'],
  ])('%i days past due is %s', (days, bucket) => {
    expect(agingBucket(days)).toBe(bucket);
  });

  it('counts whole calendar days across month and leap-day boundaries', () => {
    expect(daysPastDue('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysPastDue('2026-11-30', '2026-11-30')).toBe(0);
  });
});

describe('pricing', () => {
  const base = { customer_id: 'c', currency: 'USD', payment_terms: { type: 'net' as const, net_days: 30 } };

  it('sums 0.1 + 0.2 to exactly 0.3 and checks stated totals', () => {
    const result = priceInvoice({ ...base, lines: [{ quantity: 1, unit_amount: 0.1 }, { quantity: 1, unit_amount: 0.2 }], total: 0.3 });
    expect('content' in result && result.content.total).toBe(0.3);
    const wrong = priceInvoice({ ...base, lines: [{ quantity: 1, unit_amount: 0.1 }], total: 0.11 });
    expect('issues' in wrong && wrong.issues.map((issue) => issue.path)).toEqual(['total']);
  });

  it('needs quantity x unit_amount in whole cents and a positive total', () => {
    const fraction = priceInvoice({ ...base, lines: [{ quantity: 0.5, unit_amount: 0.01 }] });
    expect('issues' in fraction && fraction.issues[0]?.path).toBe('lines.0.quantity');
    const weighed = priceInvoice({ ...base, lines: [{ quantity: 1.25, unit_amount: 4 }] });
    expect('content' in weighed && weighed.content.subtotal).toBe(5);
    const zero = priceInvoice({ ...base, lines: [{ quantity: 1, unit_amount: 0 }] });
    expect('issues' in zero).toBe(true);
  });

  it('dates the due day by the terms', () => {
    expect(dueAt('2026-01-31T12:00:00.000Z', { type: 'net', net_days: 30 })).toBe('2026-03-02T12:00:00.000Z');
    expect(dueAt('2026-01-31T12:00:00.000Z', { type: 'due_on_receipt' })).toBe('2026-01-31T12:00:00.000Z');
  });
});

describe('invoice changes', () => {
  const origin = { orgcode: 'ACME', requestContext: { orgcode: 'ACME', actor: 't', context_source: 'system' as const }, now: new Date('2026-11-21T00:00:00Z') };
  const invoice = (fields: Partial<Invoice>): Invoice => ({
    invoice_id: 'inv_1', orgcode: 'ACME', order_id: 'ord_1', customer_id: 'c', currency: 'USD', lines: [],
    subtotal: 100, tax_total: 0, total: 100, amount_paid: 0, balance_due: 100, payment_terms: { type: 'due_on_receipt' },
    issued_at: '2026-11-01T00:00:00.000Z', due_at: '2026-11-01T00:00:00.000Z', status: 'open', source_refs: [],
    request_context: origin.requestContext, revision: 1, created_at: '', updated_at: '', ...fields,
  });
  const receipt = (amount: bigint, currency = 'USD') => ({
    payment_id: 'pay_1', currency, amount, method: 'card' as const, received_at: '2026-11-20T00:00:00.000Z', origin: 'tender' as const, source_refs: [],
  });

  it('applies a tender up to the balance and keeps the rest unapplied', () => {
    const change = applyReceipt(invoice({ amount_paid: 40, balance_due: 60, status: 'partially_paid' }), receipt(7500n), origin);
    expect(change.invoice).toMatchObject({ status: 'paid', amount_paid: 100, balance_due: 0 });
    expect(change.payment).toMatchObject({ amount: 75, applied_amount: 60, unapplied_amount: 15, unapplied_reason: 'exceeds_balance' });
    expect(change.receivable).toMatchObject({ balanceDelta: -6000n, openInvoicesDelta: -1 });
  });

  it('applies nothing in another currency or to an invoice no longer owed', () => {
    expect(applyReceipt(invoice({}), receipt(100n, 'EUR'), origin).payment.unapplied_reason).toBe('currency_mismatch');
    const voided = applyReceipt(invoice({ status: 'void' }), receipt(100n), origin);
    expect(voided.payment).toMatchObject({ applied_amount: 0, unapplied_reason: 'invoice_not_receivable' });
    expect(voided.receivable).toBeUndefined();
  });

  it('allows only the moves of the design', () => {
    expect(invalidInvoiceMove(invoice({ status: 'paid' }), 'written_off')).toBeDefined();
    expect(invalidInvoiceMove(invoice({ status: 'partially_paid', amount_paid: 1 }), 'void')).toBeDefined();
    expect(invalidInvoiceMove(invoice({ status: 'open' }), 'void')).toBeUndefined();
    expect(invalidInvoiceMove(invoice({ status: 'written_off' }), 'open')).toBeUndefined();
  });

  it('reopens a partly paid write-off as partially_paid and puts its balance back', () => {
    const change = moveInvoiceStatus(invoice({ status: 'written_off', amount_paid: 30, balance_due: 70 }), 'open', origin);
    expect(change.invoice.status).toBe('partially_paid');
    expect(change.receivable).toMatchObject({ balanceDelta: 7000n, openInvoicesDelta: 1 });
  });
});
