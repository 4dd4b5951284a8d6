import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError } from '../../domain/errors';
import type { Payment } from '../../domain/receivables/payment';
import type { GuardedPut } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import { type Listing, listingPuts } from '../listings';
import { type Page, type StartKey, queryPage } from '../query-page';

const paymentItem = (payment: Payment): Record<string, unknown> => ({
  ...keys.payment(payment.orgcode, payment.payment_id),
  record_type: 'payment',
  ...payment,
});

/** The payment alone, once: a second payment of its id fails. */
export function paymentPut(payment: Payment): GuardedPut {
  return {
    item: paymentItem(payment),
    condition: { expression: 'attribute_not_exists(pk)' },
    onConditionFailed: () => new DuplicateIdError('payment_id', payment.payment_id),
  };
}

/**
 * The list partitions on the table a payment is listed in (docs/decisions.md:
 * Acknowledged writes are listed), by received_at and id: its invoice's and its
 * customer's. A payment never changes, so it never moves.
 */
export function paymentListings(payment: Payment): Listing[] {
  const sortKey = timeOrderedKey(payment.received_at, payment.payment_id);
  return [
    { partition: keys.paymentsOfInvoice(payment.orgcode, payment.invoice_id), sortKey },
    { partition: keys.paymentsOfCustomer(payment.orgcode, payment.customer_id), sortKey },
  ];
}

/** The payment and its copies in its lists, for the transaction that applies it (three actions). */
export function paymentPuts(payment: Payment): GuardedPut[] {
  return [paymentPut(payment), ...listingPuts(paymentItem(payment), paymentListings(payment))];
}

export async function findPayment(orgcode: string, paymentId: string): Promise<Payment | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.payment(orgcode, paymentId), ConsistentRead: true }),
  );
  return Item && withoutStorageAttributes<Payment>(Item);
}

/** A page of an invoice's or a customer's payments, by received_at: a consistent read of its list partition on the table. */
export function listPayments(
  orgcode: string,
  filter: { invoice_id: string } | { customer_id: string },
  limit: number,
  startKey?: StartKey,
): Promise<Page<Payment>> {
  const partition = 'invoice_id' in filter ? keys.paymentsOfInvoice(orgcode, filter.invoice_id) : keys.paymentsOfCustomer(orgcode, filter.customer_id);
  return queryPage(
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition } },
    limit,
    startKey,
    (item) => withoutStorageAttributes<Payment>(item),
  );
}
