import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { toHttpApiEvent } from '../../shared/local/api-gateway-event';
import { entryFileLoader } from '../../shared/local/handler-loader';
import { createLambdaContext } from '../../shared/local/lambda-context';
import { apiBasePath, routeTimeoutSeconds, type RouteDefinition } from '../../shared/http/route-definition';

/**
 * A route call's DynamoDB commands, recorded as its handler sent them, and
 * replayed exactly on a raw document client against a mirror table: a second
 * table of the same definition that holds what the route's table held before
 * the call (the items the seeding wrote, copied once; then every call's
 * commands, replayed in the order the calls were made). So the replay meets
 * the same items, conditions and sizes as the route did, which the parity
 * check confirms command by command: the same outcome, the same units.
 * Shared by the section (now) and before-child.ts (f43b873's code).
 */

export type Item = Record<string, unknown>;

export interface SentCommand {
  name: string;
  /** The document client's input as sent, ReturnConsumedCapacity INDEXES included (the replay asks the same). */
  input: Item;
  startMs: number;
  endMs: number;
  /** The error's name, for a command that failed (a condition a route expects to fail, say). */
  error?: string;
  capacity?: ConsumedCapacity | ConsumedCapacity[];
  /** Items a Query read (its ScannedCount, before any filter). */
  scanned?: number;
}

export const itemKey = (key: Item) => `${String(key.pk)}\n${String(key.sk)}`;

/** A take of the organisation's shared call allowance: sent beside a call, not by it (bench/latency/latency.ts's isLeaseTake). */
const isLeaseTake = (name: string, input: Item) => name === 'UpdateItem' && String((input.Key as Item | undefined)?.pk).endsWith('#ORG_RATE');

/**
 * Every command of the handlers' client asks for its units (INDEXES: the
 * table's and each index's). Those a handler sends while `call` runs it are
 * the call's (an AsyncLocalStorage tells them from the export worker's, which
 * an export's creation starts in the background); while `watching`, the keys
 * of every item written by anyone are kept, for the mirror's first copy.
 */
export class CommandRecorder {
  private readonly current = new AsyncLocalStorage<SentCommand[]>();
  private written: Map<string, Item> | undefined;

  attach(client: DynamoDBDocumentClient): this {
    // A command's middleware may send commands of its own first (f43b873's recordingWrites read each item before
    // its first write): the command goes out only once its build step runs, the time the replay orders by.
    const building = new WeakMap<object, SentCommand>();
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
        const input = { ...(args.input as Item), ReturnConsumedCapacity: 'INDEXES' };
        if (this.written) for (const key of writtenKeys(name, input)) this.written.set(itemKey(key), key);
        const log = this.current.getStore();
        const sent: SentCommand = { name, input, startMs: performance.now(), endMs: 0 };
        building.set(context, sent);
        if (log && !isLeaseTake(name, input)) log.push(sent);
        try {
          const result = await next({ ...args, input });
          const output = result.output as { ConsumedCapacity?: SentCommand['capacity']; ScannedCount?: number };
          sent.capacity = output.ConsumedCapacity;
          sent.scanned = output.ScannedCount;
          return result;
        } catch (error) {
          sent.error = (error as Error).name;
          throw error;
        } finally {
          sent.endMs = performance.now();
        }
      },
      { step: 'initialize', priority: 'high', name: 'benchListConsistencyRecorder' },
    );
    client.middlewareStack.add(
      (next, context) => (args) => {
        const sent = building.get(context);
        if (sent) sent.startMs = performance.now();
        return next(args);
      },
      { step: 'build', priority: 'low', name: 'benchListConsistencySent' },
    );
    return this;
  }

  detach(client: DynamoDBDocumentClient): void {
    client.middlewareStack.remove('benchListConsistencyRecorder');
    client.middlewareStack.remove('benchListConsistencySent');
  }

  /** Runs `work` (a handler invocation), answering what it answered and the commands it sent, in the order they went out. */
  async call<T>(work: () => Promise<T>): Promise<{ answer: T; commands: SentCommand[] }> {
    const commands: SentCommand[] = [];
    const answer = await this.current.run(commands, work);
    return { answer, commands: commands.sort((a, b) => a.startMs - b.startMs) };
  }

  /** Runs `work`, answering the keys of every item written meanwhile. */
  async watchWrites(work: () => Promise<void>): Promise<Item[]> {
    this.written = new Map();
    try {
      await work();
      return [...this.written.values()];
    } finally {
      this.written = undefined;
    }
  }
}

const readCommands = new Set(['GetItem', 'Query', 'BatchGetItem', 'TransactGetItems']);

/**
 * A command's read units as AWS bills them (none for a write): DynamoDB
 * Local's, but for a GetItem or a Query that finds nothing AWS's least unit
 * (1 consistent, 0.5 not), which Local reports as 0.
 */
