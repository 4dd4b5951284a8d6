import { createHash, randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dayMarkerItem } from '../../shared/db/active-days';
import type { GuardedPut, GuardedWrite } from '../../shared/db/atomic-write';
import { eventRecordWrites } from '../../shared/db/events/event-repository';
import { unsharded } from '../../shared/db/shard-layout';
import { idempotencyRecordPut, inProgressLeaseMs, keyClaimRequest } from '../../shared/db/idempotency-repository';
import * as keys from '../../shared/db/keys';
import { listingMoves } from '../../shared/db/listings';
import { paymentPuts } from '../../shared/db/receivables/payment-repository';
import { receivableWrites, settledReceivableExpiry } from '../../shared/db/receivables/receivables-repository';
import type { AccountingEvent } from '../../shared/domain/events/accounting-event';
import { newId } from '../../shared/domain/identifiers';
import type { Invoice } from '../../shared/domain/receivables/invoice';
import { applyReceipt, asRevisionAfter } from '../../shared/domain/receivables/invoice-changes';
import { toMinorUnits } from '../../shared/domain/receivables/money';
import { toHttpApiEvent } from '../../shared/local/api-gateway-event';
import { entryFileLoader } from '../../shared/local/handler-loader';
import type { LambdaHandler } from '../../shared/local/lambda-environments';
import { createLambdaContext } from '../../shared/local/lambda-context';
import { apiBasePath, routeTimeoutSeconds } from '../../shared/http/route-definition';
import { eventGetRoute } from '../../shared/routes/events/event-get.route';
import { eventListRoute } from '../../shared/routes/events/event-list.route';
import { eventRecordRoute } from '../../shared/routes/events/event-record.route';
import { lineageListRoute } from '../../shared/routes/events/lineage-list.route';
import { reconcileReportRoute } from '../../shared/routes/events/reconcile-report.route';
import { invoicePaymentApplyRoute } from '../../shared/routes/receivables/invoice-payment-apply.route';
import { type RouteRequest, type RouteResponse, type Scenario } from '../harness/http-client';
import { invoiceItem, invoiceListings } from '../../shared/db/receivables/invoice-repository';
import type { InvoicePool } from './invoice-seed';
import type { BenchCaller, BenchStack } from '../harness/local-stack';
import { seedWindow } from '../harness/local-stack';

/** A document client configured as shared/db/client.ts configures `dynamo()`, but a separate instance. */
export function rawDocumentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 4 }), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

// Every body of the list routes, fixed for the run.
const eventListBody = { event_types: ['order.placed'], ...seedWindow, limit: 25 };
const lineageSourceRef = { kind: 'order', id: 'ord_0' };
const lineageListBody = { source_ref: lineageSourceRef, limit: 25 };
const reconcileBody = { ...seedWindow };
// What dateTime() makes of the window bounds before they reach a key condition.
const window = { from: new Date(seedWindow.from_utc).toISOString(), to: new Date(seedWindow.to_utc).toISOString() };
const reconcileLimit = 1000;
// Every payment: the same amount, received at the same instant (as dateTime() stores it), so every call's keys are alike.
const payment = { amount: 12.34, method: 'bank_transfer', received_at: '2026-11-28T09:00:00.000Z' } as const;

interface ScenarioContext {
  stack: BenchStack;
  raw: DynamoDBDocumentClient;
  tableName: string;
  /** An event as /event/record stored it for the writer, to copy for raw writes. */
  recordedEvent: AccountingEvent;
  /** Open invoices of the writer's org, one per payment call (route, handler or raw). */
  invoices: InvoicePool;
}

/** The body /event/record is sent: the registry's example, keyed or not. */
export function recordBody(orgcode: string, idempotencyKey?: string): Record<string, unknown> {
  const { idempotency_key: _key, ...body } = eventRecordRoute.example(orgcode);
  return idempotencyKey ? { ...body, idempotency_key: idempotencyKey } : body;
}

const loadHttpHandler = entryFileLoader('http');

