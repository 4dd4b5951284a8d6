import { createHash, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { GuardedPut } from '../shared/db/atomic-write';
import { eventRecordPuts } from '../shared/db/event-repository';
import { idempotencyRecordPut } from '../shared/db/idempotency-repository';
import { keys } from '../shared/db/keys';
import type { AccountingEvent } from '../shared/domain/events/accounting-event';
import { newId } from '../shared/domain/identifiers';
import { toHttpApiEvent } from '../shared/local/api-gateway-event';
import { entryFileLoader } from '../shared/local/handler-loader';
import { createLambdaContext } from '../shared/local/lambda-context';
import { apiBasePath } from '../shared/routes/route-definition';
import { eventGetRoute } from '../shared/routes/events/event-get.route';
import { eventListRoute } from '../shared/routes/events/event-list.route';
import { eventRecordRoute } from '../shared/routes/events/event-record.route';
import { lineageListRoute } from '../shared/routes/events/lineage-list.route';
import { reconcileReportRoute } from '../shared/routes/events/reconcile-report.route';
import { postJson } from './http-client';
import type { BenchCaller, BenchStack } from './local-stack';
import { seedWindow } from './local-stack';

/**
 * One benchmarked call: the request to a route, and the DynamoDB calls that
 * route makes for it, issued directly. `request()` and `prepareRaw()` do the
 * per-call setup (fresh ids, bodies, commands) so that what is timed is only
 * the call itself.
 */
export interface Scenario {
  label: string;
  route: { path: string; name: string };
  request(): RouteRequest;
  prepareRaw(): () => Promise<void>;
}

export interface RouteRequest {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export interface RouteResponse {
  status: number;
  text: string;
}

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

interface ScenarioContext {
  stack: BenchStack;
  raw: DynamoDBDocumentClient;
  tableName: string;
  /** An event as /event/record stored it for the writer, to copy for raw writes. */
  recordedEvent: AccountingEvent;
}

/** The body /event/record is sent: the registry's example, keyed or not. */
export function recordBody(orgcode: string, idempotencyKey?: string): Record<string, unknown> {
  const { idempotency_key: _key, ...body } = eventRecordRoute.example(orgcode);
  return idempotencyKey ? { ...body, idempotency_key: idempotencyKey } : body;
}

/** The call through the local API Gateway adapter, as a client would make it. */
export function httpCall(baseUrl: string, path: string, request: RouteRequest) {
  const url = `${baseUrl}${apiBasePath}${path}`;
  const body = JSON.stringify(request.body);
  return (): Promise<RouteResponse> => postJson(url, request.headers, body);
}

const loadHttpHandler = entryFileLoader('http');

/**
 * The same call without HTTP: the route's handler module invoked in-process with
 * the event and context the adapter would build, to tell the adapter's share of
 * a route's latency from the handler's.
 */
export async function directCall(route: Scenario['route'], request: RouteRequest) {
  const handler = await loadHttpHandler(route.name);
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

/** The five routes (record twice: with and without idempotency_key) and their raw DynamoDB equivalents. */
export function scenarios(context: ScenarioContext): Scenario[] {
  const { stack, raw, tableName, recordedEvent } = context;
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

  // A read route's raw side: the credential read, then its one read command. Built per call (commands are not reusable).
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
    ExpressionAttributeValues: put.condition?.values,
  });
  // recordEvent(): the event, then one lineage link per source ref.
  const eventWrites = (now: Date) => {
    const event: AccountingEvent = { ...recordedEvent, event_id: newId('evt', now), recorded_at: now.toISOString() };
    return { event, puts: eventRecordPuts(event).map(asPut) };
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
      const { event, puts } = eventWrites(now);
      const auth = credentialRead(writer);
      if (!keyed) {
        const write = new TransactWriteCommand({ TransactItems: puts.map((put) => ({ Put: put })) });
        return async () => {
          await raw.send(auth);
          await raw.send(write);
        };
      }
      // runIdempotently(): the consistent read of the stored response, then the claim in the same transaction.
      const claim = {
        orgcode: writer.orgcode,
        route: eventRecordRoute.path,
        key: `bench-raw-${next()}`,
        requestHash: createHash('sha256').update(event.event_id).digest('base64url'),
      };
      const storedRead = new GetCommand({
        TableName: tableName,
        Key: keys.idempotency(claim.orgcode, claim.route, claim.key),
        ConsistentRead: true,
      });
      const claimPut = asPut(idempotencyRecordPut(claim, { event }, now));
      const write = new TransactWriteCommand({ TransactItems: [claimPut, ...puts].map((put) => ({ Put: put })) });
      return async () => {
        await raw.send(auth);
        await raw.send(storedRead);
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

  // listEvents() with one event type: the gsi2 query over the window, one page.
  const listQuery = () => new QueryCommand({
    IndexName: 'gsi2',
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk': 'gsi2sk' },
    ExpressionAttributeValues: { ':pk': keys.eventsOfType(reader.orgcode, 'order.placed'), ':from': window.from, ':to': window.to },
    TableName: tableName,
    Limit: eventListBody.limit,
  });
  const list: Scenario = {
    label: '/event/list',
    route: eventListRoute,
    request: () => ({ headers: reader.headers, body: eventListBody }),
    prepareRaw: () => authThenRead(reader, listQuery()),
  };

  // listLineage(): the lineage partition of one source ref, one page.
  const lineageQuery = () => new QueryCommand({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.lineagePartition(reader.orgcode, lineageSourceRef.kind, lineageSourceRef.id) },
    TableName: tableName,
    Limit: lineageListBody.limit,
  });
  const lineage: Scenario = {
    label: '/lineage/list',
    route: lineageListRoute,
    request: () => ({ headers: reader.headers, body: lineageListBody }),
    prepareRaw: () => authThenRead(reader, lineageQuery()),
  };

  // readEventsForReconcile() with no type: the gsi1 query over the window, projected to what is summed.
  const reconcileQuery = () => new QueryCommand({
    IndexName: 'gsi1',
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: {
      '#pk': 'gsi1pk',
      '#sk': 'gsi1sk',
      '#event_type': 'event_type',
      '#amount': 'amount',
      '#tax_amount': 'tax_amount',
    },
    ExpressionAttributeValues: { ':pk': keys.eventsByTime(reader.orgcode), ':from': window.from, ':to': window.to },
    ProjectionExpression: '#event_type, #amount, #tax_amount',
    TableName: tableName,
    Limit: reconcileLimit,
  });
  const reconcile: Scenario = {
    label: '/reconcile/report',
    route: reconcileReportRoute,
    request: () => ({ headers: reader.headers, body: reconcileBody }),
    prepareRaw: () => authThenRead(reader, reconcileQuery()),
  };

  return [record(false), record(true), get, list, lineage, reconcile];
}