export function readUnitsOf(command: SentCommand, consistent = command.input.ConsistentRead === true): number {
  if (!readCommands.has(command.name)) return 0;
  const entries = Array.isArray(command.capacity) ? command.capacity : command.capacity ? [command.capacity] : [];
  const reported = entries.reduce((sum, entry) => sum + (entry.ReadCapacityUnits ?? entry.CapacityUnits ?? 0), 0);
  const least = command.name === 'GetItem' || command.name === 'Query' ? (consistent ? 1 : 0.5) : 0;
  return Math.max(least, reported);
}

/** The keys of the items a command writes or checks. */
export function writtenKeys(name: string, input: Item): Item[] {
  const keyOf = (item: Item) => ({ pk: item.pk, sk: item.sk });
  if (name === 'PutItem') return [keyOf(input.Item as Item)];
  if (name === 'UpdateItem' || name === 'DeleteItem') return [keyOf(input.Key as Item)];
  if (name === 'TransactWriteItems') {
    return (input.TransactItems as Array<Record<string, Item>>).map((entry) => {
      const action = Object.values(entry)[0]!;
      return keyOf((action.Item ?? action.Key) as Item);
    });
  }
  if (name === 'BatchWriteItem') {
    return Object.values(input.RequestItems as Record<string, Array<Record<string, Item>>>)
      .flat()
      .map((request) => keyOf((request.PutRequest?.Item ?? request.DeleteRequest?.Key) as Item));
  }
  return [];
}

const classes = {
  GetItem: GetCommand,
  PutItem: PutCommand,
  UpdateItem: UpdateCommand,
  DeleteItem: DeleteCommand,
  Query: QueryCommand,
  BatchGetItem: BatchGetCommand,
  BatchWriteItem: BatchWriteCommand,
  TransactWriteItems: TransactWriteCommand,
  TransactGetItems: TransactGetCommand,
} as const;

/** The input with every table name (a command's, a batch's, a transaction item's) made `table`. */
function onTable(input: Item, table: string): Item {
  const moved: Item = { ...input };
  if (moved.TableName) moved.TableName = table;
  if (moved.RequestItems) moved.RequestItems = { [table]: Object.values(moved.RequestItems as Item)[0] };
  if (moved.TransactItems) {
    moved.TransactItems = (moved.TransactItems as Array<Record<string, Item>>).map((entry) =>
      Object.fromEntries(Object.entries(entry).map(([action, body]) => [action, { ...body, TableName: table }])),
    );
  }
  return moved;
}

export interface Replayed {
  error?: string;
  capacity?: SentCommand['capacity'];
}

/**
 * The call's commands, built for the mirror (outside the time measured), and
 * the replay: each command sent once those the route had seen answered before
 * sending it have answered, so what the route sent at once goes at once again.
 */
export function prepareReplay(client: DynamoDBDocumentClient, commands: readonly SentCommand[], table: string): () => Promise<Replayed[]> {
  const steps = commands.map((command, index) => {
    const Command = classes[command.name as keyof typeof classes];
    if (!Command) throw new Error(`no replay for ${command.name}`);
    const after = commands.slice(0, index).flatMap((earlier, at) => (earlier.endMs <= command.startMs ? [at] : []));
    return { command: new Command(onTable(command.input, table) as never), after };
  });
  return async () => {
    const sent: Array<Promise<Replayed>> = [];
    for (const step of steps) {
      await Promise.all(step.after.map((at) => sent[at]));
      sent.push(
        client.send(step.command as never).then(
          (output) => ({ capacity: (output as { ConsumedCapacity?: SentCommand['capacity'] }).ConsumedCapacity }),
          (error: Error) => ({ error: error.name }),
        ),
      );
    }
    return Promise.all(sent);
  };
}

/** Units as compared: the table's name left out (the mirror has its own). */
const unitsSeen = (capacity: SentCommand['capacity']) =>
  (Array.isArray(capacity) ? capacity : capacity ? [capacity] : []).map(({ TableName: _table, ...units }) => units);

/** The replayed commands whose outcome or units differ from the route's. */
export const differences = (route: readonly SentCommand[], replayed: readonly Replayed[]): number =>
  route.filter((command, index) => command.error !== replayed[index]?.error || !isDeepStrictEqual(unitsSeen(command.capacity), unitsSeen(replayed[index]?.capacity)))
    .length;

const loadHandler = entryFileLoader('http');

/** The route's handler invoked in-process with the event the local adapter builds (bench/latency/route-calls.ts's directCall). */
export async function handlerCall(route: RouteDefinition, headers: Record<string, string>, body: Record<string, unknown>) {
  const handler = await loadHandler(route.name);
  const raw = Buffer.from(JSON.stringify(body));
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const event = toHttpApiEvent(
    {
      method: 'POST',
      url: `${apiBasePath}${route.path}`,
      headers: { ...lower, 'content-type': 'application/json', 'content-length': String(raw.length), host: '127.0.0.1' },
      body: raw,
      sourceIp: '127.0.0.1',
      httpVersion: '1.1',
      requestId: randomUUID(),
      receivedAt: new Date(),
    },
    `POST ${apiBasePath}${route.path}`,
  );
  const context = createLambdaContext(route.name, routeTimeoutSeconds(route) * 1000);
  return async () => (await handler(event, context)) as { statusCode?: number; body?: string };
}
