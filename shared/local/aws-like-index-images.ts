import { tableDefinition } from '../db/table-definition';
import { seededRandom } from '../seeded-random';

type Item = Record<string, unknown>;
type Input = Record<string, any>;

/** What a Query of the document client asks (of an index, or of the table without IndexName), as far as an earlier image is concerned. */
export interface IndexQuery {
  IndexName?: string;
  KeyConditionExpression?: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
  ExclusiveStartKey?: Item;
  ScanIndexForward?: boolean;
  Select?: string;
  Limit?: number;
}

/** Orders two key values as DynamoDB does (numbers by value, strings by code unit); NaN when they cannot be compared. */
function compareValues(left: unknown, right: unknown): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  return Number.NaN;
}

const comparisons: Record<string, (order: number) => boolean> = {
  '=': (order) => order === 0,
  '<': (order) => order < 0,
  '<=': (order) => order <= 0,
  '>': (order) => order > 0,
  '>=': (order) => order >= 0,
};

// One clause of a key condition: begins_with(a, :v), a BETWEEN :v AND :w, or a <op> :v; then AND or the end.
const clause =
  /^\s*(?:begins_with\s*\(\s*([#\w]+)\s*,\s*(:\w+)\s*\)|([#\w]+)\s+BETWEEN\s+(:\w+)\s+AND\s+(:\w+)|([#\w]+)\s*(<=|>=|=|<|>)\s*(:\w+))\s*(?:AND\b|$)/i;

/**
 * The test a Query's KeyConditionExpression puts to an item, or undefined for
 * an expression this reader does not know (then no earlier image is offered).
 */
export function keyConditionTest(query: IndexQuery): ((item: Item) => boolean) | undefined {
  const name = (token: string) => (token.startsWith('#') ? query.ExpressionAttributeNames?.[token] : token) ?? token;
  const value = (token: string) => query.ExpressionAttributeValues?.[token];
  const tests: Array<(item: Item) => boolean> = [];
  let rest = query.KeyConditionExpression ?? '';
  while (rest.trim() !== '') {
    const match = clause.exec(rest);
    if (!match) return undefined;
    rest = rest.slice(match[0].length);
    const [, prefixed, prefix, between, low, high, compared, operator, operand] = match;
    if (prefixed && prefix) {
      tests.push((item) => typeof item[name(prefixed)] === 'string' && String(item[name(prefixed)]).startsWith(String(value(prefix))));
    } else if (between && low && high) {
      tests.push((item) => compareValues(item[name(between)], value(low)) >= 0 && compareValues(item[name(between)], value(high)) <= 0);
    } else if (compared && operator && operand) {
      const holds = comparisons[operator]!;
      tests.push((item) => holds(compareValues(item[name(compared)], value(operand))));
    }
  }
  return tests.length === 0 ? undefined : (item) => tests.every((test) => test(item));
}

/** The attributes a ProjectionExpression keeps (top-level names), or the whole item without one (every index projects ALL). */
export function projected(item: Item, query: Pick<IndexQuery, 'ProjectionExpression' | 'ExpressionAttributeNames'>): Item {
  if (!query.ProjectionExpression) return { ...item };
  const names = query.ProjectionExpression.split(',').map((path) => {
    const top = path.trim().split(/[.[]/)[0] ?? '';
    return top.startsWith('#') ? (query.ExpressionAttributeNames?.[top] ?? top) : top;
  });
  return Object.fromEntries(names.filter((attribute) => attribute in item).map((attribute) => [attribute, item[attribute]]));
}

/**
 * Adds to a Query's page (of an index, or of the table) the earlier images of
 * items its replica lags behind (each already hidden in its current form) that
 * the query would have returned: within its key condition, past its
 * ExclusiveStartKey, not past its LastEvaluatedKey, in the index's (or the
 * table's) order where the page's items carry its keys, and never beyond its
 * Limit (an image that does not fit stays hidden). A query with a FilterExpression or `Select: COUNT` gets none: this
 * reader does not evaluate filters, so those items stay hidden. Answers the
 * images added.
 */
export function addEarlierImages(query: IndexQuery, output: Input, earlier: Item[], drawn: (image: Item) => boolean): Item[] {
  const index = tableDefinition.globalSecondaryIndexes.find((candidate) => candidate.indexName === query.IndexName);
  const test = keyConditionTest(query);
  if ((query.IndexName && !index) || !test || query.FilterExpression || query.Select === 'COUNT' || !Array.isArray(output.Items)) return [];
  const direction = query.ScanIndexForward === false ? -1 : 1;
  // An index orders a partition by its sort key, then (ties) by the table's keys; the table by its sort key alone.
  const keys: string[] = index ? [index.sortKey, tableDefinition.partitionKey, tableDefinition.sortKey] : [tableDefinition.sortKey];
  const order = (left: Item, right: Item) => direction * (keys.map((key) => compareValues(left[key], right[key])).find((by) => by !== 0) ?? 0);
  const after = query.ExclusiveStartKey;
  const upTo = output.LastEvaluatedKey as Item | undefined;
  const room = query.Limit === undefined ? Number.POSITIVE_INFINITY : query.Limit - output.Items.length;
  const added = earlier
    .filter((image) => test(image) && !(after && !(order(image, after) > 0)) && !(upTo && order(image, upTo) > 0))
    .filter(drawn)
    .slice(0, Math.max(0, room));
  const items = [...(output.Items as Item[])];
  for (const image of added) {
    const at = items.findIndex((item) => order(item, image) > 0);
    items.splice(at === -1 ? items.length : at, 0, projected(image, query));
  }
  output.Items = items;
  output.Count = items.length;
  return added;
}

/** One write of an item as the replicas apply it. */
interface ReplicatedWrite {
  /** Its place among the writes the mode has seen: with the seed, what its replicas' lags are drawn from. */
  number: number;
  /** When it was sent, then when it succeeded. */
  at: number;
  /** The most a replica lags behind it: indexLagMs when it was sent. */
  lagMs: number;
  /** The item before it, when it existed (read consistently just before the write). */
  earlier?: Item;
}

/** What one replica holds of an item: what the table has (`current`), or the image before the first write it lacks (none: no item). */
export type ReplicaView = { current: true } | { current: false; image: Item | undefined };

// FNV-1a, as aws-like.ts salts its streams: spreads neighbouring write numbers over unrelated seeds.
const hashOf = (text: string) => [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 2_166_136_261);

/**
 * The recent writes of each item, for the replicas that may lag behind them.
 * Replica `r` of a partition (the table's, `''`, or an index's, by name: any
 * the table has or a read names) applies a write `lag(write, partition, r)`
 * after it, a seeded draw uniform below the write's lagMs; derived from the
 * write's number rather than taken from a stream, so it does not depend on
 * which reads asked first, or on how many replicas or indexes there are.
 * A replica applies an item's writes in order, as it follows its log: a later
 * write is applied only once the earlier ones are. A write is forgotten once
 * every replica has it.
 */
export function replicatedWrites(seed: number, lagMs: () => number) {
  const histories = new Map<string, ReplicatedWrite[]>();
  let written = 0;
  const settled = (write: ReplicatedWrite, now: number) => now - write.at >= write.lagMs;
  const lag = (write: ReplicatedWrite, partition: string, replica: number) =>
    write.lagMs * seededRandom(seed ^ hashOf(`${write.number}\u0000${partition}\u0000${replica}`))();
  /** Keeps the item's unsettled writes, moved to the end: the map stays in order of each item's last write. */
  const keep = (id: string, writes: ReplicatedWrite[], now: number) => {
    histories.delete(id);
    // A settled write is applied everywhere, and so are the ones before it: the replicas differ from its successor on.
    const first = writes.findIndex((write) => !settled(write, now));
    if (first !== -1) histories.set(id, writes.slice(first));
  };
  const forget = (now: number) => {
    for (const [id, writes] of histories) {
      if (!writes.every((write) => settled(write, now))) return;
      histories.delete(id);
    }
  };
  return {
    /**
     * Times a write of the items sent now, with their images before it when
     * read; answers its success (timed again, now: the write was made by then)
     * and its failure (forgotten: nothing was written).
     */
    send(ids: string[], earlier?: Map<string, Item | undefined>) {
      const now = Date.now();
      forget(now);
      const sent = ids.map((id) => {
        const write: ReplicatedWrite = { number: written++, at: now, lagMs: lagMs(), earlier: earlier?.get(id) };
        keep(id, [...(histories.get(id) ?? []), write], now);
        return [id, write] as const;
      });
      const each = (change: (writes: ReplicatedWrite[], write: ReplicatedWrite, now: number) => ReplicatedWrite[]) => {
        const now = Date.now();
        for (const [id, write] of sent) keep(id, change(histories.get(id) ?? [], write, now), now);
      };
      return {
        // A write slower than its lag was forgotten meanwhile: it is timed again all the same.
        succeeded: () => each((writes, write, now) => ((write.at = now), writes.includes(write) ? writes : [...writes, write])),
        failed: () => each((writes, write) => writes.filter((other) => other !== write)),
      };
    },
    /** What replica `replica` of `partition` holds of the item now. */
    view(id: string | undefined, partition: string, replica: number): ReplicaView {
      const now = Date.now();
      const lacked = (id === undefined ? [] : (histories.get(id) ?? [])).find((write) => now - write.at < lag(write, partition, replica));
      return lacked ? { current: false, image: lacked.earlier } : { current: true };
    },
    /** The items some replica may still lack a write of. */
    lagging: () => [...histories.keys()],
  };
}

/**
 * A read's request (a Query's or a Scan's input, a BatchGetItem table's entry)
 * asking also for the table's keys when its projection leaves them out, as
 * the mode knows items by them; and what takes them off its answer again.
 */
export function askingForTableKeys<Request extends Input>(request: Request): { request: Request; answered: (items: Item[]) => void } {
  if (!request.ProjectionExpression) return { request, answered: () => undefined };
  const names: Record<string, string> = request.ExpressionAttributeNames ?? {};
  const asked = new Set(String(request.ProjectionExpression).split(',').map((path) => names[path.trim()] ?? path.trim()));
  const missing = [tableDefinition.partitionKey, tableDefinition.sortKey].filter((key) => !asked.has(key));
  if (!missing.length) return { request, answered: () => undefined };
  const placeholders = Object.fromEntries(missing.map((key) => [`#awsLikeTimed_${key}`, key]));
  return {
    request: {
      ...request,
      ProjectionExpression: [request.ProjectionExpression, ...Object.keys(placeholders)].join(', '),
      ExpressionAttributeNames: { ...names, ...placeholders },
    },
    answered: (items) => items.forEach((item) => missing.forEach((key) => delete item[key])),
  };
}
