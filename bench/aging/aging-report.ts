import { performance } from 'node:perf_hooks';
import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { fromMinorUnits, toMinorUnits } from '../../shared/domain/receivables/money';
import { agingInvoices, asOf, dueDays, invoicesPerCustomer, paidEvery, pastDay } from './aging-invoices';
import { arAgingReportRoute } from '../../shared/routes/receivables/ar-aging-report.route';
import { arBalanceRoute } from '../../shared/routes/receivables/ar-balance.route';
import { CapacityMeter } from '../harness/capacity';
import { type Owed, seedInvoices } from '../latency/invoice-seed';
import { type BenchCaller, benchCaller } from '../harness/local-stack';
import { httpCall } from '../harness/http-client';

/** One way of reading what the org is owed, end to end. */
export interface ReceivablesRead {
  label: string;
  /** Route calls made (pages); 0 for the raw Query. */
  calls: number;
  queries: number;
  /** Items the Queries read (ScannedCount), the credential reads aside. */
  itemsRead: number;
  /** Read units of every command, the credential reads included. */
  rcu: number;
  /** Of `rcu`, what authenticating each call cost. */
  authRcu: number;
  /** Wall time of the whole read, every page. */
  seconds: number;
}

export interface AgingReport {
  invoices: number;
  customers: number;
  currencies: string[];
  dueDays: number;
  asOf: string;
  /** Customer rows asked for per call. */
  limit: number;
  /** Receivable aggregates seeded: one per customer, currency and due day. */
  aggregates: number;
  seedSeconds: number;
  /** Payments seeded: one on every third invoice, for part of it. */
  payments: number;
  /** The past day aged as well: what was owed then is today's aggregates less the changes counting after it. */
  pastDay: string;
  /** Statement entries seeded: the changes counting after the past day (invoices issued and payments received since). */
  laterChanges: number;
  /** Days after the past day with changes: each a Query per report page. */
  laterDays: number;
  /** What the seeded invoices owe per currency; the report and the balance matched it exactly (else the bench fails). */
  owed: Array<{ currency: string; amount: number; openInvoices: number }>;
  /** What they owed at the end of the past day, summed from the seeded invoices and payments; the report matched it exactly. */
  owedOnPastDay: Array<{ currency: string; amount: number; openInvoices: number }>;
  /** Customer rows the paged aging report listed: one per customer and currency. */
  customerRows: number;
  aging: ReceivablesRead;
  /** The same report with as_of the past day. */
  pastAging: ReceivablesRead;
  balance: ReceivablesRead;
  /** The aggregates alone, one paged Query: what the routes read, without their paging. */
  everyAggregate: ReceivablesRead;
  /** The naive report's read: every open invoice of the org, its copies in the org's active invoices. */
  everyInvoice: ReceivablesRead;
}


const receivablesQuery = (table: string, orgcode: string): QueryCommandInput => ({
  TableName: table,
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': keys.receivablesPartition(orgcode) },
});

/**
 * The naive report's read: the org's open invoices, whole, from their list
 * partition on the table (invoiceListings: the org's active invoices; the
 * bench's org has one shard), 1,000 a page as the export reads events.
 */
const everyInvoiceQuery = (table: string, orgcode: string): QueryCommandInput => ({
  TableName: table,
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': keys.invoicesInLifecycle(orgcode, 'active') },
});

