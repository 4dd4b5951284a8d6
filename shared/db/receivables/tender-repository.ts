import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TenderCapturedDetail } from '../../domain/receivables/incoming-events';
import { type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { orderTakesNoTenders } from './invoice-repository';

/** The tender was already received (applied, or parked for its invoice). */
export class TenderAlreadyReceivedError extends Error {
  constructor() {
    super('The tender was already received');
    this.name = 'TenderAlreadyReceivedError';
  }
}

/** The order's invoice appeared (or was issued) while the tender was being parked: apply it instead. */
export class InvoiceAppearedError extends Error {
  constructor() {
    super("The order's invoice now takes tenders");
    this.name = 'InvoiceAppearedError';
  }
}

export interface TenderClaim {
  tender_id: string;
  order_id: string;
  state: 'parked' | 'applied';
  payment_id?: string;
}

export async function findTenderClaim(orgcode: string, tenderId: string): Promise<TenderClaim | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.tender(orgcode, tenderId), ConsistentRead: true }),
  );
  return Item && withoutStorageAttributes<TenderClaim>(Item);
}

/**
 * Keeps a tender whose order has no issued invoice yet: the claim, the parked
 * tender and the check that the invoice is still absent (or a draft) go in one
 * transaction, so a tender is never parked beside an invoice that would not
 * see it.
 */
export async function parkTender(tender: TenderCapturedDetail, now: Date): Promise<void> {
  await writeAtomically([
    {
      item: {
        ...keys.tender(tender.orgcode, tender.tender_id),
        record_type: 'tender',
        tender_id: tender.tender_id,
        order_id: tender.order_id,
        state: 'parked',
        received_at: now.toISOString(),
      },
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new TenderAlreadyReceivedError(),
    },
    {
      item: { ...keys.parkedTender(tender.orgcode, tender.order_id, tender.tender_id), record_type: 'parked_tender', ...tender },
    },
    orderTakesNoTenders(tender.orgcode, tender.order_id, () => new InvoiceAppearedError()),
  ]);
}

/** The tenders parked for an order, read consistently (the invoice was just created). */
export async function parkedTenders(orgcode: string, orderId: string): Promise<TenderCapturedDetail[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :parked)',
      ExpressionAttributeValues: { ':pk': keys.orderPartition(orgcode, orderId), ':parked': 'PARKED_TENDER#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => withoutStorageAttributes<TenderCapturedDetail>(item));
}

/**
 * Marks a tender applied as `paymentId`, in the payment's transaction: a new
 * tender is claimed, a parked one moves from parked to applied and leaves the
 * order's parked list. Either way a second application fails.
 */
export function tenderAppliedWrites(
  tender: Pick<TenderCapturedDetail, 'orgcode' | 'tender_id' | 'order_id'>,
  paymentId: string,
  wasParked: boolean,
  now: Date,
): GuardedWrite[] {
  const claimKey = keys.tender(tender.orgcode, tender.tender_id);
  if (!wasParked) {
    return [
      {
        item: {
          ...claimKey,
          record_type: 'tender',
          tender_id: tender.tender_id,
          order_id: tender.order_id,
          state: 'applied',
          payment_id: paymentId,
          received_at: now.toISOString(),
        },
        condition: { expression: 'attribute_not_exists(pk)' },
        onConditionFailed: () => new TenderAlreadyReceivedError(),
      },
    ];
  }
  return [
    {
      update: {
        key: claimKey,
        expression: 'SET #state = :applied, payment_id = :payment',
        names: { '#state': 'state' },
        values: { ':applied': 'applied', ':payment': paymentId },
      },
      condition: { expression: '#state = :parked', values: { ':parked': 'parked' } },
      onConditionFailed: () => new TenderAlreadyReceivedError(),
    },
    { delete: { key: keys.parkedTender(tender.orgcode, tender.order_id, tender.tender_id) } },
  ];
}
