import { createHash } from 'node:crypto';
import { systemOrigin } from '../change-origin';
import type { Money, SourceRef } from '../common-schemas';
import { ValidationError, type ValidationIssue } from '../errors';
import type { OrderCancelledDetail, OrderPlacedDetail, TenderCapturedDetail } from '../receivables/incoming-events';
import { type AmountOrMoney, toMinorUnits } from '../receivables/money';
import { type AccountingEvent, type EventRecordRequest, buildEvent } from '../events/accounting-event';

/**
 * The platform events the ledger records as accounting events of the same type
 * (docs/decisions.md: Ledger of incoming events): one per type and business
 * key, built from the event's own detail only, so the ledger ends the same
 * whatever order the events arrive in.
 */
export type LedgerEventType = 'order.placed' | 'order.cancelled' | 'tender.captured';

/**
 * The one event id of a type and business key: `evt_order_placed_` and 32 hex
 * digits (128 bits) of the key's SHA-256. Hashed because a 128-character order
 * id behind the prefix would outgrow the 128 characters an event_id may have.
 */
export function ledgerEventId(eventType: LedgerEventType, businessKey: string): string {
  const digest = createHash('sha256').update(businessKey, 'utf8').digest('hex').slice(0, 32);
  return `evt_${eventType.replace('.', '_')}_${digest}`;
}

type LedgerFields = Omit<EventRecordRequest, 'event_id' | 'event_type' | 'idempotency_key' | 'request_context'>;

/** Recorded by the system on behalf of the event: actor `event:<detail-type>`. */
function ledgerEvent(eventType: LedgerEventType, orgcode: string, businessKey: string, fields: LedgerFields, now: Date): AccountingEvent {
  const origin = systemOrigin(orgcode, `event:${eventType}`, now);
  return buildEvent(
    { event_id: ledgerEventId(eventType, businessKey), event_type: eventType, ...fields, request_context: origin.requestContext },
    origin,
  );
}

/** An amount in `currency` with no more decimals than the currency has, or the issue of `path`. */
function exactMoney(value: AmountOrMoney, currency: string, path: string, issues: ValidationIssue[]): Money {
  const amount = typeof value === 'number' ? value : value.amount;
  if (typeof value !== 'number' && value.currency !== currency) {
    issues.push({ path, message: `is in ${value.currency}, but the order is in ${currency}` });
  } else if (toMinorUnits(amount, currency) === undefined) {
    issues.push({ path, message: `has more decimals than ${currency} has` });
  }
  return { currency, amount };
}

/** Every order, paid at the till or on terms, with an associate or without: its total, tax and where it was sold. */
export function orderPlacedEvent(order: OrderPlacedDetail, now: Date): AccountingEvent {
  const issues: ValidationIssue[] = [];
  const amount = exactMoney(order.total, order.currency, 'detail.total', issues);
  const taxAmount = exactMoney(order.tax_total, order.currency, 'detail.tax_total', issues);
  if (issues.length) throw new ValidationError(issues);
  const sourceRefs: SourceRef[] = [
    { kind: 'order', id: order.order_id },
    { kind: 'customer', id: order.customer_id },
    ...(order.associate_id === undefined ? [] : [{ kind: 'associate', id: order.associate_id }]),
  ];
  return ledgerEvent(
    'order.placed',
    order.orgcode,
    order.order_id,
    {
      occurred_at: order.placed_at,
      logical_guid: order.logical_guid,
      channel_code: order.channel_code,
      cccode: order.cccode,
      amount,
      tax_amount: taxAmount,
      tax_jurisdiction_code: order.tax_jurisdiction_code,
      tax_components: order.tax_components,
      policy_refs: order.policy_refs,
      reason: `Order ${order.order_id} placed`,
      source_refs: sourceRefs,
    },
    now,
  );
}

/**
 * A cancellation, without amounts: its detail has none, and copying the placed
 * order's would make the entry depend on which event arrived first.
 */
export function orderCancelledEvent(cancellation: OrderCancelledDetail, now: Date): AccountingEvent {
  return ledgerEvent(
    'order.cancelled',
    cancellation.orgcode,
    cancellation.order_id,
    {
      occurred_at: cancellation.cancelled_at,
      reason: cancellation.reason ?? `Order ${cancellation.order_id} cancelled`,
      source_refs: [{ kind: 'order', id: cancellation.order_id }],
    },
    now,
  );
}

/**
 * A captured tender: its amount, and its method as a `tender_method` source
 * ref (the event record has no method field), which the tender rollup groups by.
 */
export function tenderCapturedEvent(tender: TenderCapturedDetail, now: Date): AccountingEvent {
  const issues: ValidationIssue[] = [];
  const amount = exactMoney(tender.amount, tender.amount.currency, 'detail.amount.amount', issues);
  if (issues.length) throw new ValidationError(issues);
  return ledgerEvent(
    'tender.captured',
    tender.orgcode,
    tender.tender_id,
    {
      occurred_at: tender.captured_at,
      amount,
      reason: `Tender ${tender.tender_id} captured by ${tender.method} for order ${tender.order_id}`,
      source_refs: [
        { kind: 'tender', id: tender.tender_id },
        { kind: 'order', id: tender.order_id },
        { kind: 'tender_method', id: tender.method },
      ],
    },
    now,
  );
}
