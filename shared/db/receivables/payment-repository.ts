import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError } from '../../domain/errors';
import type { Payment } from '../../domain/receivables/payment';
import type { GuardedPut } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import { type Page, type StartKey, queryPage } from '../query-page';

export function paymentPut(payment: Payment): GuardedPut {
  const sortKey = timeOrderedKey(payment.received_at, payment.payment_id);
  return {
    item: {
      ...keys.payment(payment.orgcode, payment.payment_id),
      record_type: 'payment',
      gsi1pk: keys.paymentsOfInvoice(payment.orgcode, payment.invoice_id),
      gsi1sk: sortKey,
      gsi2pk: keys.paymentsOfCustomer(payment.orgcode, payment.customer_id),
      gsi2sk: sortKey,
      ...payment,
    },
    condition: { expression: 'attribute_not_exists(pk)' },
    onConditionFailed: () => new DuplicateIdError('payment_id', payment.payment_id),
  };
}

export async function findPayment(orgcode: string, paymentId: string): Promise<Payment | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.payment(orgcode, paymentId), ConsistentRead: true }),
  );
  return Item && withoutStorageAttributes<Payment>(Item);
}

/** A page of an invoice's (gsi1) or a customer's (gsi2) payments, by received_at. */
export function listPayments(
  orgcode: string,
  filter: { invoice_id: string } | { customer_id: string },
  limit: number,
  startKey?: StartKey,
): Promise<Page<Payment>> {
  const byInvoice = 'invoice_id' in filter;
  return queryPage(
    {
      IndexName: byInvoice ? 'gsi1' : 'gsi2',
      KeyConditionExpression: `${byInvoice ? 'gsi1pk' : 'gsi2pk'} = :pk`,
      ExpressionAttributeValues: {
        ':pk': byInvoice ? keys.paymentsOfInvoice(orgcode, filter.invoice_id) : keys.paymentsOfCustomer(orgcode, filter.customer_id),
      },
    },
    limit,
    startKey,
    (item) => withoutStorageAttributes<Payment>(item),
  );
}