/**
 * The same call without HTTP: the route's handler module invoked in-process with
 * the event and context the adapter would build, to tell the adapter's share of
 * a route's latency from the handler's.
 */
export async function directCall(route: Scenario['route'], request: RouteRequest) {
  return inProcessCall(await loadHttpHandler(route.name), route, request);
}

/** A call of `handler` as the adapter would make it for `route`, without HTTP. */
export function inProcessCall(handler: LambdaHandler, route: Scenario['route'], request: RouteRequest) {
  const body = Buffer.from(JSON.stringify(request.body));
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const event = toHttpApiEvent(
    {
      method: 'POST',
      url: `${apiBasePath}${route.path}`,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length), host: '127.0.0.1' },
      body,
      sourceIp: '127.0.0.1',
      httpVersion: '1.1',
      requestId: randomUUID(),
      receivedAt: new Date(),
    },
    `POST ${apiBasePath}${route.path}`,
  );
  const context = createLambdaContext(route.name, 30_000);
  return async (): Promise<RouteResponse> => {
    const result = (await handler(event, context)) as { statusCode?: number; body?: string };
    return { status: result.statusCode ?? 0, text: result.body ?? '' };
  };
}

/**
 * The event routes (record twice: with and without idempotency_key) and
 * /invoice/payment/apply, and their raw DynamoDB equivalents.
 */
