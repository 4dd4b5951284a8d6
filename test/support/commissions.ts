import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { succeededWith } from './deliveries';
import { ruleSet } from './fixtures/commission-rules';
import { orderCancelled } from './fixtures/orders';
import { deliverEvent, post } from './local-api';

/** Two chairs and three lamps: 330.53 before tax, of which 5 % is 16.53. */
const chairsAndLamps = [
  { sku: 'CHAIR', quantity: 2, unit_amount: 150.25 },
  { sku: 'LAMP', quantity: 3, unit_amount: 10.01 },
];

/** An `order.placed` detail sold by `associateId` at the till, without tax. */
export function associateOrder(
  orgcode: string,
  orderId: string,
  placedAt: string,
  associateId: string,
  lines: Array<{ sku: string; quantity: number; unit_amount: number }> = chairsAndLamps,
) {
  const subtotal = Math.round(lines.reduce((sum, line) => sum + line.quantity * line.unit_amount * 100, 0)) / 100;
  return {
    orgcode,
    order_id: orderId,
    customer_id: 'cust_walk_in',
    placed_at: placedAt,
    currency: 'USD',
    lines,
    subtotal,
    tax_total: 0,
    total: subtotal,
    channel_code: 'pos',
    associate_id: associateId,
  };
}

/** Delivers an `order.placed` detail and answers the commission consumer's result (the invoice and ledger consumers hear it too). */
export const placeSale = (detail: Record<string, unknown>) =>
  succeededWith(deliverEvent('retail.orders', 'order.placed', detail), ['order-placed-commission']);

/** Delivers the order's cancellation (on 5 November 2026 unless `overrides` say otherwise) and answers the commission consumer's result. */
export const cancelSale = (orgcode: string, orderId: string, overrides: Record<string, unknown> = {}) =>
  succeededWith(deliverEvent('retail.orders', 'order.cancelled', orderCancelled(orgcode, orderId, overrides)), ['order-cancelled']);

/** Caches `rule_all`: 5 % of every sale from 2026 on. */
export const cacheFlatRule = (orgcode: string) =>
  succeededWith(deliverEvent('retail.pricing', 'commission.rule.set', ruleSet(orgcode, 'rule_all', 1, { name: 'All' })));

/** The lines in an associate's partition, as stored. */
export async function storedLines(orgcode: string, associateId: string): Promise<any[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.commissionLine(orgcode, associateId, '', '').pk },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

/**
 * Marks a commission line as a payout takes it (its payout_id set), straight in
 * the table: for a payout the test does not assemble, or one whose assembly
 * stopped before the payout was written.
 */
export async function holdLineInPayout(orgcode: string, line: { associate_id: string; counts_at: string; line_id: string }, payoutId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.commissionLine(orgcode, line.associate_id, line.counts_at, line.line_id),
      UpdateExpression: 'SET payout_id = :payout',
      ExpressionAttributeValues: { ':payout': payoutId },
    }),
  );
}

/** The types of the events `/lineage/list` reaches from one record, sorted. */
export async function lineageTypes(kind: string, id: string, headers: Record<string, string>): Promise<string[]> {
  const page = await post('/lineage/list', { source_ref: { kind, id }, limit: 50 }, headers);
  if (page.status !== 200) throw new Error(`/lineage/list answered ${page.status}`);
  return page.body.data.lineage.map((item: { event_type: string }) => item.event_type).sort();
}
