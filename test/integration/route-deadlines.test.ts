import { commissionLineItem } from '../../shared/db/commission-repository';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import { inParallel } from '../../shared/db/in-parallel';
import type { CommissionLine } from '../../shared/domain/commissions/commission';
import { newId } from '../../shared/domain/identifiers';
import { httpHandler } from '../../shared/http/http-handler';
import type { LambdaHandler } from '../../shared/local/handler-loader';
import { startHttpApi } from '../../shared/local/http-api-server';
import { commissionPayoutCreateRoute } from '../../shared/routes/commissions/commission-payout-create.route';
import { apiBasePath, routeDeadlineMarginMs } from '../../shared/routes/route-definition';
import { logMessagesOf } from '../support/expected-logs';
import { useOrg, useStack } from '../support/harness';

/**
 * A route whose work outlives its deadline answers with the envelope before
 * its function's timeout (docs/decisions.md: HTTP contract, Deadlines). The
 * local gateway here gives the function `functionTimeoutMs` and answers a bare
 * 503 past it, as API Gateway does at 30 s; DynamoDB Local is too fast to
 * outlast a deadline, so a middleware on the document client slows each claim
 * transaction (a mock, named in the test).
 */
useStack();
const org = useOrg('DEADLINE', { admin: { roles: ['commission_admin', 'acct_view'] } });

const functionTimeoutMs = routeDeadlineMarginMs + 1_500;
const claimTransactionMs = 700;
const associateId = 'assoc_big_desk';
const november = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' };

/** `count` payable lines of 1.00 each for the associate, in November: 8 claim transactions for 700. */
function payableLines(orgcode: string, count: number): CommissionLine[] {
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(Date.parse(november.from_utc) + index * 60_000).toISOString();
    return {
      line_id: newId('cml'),
      orgcode,
      commission_id: `com_deadline_${index}`,
      order_id: `ord_deadline_${index}`,
      associate_id: associateId,
      kind: 'commission',
      amount: 1,
      currency: 'USD',
      status: 'payable',
      counts_at: at,
      created_at: at,
      updated_at: at,
    };
  });
}

async function putLines(lines: CommissionLine[]): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(lines.length / 25) }, (_, index) => lines.slice(index * 25, index * 25 + 25));
  await inParallel(chunks, async (chunk) => {
    let pending = chunk.map((line) => ({ PutRequest: { Item: commissionLineItem(line) } }));
    while (pending.length > 0) {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  });
}

/** Every TransactWriteItems the route sends takes `delayMs` longer. */
function slowTransactions(delayMs: number): () => void {
  const name = 'slow-transactions';
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand') await new Promise((resolve) => setTimeout(resolve, delayMs));
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => dynamo().middlewareStack.remove(name);
}

let gateway: Awaited<ReturnType<typeof startHttpApi>>;
beforeAll(async () => {
  const handler = httpHandler(commissionPayoutCreateRoute) as LambdaHandler;
  gateway = await startHttpApi({
    routes: [{ path: commissionPayoutCreateRoute.path, name: commissionPayoutCreateRoute.name }],
    loadHandler: async () => handler,
    basePath: apiBasePath,
    port: 0,
    timeoutMs: functionTimeoutMs,
  });
});
afterAll(() => gateway.close());

async function createPayout(): Promise<{ status: number; body: any; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${gateway.url}${apiBasePath}${commissionPayoutCreateRoute.path}`, {
    method: 'POST',
    headers: { ...org.headers.admin, 'content-type': 'application/json' },
    body: JSON.stringify({ associate_id: associateId, currency: 'USD', ...november }),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text, ms: Date.now() - started };
}

describe('a route whose work outlives its deadline', () => {
  it('answers a payout create on a desk too big for one call (claim transactions slowed by a mock) with a pending payout of the lines claimed by its deadline, before the function times out; the next calls take the rest', async () => {
    // Arrange
    await putLines(payableLines(org.orgcode, 700));
    const restore = slowTransactions(claimTransactionMs);

    // Act
    const { value: first, messages } = await logMessagesOf(() => createPayout().finally(restore));
    const next: number[] = [];
    const later = await logMessagesOf(async () => {
      for (let answer = await createPayout(); answer.status === 200; answer = await createPayout()) next.push(answer.body.data.payout.line_count);
    });

    // Assert
    expect(first.status).toBe(200);
    expect(first.ms).toBeLessThan(functionTimeoutMs);
    // Its lineage links had no time left: the sweep writes them (and so may the next calls', on a busy machine).
    expect(messages).toEqual(['payout desk work left for the sweep']);
    expect(later.messages.filter((message) => message !== 'payout desk work left for the sweep')).toEqual([]);
    const partial = first.body.data.payout;
    expect(partial).toMatchObject({ status: 'pending', associate_id: associateId });
    expect(partial.line_count).toBeGreaterThan(0);
    expect(partial.line_count).toBeLessThan(700);
    expect(partial.amount).toBe(partial.line_count);
    expect(next.length).toBeGreaterThan(0);
    expect(partial.line_count + next.reduce((sum, count) => sum + count, 0)).toBe(700);
  });
});
