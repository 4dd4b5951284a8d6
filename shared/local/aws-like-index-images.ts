import { tableDefinition } from '../db/table-definition';

type Item = Record<string, unknown>;
type Input = Record<string, any>;

/** What a GSI Query of the document client asks, as far as an index image is concerned. */
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
function projected(item: Item, query: IndexQuery): Item {
  if (!query.ProjectionExpression) return { ...item };
  const names = query.ProjectionExpression.split(',').map((path) => {
    const top = path.trim().split(/[.[]/)[0] ?? '';
    return top.startsWith('#') ? (query.ExpressionAttributeNames?.[top] ?? top) : top;
  });
  return Object.fromEntries(names.filter((attribute) => attribute in item).map((attribute) => [attribute, item[attribute]]));
}

/**
 * Adds to a GSI Query's page the earlier images of items the index lags
 * behind (each already hidden in its current form) that the query would have
 * returned: within its key condition, past its ExclusiveStartKey, not past its
 * LastEvaluatedKey, in the index's order where the page's items carry the
 * index key, and never beyond its Limit (an image that does not fit stays
 * hidden). A query with a FilterExpression or `Select: COUNT` gets none: this
 * reader does not evaluate filters, so those items stay hidden. Answers the
 * images added.
 */
export function addEarlierImages(query: IndexQuery, output: Input, earlier: Item[], drawn: (image: Item) => boolean): Item[] {
  const index = tableDefinition.globalSecondaryIndexes.find((candidate) => candidate.indexName === query.IndexName);
  const test = keyConditionTest(query);
  if (!index || !test || query.FilterExpression || query.Select === 'COUNT' || !Array.isArray(output.Items)) return [];
  const direction = query.ScanIndexForward === false ? -1 : 1;
  const order = (left: Item, right: Item) =>
    direction *
    ([index.sortKey, tableDefinition.partitionKey, tableDefinition.sortKey].map((key) => compareValues(left[key], right[key])).find((by) => by !== 0) ?? 0);
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