export function scenarios(context: ScenarioContext): Scenario[] {
  const { stack, raw, tableName, recordedEvent, invoices } = context;
  const { reader, writer } = stack;
  let sequence = 0;
  const next = () => (sequence += 1);

  // authenticate(): findCredential, a consistent GetItem of the presented credential.
  // Commands are built per call, outside the timed part, as the SDK wants (a command is not reusable).
  const credentialRead = (caller: BenchCaller) =>
    new GetCommand({
      TableName: tableName,
      Key: keys.credential(caller.credential.orgcode, caller.credential.fingerprint),
      ConsistentRead: true,
    });

  // A read route's raw side: the credential read and its one read command. Built per call (commands are not reusable).
  const authThenRead = (caller: BenchCaller, read: GetCommand | QueryCommand) => {
    const auth = credentialRead(caller);
    // Two branches so each narrows the command for the SDK's overloaded send.
    const sendRead = read instanceof GetCommand ? () => raw.send(read) : () => raw.send(read);
    return async () => {
      await raw.send(auth);
      await sendRead();
    };
  };

  // The very items the repository writes, as TransactWriteItems Put parameters.
  const asPut = (put: GuardedPut) => ({
    TableName: tableName,
    Item: put.item,
    ConditionExpression: put.condition?.expression,
    ExpressionAttributeNames: put.condition?.names,
    ExpressionAttributeValues: put.condition?.values,
  });
  // markDay('ledger', ...) puts an event's day marker once per process, before the event's transaction: the template event
  // marked the recorded events' day, so no record call puts it; the first payment applied puts its day's.
  let paymentDayMarked = false;
  const dayMarkerOnce = (orgcode: string, occurredAt: string) => {
    if (paymentDayMarked) return undefined;
    paymentDayMarked = true;
    return new PutCommand({ TableName: tableName, Item: dayMarkerItem('ledger', orgcode, occurredAt.slice(0, 10)) });
  };

  // recordEvent(): the event, its copies in the ledger by time and by type, one lineage link per source ref, then the
  // update of its day's journal totals.
  const eventWrites = (now: Date) => {
    const event: AccountingEvent = { ...recordedEvent, event_id: newId('evt', now), recorded_at: now.toISOString() };
    return { event, items: eventRecordWrites(event, unsharded).map(transactItem) };
  };

  const record = (keyed: boolean): Scenario => ({
    label: keyed ? '/event/record (key)' : '/event/record',
    route: eventRecordRoute,
    request: () => ({
      headers: writer.headers,
      body: recordBody(writer.orgcode, keyed ? `bench-route-${next()}` : undefined),
    }),
    prepareRaw: () => {
      const now = new Date();
      const { event, items } = eventWrites(now);
      const auth = credentialRead(writer);
      if (!keyed) {
        const write = new TransactWriteCommand({ TransactItems: items });
        return async () => {
          await raw.send(auth);
          await raw.send(write);
        };
      }
      // runIdempotently(): the conditional put that takes the key, then the stored response in the event's transaction.
      const claim = {
        orgcode: writer.orgcode,
        route: eventRecordRoute.path,
        key: `bench-raw-${next()}`,
        requestHash: createHash('sha256').update(event.event_id).digest('base64url'),
        holder: `bench-raw-${next()}`,
        leaseMs: inProgressLeaseMs(routeTimeoutSeconds(eventRecordRoute)),
      };
      const take = new PutCommand({ ...keyClaimRequest(claim, now), TableName: tableName });
      const storedPut = asPut(idempotencyRecordPut(claim, { event }, now));
      const write = new TransactWriteCommand({ TransactItems: [{ Put: storedPut }, ...items] });
      return async () => {
        await raw.send(auth);
        await raw.send(take);
        await raw.send(write);
      };
    },
  });

  const get: Scenario = {
    label: '/event/get',
    route: eventGetRoute,
    request: () => ({
      headers: reader.headers,
      body: { event_id: stack.seededEventIds[next() % stack.seededEventIds.length] as string },
    }),
    prepareRaw: () => {
      const eventId = stack.seededEventIds[next() % stack.seededEventIds.length] as string;
      // findEvent(): an eventually consistent GetItem; the consistent retry happens only on a miss.
      return authThenRead(
        reader,
        new GetCommand({ TableName: tableName, Key: keys.event(reader.orgcode, eventId), ConsistentRead: false }),
      );
    },
  };

  // listEvents() with one event type: a consistent Query of the type's ledger, the events' copies on the table, over the
  // window, one page (an organisation of one shard: one Query).
  const listQuery = () => new QueryCommand({
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :sortFrom AND :sortTo',
    ScanIndexForward: true,
    ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    ExpressionAttributeValues: { ':pk': keys.eventsOfType(reader.orgcode, 'order.placed'), ':sortFrom': window.from, ':sortTo': window.to },
    ConsistentRead: true,
    TableName: tableName,
    Limit: eventListBody.limit,
  });
  const list: Scenario = {
    label: '/event/list',
    route: eventListRoute,
    request: () => ({ headers: reader.headers, body: eventListBody }),
    prepareRaw: () => authThenRead(reader, listQuery()),
  };

  // listLineage(): a consistent Query of the lineage partition of one source ref, one page.
  const lineageQuery = () => new QueryCommand({
    KeyConditionExpression: '#pk = :pk',
    ScanIndexForward: true,
    ExpressionAttributeNames: { '#pk': 'pk' },
    ExpressionAttributeValues: { ':pk': keys.lineagePartition(reader.orgcode, lineageSourceRef.kind, lineageSourceRef.id) },
    ConsistentRead: true,
    TableName: tableName,
    Limit: lineageListBody.limit,
  });
  const lineage: Scenario = {
    label: '/lineage/list',
    route: lineageListRoute,
    request: () => ({ headers: reader.headers, body: lineageListBody }),
    prepareRaw: () => authThenRead(reader, lineageQuery()),
  };

  // readEventsForReconcile() with no type: a consistent Query of the ledger by time over the window, projected to what
  // is summed and the keys a page resumes from.
  const reconcileQuery = () => new QueryCommand({
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :sortFrom AND :sortTo',
    ScanIndexForward: true,
    ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk', '#p0': 'event_type', '#p1': 'amount', '#p2': 'tax_amount', '#p3': 'pk', '#p4': 'sk' },
    ExpressionAttributeValues: { ':pk': keys.eventsByTime(reader.orgcode), ':sortFrom': window.from, ':sortTo': window.to },
    ProjectionExpression: '#p0, #p1, #p2, #p3, #p4',
    ConsistentRead: true,
    TableName: tableName,
    Limit: reconcileLimit,
  });
  const reconcile: Scenario = {
    label: '/reconcile/report',
    route: reconcileReportRoute,
    request: () => ({ headers: reader.headers, body: reconcileBody }),
    prepareRaw: () => authThenRead(reader, reconcileQuery()),
  };

  // writeAtomically()'s request for each write of a transaction.
  const transactItem = (write: GuardedWrite) => {
    const names = { ...('update' in write ? write.update.names : {}), ...write.condition?.names };
    const values = { ...('update' in write ? write.update.values : {}), ...write.condition?.values };
    const guard = {
      TableName: tableName,
      ConditionExpression: write.condition?.expression,
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
    };
    if ('item' in write) return { Put: { ...guard, Item: write.item } };
    if ('update' in write) return { Update: { ...guard, Key: write.update.key, UpdateExpression: write.update.expression } };
    if ('delete' in write) return { Delete: { ...guard, Key: write.delete.key } };
    throw new Error('a payment writes no condition checks');
  };

  // Each call pays a fresh invoice at revision 1, so every call does the same work from the same state.
  const paymentApply: Scenario = {
    label: '/invoice/payment/apply',
    route: invoicePaymentApplyRoute,
    request: () => {
      const invoice = invoices.take();
      return {
        headers: writer.headers,
        body: {
          invoice_id: invoice.invoice_id,
          expected_revision: invoice.revision,
          amount: { currency: invoice.currency, amount: payment.amount },
          method: payment.method,
          received_at: payment.received_at,
        },
      };
    },
    prepareRaw: () => {
      const invoice: Invoice = invoices.take();
      const now = new Date();
      const origin = { orgcode: writer.orgcode, requestContext: recordedEvent.request_context, now };
      const receipt = {
        payment_id: newId('pay', now),
        currency: invoice.currency,
        amount: toMinorUnits(payment.amount, invoice.currency)!,
        method: payment.method,
        received_at: payment.received_at,
        origin: 'manual' as const,
        source_refs: [],
      };
      const change = asRevisionAfter(applyReceipt(invoice, receipt, origin), invoice, now);
      const { receivable, event } = change;
      if (!receivable || !event) throw new Error(`the bench payment does not change what invoice ${invoice.invoice_id} owes`);
      const auth = credentialRead(writer);
      // findInvoice(): a consistent GetItem.
      const read = new GetCommand({ TableName: tableName, Key: keys.invoice(writer.orgcode, invoice.invoice_id), ConsistentRead: true });
      // saveInvoiceChange() through updateRevisioned(): the invoice first, under its revision, then the payment and its
      // copies in its invoice's and its customer's payments, the event with its copies and its lineage, the four
      // receivable writes (the statement entry's copy in its day's changes among them), and last the invoice's copies
      // in its lists (moved, were its status to leave the active invoices; a part payment rewrites them where they are).
      const savedItem = invoiceItem(change.invoice);
      const invoicePut = {
        Put: {
          TableName: tableName,
          Item: savedItem,
          ConditionExpression: 'attribute_exists(pk) AND #revision = :expected',
          ExpressionAttributeNames: { '#revision': 'revision' },
          ExpressionAttributeValues: { ':expected': invoice.revision },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      };
      const companions = [
        ...paymentPuts(change.payment),
        ...eventRecordWrites(event, unsharded),
        ...receivableWrites(writer.orgcode, receivable),
        ...listingMoves(savedItem, invoiceListings(invoice), invoiceListings(change.invoice)),
      ];
      const marker = dayMarkerOnce(writer.orgcode, event.occurred_at);
      const write = new TransactWriteCommand({ TransactItems: [invoicePut, ...companions.map(transactItem)] });
      // pruneSettledReceivable(): after every payment, the due day's aggregate set to expire if nothing is owed on it any more.
      const prune = new UpdateCommand({ ...settledReceivableExpiry(writer.orgcode, receivable, 0, new Date()), TableName: tableName });
      return async () => {
        await raw.send(auth);
        await raw.send(read);
        if (marker) await raw.send(marker);
        await raw.send(write);
        try {
          await raw.send(prune);
        } catch (error) {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
      };
    },
  };

  return [record(false), record(true), get, list, lineage, reconcile, paymentApply];
}