/** Pages through a Query of the table, read consistently as the repositories read it, 1,000 items a page, summing the capacity DynamoDB reports. */
async function pageQuery(client: DynamoDBDocumentClient, input: QueryCommandInput): Promise<{ queries: number; items: number; rcu: number }> {
  let startKey: Record<string, unknown> | undefined;
  const sums = { queries: 0, items: 0, rcu: 0 };
  do {
    const page = await client.send(new QueryCommand({ ...input, ConsistentRead: true, Limit: 1000, ExclusiveStartKey: startKey, ReturnConsumedCapacity: 'TOTAL' }));
    const units = page.ConsumedCapacity?.CapacityUnits;
    if (units === undefined) throw new Error('a Query returned no ConsumedCapacity although asked to');
    sums.queries += 1;
    sums.items += page.ScannedCount ?? 0;
    sums.rcu += units;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return sums;
}

async function rawRead(label: string, client: DynamoDBDocumentClient, input: QueryCommandInput): Promise<ReceivablesRead> {
  const started = performance.now();
  const { queries, items, rcu } = await pageQuery(client, input);
  return { label, calls: 0, queries, itemsRead: items, rcu, authRcu: 0, seconds: (performance.now() - started) / 1000 };
}

/**
 * Calls a paged route until next_token is null, every page metered;
 * `onPage` takes each page's data and returns its next_token.
 */
async function pageThrough(
  baseUrl: string,
  path: string,
  caller: BenchCaller,
  body: Record<string, unknown>,
  meter: CapacityMeter,
  onPage: (data: unknown) => string | null,
): Promise<ReceivablesRead> {
  meter.reset();
  let token: string | null = null;
  let calls = 0;
  const started = performance.now();
  do {
    const response = await httpCall(baseUrl, path, { headers: caller.headers, body: token ? { ...body, next_token: token } : body })();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.text.slice(0, 300)}`);
    calls += 1;
    token = onPage((JSON.parse(response.text) as { data: unknown }).data);
  } while (token);
  const seconds = (performance.now() - started) / 1000;
  const commands = meter.commands();
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    label: path,
    calls,
    queries: commands.filter((command) => command.name === 'Query').length,
    itemsRead: sum(commands.filter((command) => command.purpose === 'operation').map((command) => command.itemsRead)),
    rcu: sum(commands.map((command) => command.rcu)),
    authRcu: sum(commands.filter((command) => command.purpose === 'auth').map((command) => command.rcu)),
    seconds,
  };
}

interface AgingPage {
  report: { customers: unknown[]; totals: Array<{ currency: string; total: number; open_invoices: number }>; complete: boolean };
  next_token: string | null;
}

interface BalancePage {
  balances: Array<{ currency: string; open_invoices: number }>;
  totals: Array<{ currency: string; amount: number }>;
  complete: boolean;
  next_token: string | null;
}

const owedList = (owed: Record<string, Owed>) =>
  Object.entries(owed)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => ({ currency, amount: fromMinorUnits(sum.units, currency), openInvoices: sum.openInvoices }));

/** Throws unless `reported` (per currency) is exactly what the seeded invoices owe. */
function requireOwed(what: string, owed: Record<string, Owed>, reported: Array<{ currency: string; amount: number; openInvoices: number }>, complete: boolean) {
  const expected = Object.entries(owed).map(([currency, sum]) => `${currency} ${fromMinorUnits(sum.units, currency)} (${sum.openInvoices} invoices)`);
  const got = reported.map((entry) => {
    const units = toMinorUnits(entry.amount, entry.currency);
    return `${entry.currency} ${units === undefined ? `${entry.amount} (not in minor units)` : fromMinorUnits(units, entry.currency)} (${entry.openInvoices} invoices)`;
  });
  if (!complete || expected.sort().join(', ') !== got.sort().join(', ')) {
    throw new Error(`${what}: ${complete ? '' : 'last page not complete; '}totals ${got.join(', ')}, but the seeded invoices owe ${expected.join(', ')}`);
  }
}

export interface AgingBenchOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  baseUrl: string;
  orgcode: string;
  invoices: number;
  /** Customer rows per report call. */
  limit: number;
  log: (line: string) => void;
}

/**
 * What the aging report and the balance cost over a large org: seeds the
 * org's open invoices (every third paid in part) with their copies in their
 * lists, their receivable aggregates and the changes counting after the past
 * day with their copies in their days' changes (seedInvoices), pages through
 * /ar/aging/report (as of today's as_of, then as of the past day) and
 * /ar/balance with every command metered, then reads every aggregate and
 * every open invoice once with a plain paged consistent Query for comparison (the routes'
 * read without their paging; what a report without the aggregates would at
 * least read). Every total must equal what the seeded invoices and payments
 * add up to, to the minor unit: today's, and on the past day what was issued
 * and received by its end.
 */
export async function measureAgingReport(options: AgingBenchOptions): Promise<AgingReport> {
  const { client, tableName, baseUrl, orgcode, limit, log } = options;
  const customers = Math.max(1, Math.round(options.invoices / invoicesPerCustomer));
  const caller = await benchCaller(orgcode, ['acct_view']);
  const owedOnPastDay: Record<string, Owed> = {};
  const histories = agingInvoices(orgcode, options.invoices, customers, new Date(), pastDay, owedOnPastDay);
  const seeded = await seedInvoices(client, tableName, orgcode, histories, pastDay);
  log(
    `seeded ${seeded.invoices} invoices, ${seeded.aggregates} receivable aggregates and ${seeded.entries} changes after ${pastDay}, ` +
      `with ${seeded.copies} copies in their lists, in ${seeded.seconds.toFixed(0)}s`,
  );
  // Untimed: the first read of a freshly loaded partition is far slower in DynamoDB Local than any later one.
  await pageQuery(client, receivablesQuery(tableName, orgcode));
  await pageQuery(client, everyInvoiceQuery(tableName, orgcode));

  let customerRows = 0;
  let agingTotals: AgingPage['report'] | undefined;
  let pastAgingTotals: AgingPage['report'] | undefined;
  let balanceRows: BalancePage['balances'] = [];
  let balanceTotals: BalancePage | undefined;
  const meter = new CapacityMeter().attach(dynamo());
  let aging: ReceivablesRead;
  let pastAging: ReceivablesRead;
  let balance: ReceivablesRead;
  try {
    aging = await pageThrough(baseUrl, arAgingReportRoute.path, caller, { as_of: asOf, limit }, meter, (data) => {
      const page = data as AgingPage;
      customerRows += page.report.customers.length;
      if (!page.next_token) agingTotals = page.report;
      return page.next_token;
    });
    pastAging = await pageThrough(baseUrl, arAgingReportRoute.path, caller, { as_of: pastDay, limit }, meter, (data) => {
      const page = data as AgingPage;
      if (!page.next_token) pastAgingTotals = page.report;
      return page.next_token;
    });
    pastAging.label = `${arAgingReportRoute.path} as of ${pastDay}`;
    balance = await pageThrough(baseUrl, arBalanceRoute.path, caller, { limit }, meter, (data) => {
      const page = data as BalancePage;
      balanceRows = balanceRows.concat(page.balances);
      if (!page.next_token) balanceTotals = page;
      return page.next_token;
    });
  } finally {
    meter.detach(dynamo());
  }
  requireOwed(
    arAgingReportRoute.path,
    seeded.owed,
    (agingTotals?.totals ?? []).map((total) => ({ currency: total.currency, amount: total.total, openInvoices: total.open_invoices })),
    agingTotals?.complete === true,
  );
  requireOwed(
    `${arAgingReportRoute.path} as of ${pastDay}`,
    owedOnPastDay,
    (pastAgingTotals?.totals ?? []).map((total) => ({ currency: total.currency, amount: total.total, openInvoices: total.open_invoices })),
    pastAgingTotals?.complete === true,
  );
  // The balance's totals carry no invoice count: its rows' counts are summed per currency instead.
  const balanceOpenInvoices: Record<string, number> = {};
  for (const row of balanceRows) balanceOpenInvoices[row.currency] = (balanceOpenInvoices[row.currency] ?? 0) + row.open_invoices;
  requireOwed(
    arBalanceRoute.path,
    seeded.owed,
    (balanceTotals?.totals ?? []).map((total) => ({ currency: total.currency, amount: total.amount, openInvoices: balanceOpenInvoices[total.currency] ?? 0 })),
    balanceTotals?.complete === true,
  );
  log(`aging report: ${aging.calls} calls, ${aging.rcu} RCU, ${aging.seconds.toFixed(2)}s; as of ${pastDay}: ${pastAging.calls} calls, ${pastAging.rcu} RCU, ${pastAging.seconds.toFixed(2)}s; balance: ${balance.calls} calls, ${balance.rcu} RCU`);

  const everyAggregate = await rawRead('every aggregate (Query)', client, receivablesQuery(tableName, orgcode));
  const everyInvoice = await rawRead('every open invoice (Query of its list)', client, everyInvoiceQuery(tableName, orgcode));
  log(`every aggregate: ${everyAggregate.queries} Queries, ${everyAggregate.rcu} RCU, ${everyAggregate.seconds.toFixed(2)}s`);
  log(`every invoice: ${everyInvoice.queries} Queries, ${everyInvoice.rcu} RCU, ${everyInvoice.seconds.toFixed(2)}s`);
  return {
    invoices: seeded.invoices,
    customers,
    currencies: Object.keys(seeded.owed).sort(),
    dueDays,
    asOf,
    limit,
    aggregates: seeded.aggregates,
    seedSeconds: seeded.seconds,
    payments: Math.ceil(seeded.invoices / paidEvery),
    pastDay,
    laterChanges: seeded.entries,
    laterDays: seeded.markedDays.filter((day) => day > pastDay).length,
    owed: owedList(seeded.owed),
    owedOnPastDay: owedList(owedOnPastDay),
    customerRows,
    aging,
    pastAging,
    balance,
    everyAggregate,
    everyInvoice,
  };
}
