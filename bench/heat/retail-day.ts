import { BatchGetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DeliveryOutcome } from '../../shared/local/event-consumers';
import { ruleSet } from '../../test/support/fixtures/commission-rules';
import { eventRequest } from '../../test/support/fixtures/events';
import { orderPlaced, tenderCaptured } from '../../test/support/fixtures/orders';
import { oneLineInvoiceRequest, paymentRequest } from '../../test/support/fixtures/receivables';
import { storageUsageRequest } from '../../test/support/fixtures/storage-usage';
import { deliverEvent, post, runScheduled } from '../../test/support/local-api';
import type { CommandLog, IssuedCommand } from '../harness/command-log';
import { keysToRead, storedItemKey } from './partition-heat';
import { type BenchCaller, benchCaller } from '../harness/local-stack';

/**
 * One organisation's retail day in a burst, through the real code paths: per
 * order (on net-30 terms, by an associate a rule covers) its card tender; and,
 * per 20 orders, 5 events recorded, one invoice set and paid, one comment and
 * half a storage usage record; then the outbox publisher drains what it all
 * queued. Everything the shared client issued meanwhile is captured.
 */
export interface RetailDayMix {
  orders: number;
  recordedEvents: number;
  invoices: number;
  comments: number;
  storageRecords: number;
}

export const retailDayMix = (orders: number): RetailDayMix => ({
  orders,
  recordedEvents: orders / 4,
  invoices: orders / 20,
  comments: orders / 20,
  storageRecords: orders / 40,
});

const parallel = 8;

async function inParallel(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let index = next++; index < count; index = next++) await work(index);
    }),
  );
}

function delivered(what: string, outcomes: DeliveryOutcome[]): void {
  const failed = outcomes.find((outcome) => outcome.status !== 'succeeded');
  if (failed || !outcomes.length) throw new Error(`${what}: ${JSON.stringify(failed ?? 'reached no consumer')}`);
}

async function ok(caller: BenchCaller, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const answer = await post(path, body, caller.headers);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
  return answer.body.data;
}

/** Second `index` of the day of 2 November 2026, as an ISO time. */
const secondOfDay = (index: number) => new Date(Date.parse('2026-11-02T08:00:00Z') + index * 1000).toISOString();

async function runDay(orgcode: string, mix: RetailDayMix): Promise<void> {
  const clerk = await benchCaller(orgcode, ['acct_export_admin', 'ar_admin', 'acct_view']);
  delivered('the rule', await deliverEvent('retail.pricing', 'commission.rule.set', ruleSet(orgcode, 'rule_all', 1, { name: 'All' })));
  await inParallel(mix.orders, async (index) => {
    const orderId = `ord_${index}`;
    const placedAt = secondOfDay(index);
    const order = orderPlaced(orgcode, orderId, {
      placed_at: placedAt,
      customer_id: `cust_${index % 50}`,
      payment_terms: { type: 'net', net_days: 30 },
      associate_id: `assoc_${index % 25}`,
    });
    delivered(`order ${orderId}`, await deliverEvent('retail.orders', 'order.placed', order));
    const tender = tenderCaptured(orgcode, `tnd_${index}`, orderId, { method: 'card', amount: { currency: 'USD', amount: 352.53 }, captured_at: placedAt });
    delivered(`tender of ${orderId}`, await deliverEvent('retail.payments', 'tender.captured', tender));
  });
  const recorded: string[] = [];
  await inParallel(mix.recordedEvents, async (index) => {
    const body = eventRequest(orgcode, { occurred_at: secondOfDay(index), source_refs: [{ kind: 'order', id: `ord_${index}` }], idempotency_key: `rec_${index}` });
    recorded[index] = (await ok(clerk, '/event/record', body)).event.event_id;
  });
  await inParallel(mix.invoices, async (index) => {
    const request = { order_id: `manual_${index}`, customer_id: `cust_${index}`, amount: 100, issued_at: secondOfDay(index), net_days: 30 };
    const { invoice } = await ok(clerk, '/invoice/set', oneLineInvoiceRequest(request));
    await ok(clerk, '/invoice/payment/apply', { ...paymentRequest(invoice, 100, secondOfDay(index + 1)), idempotency_key: `pay_${index}` });
  });
  await inParallel(mix.comments, async (index) => {
    await ok(clerk, '/comment', { target_type: 'event', target_id: recorded[index], body: 'checked #audit', idempotency_key: `cmt_${index}` });
  });
  await inParallel(mix.storageRecords, async (index) => {
    await ok(clerk, '/storage/usage/record', { ...storageUsageRequest(orgcode, { bytes: 1024 * (index + 1) }), idempotency_key: `sto_${index}` });
  });
  await drainOutbox();
}

async function drainOutbox(): Promise<void> {
  while ((await runScheduled<{ published: number }>('outbox-publisher')).published > 0);
}

/** The items updated or deleted by the burst as they are after it, read by `client` (not the logged one). */
async function itemsAfter(client: DynamoDBDocumentClient, tableName: string, commands: IssuedCommand[]) {
  const wanted = keysToRead(commands);
  const items = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < wanted.length; start += 100) {
    let keys: Array<Record<string, unknown>> | undefined = wanted.slice(start, start + 100);
    while (keys?.length) {
      const answer: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
      for (const item of answer.Responses?.[tableName] ?? []) items.set(storedItemKey(item), item);
      keys = answer.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return items;
}

/**
 * Runs the day for a fresh `orgcode`, capturing through `log` (attached to the
 * shared client) every command issued with the capacity it consumed, and
 * answers them with the items they left behind.
 */
export async function driveRetailDay(options: {
  orgcode: string;
  mix: RetailDayMix;
  log: CommandLog;
  shared: DynamoDBDocumentClient;
  reader: DynamoDBDocumentClient;
  tableName: string;
}): Promise<{ commands: IssuedCommand[]; after: Map<string, Record<string, unknown>> }> {
  const name = 'benchAskConsumedCapacity';
  options.shared.middlewareStack.add(
    (next) => (args) => next({ ...args, input: { ...(args.input as object), ReturnConsumedCapacity: 'TOTAL' } }),
    { step: 'initialize', name },
  );
  try {
    // What other sections left in the outbox is published first, so the day's drain publishes only its own entries.
    await drainOutbox();
    const commands = await options.log.capture(() => runDay(options.orgcode, options.mix));
    return { commands, after: await itemsAfter(options.reader, options.tableName, commands) };
  } finally {
    options.shared.middlewareStack.remove(name);
  }
}
