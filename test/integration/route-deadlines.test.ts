import { commissionLineItem } from '../../shared/db/commissions/commission-repository';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import { inParallel } from '../../shared/db/in-parallel';
import type { CommissionLine } from '../../shared/domain/commissions/commission';
import { newId } from '../../shared/domain/identifiers';
import { httpHandler } from '../../shared/http/http-handler';
import type { LambdaHandler } from '../../shared/local/lambda-environments';
import { startHttpApi } from '../../shared/local/http-api-server';
import { commissionPayoutCreateRoute } from '../../shared/routes/commissions/commission-payout-create.route';
import { apiBasePath, routeDeadlineMarginMs } from '../../shared/http/route-definition';
import { linesLoggedBy } from '../support/expected-logs';
import { useOrg, useStack } from '../support/harness';

/**
 * A route whose work outlives its deadline answers with the envelope before
 * its function's timeout (docs/decisions.md: HTTP contract, Deadlines). The
 * local gateway here gives the function `functionTimeoutMs` and answers a bare
 * 503 past it, as API Gateway does at 30 s; DynamoDB Local is too fast to
 * outlast a deadline, so a middleware on the document client slows each claim
 * transaction (a mock, named in the test), and only those: the assembly and
 * the wait for its writes to be listed take their own time in the 1 s the
 * creation keeps of its deadline.
 *
 * A call's answer also waits until what it wrote is listed, within the same
 * deadline (docs/decisions.md: Acknowledged writes are listed). Under the
 * AWS-like mode (ACCOUNTING_AWS_LIKE) an index lag longer than the 1 s a
 * creation keeps of its deadline outlasts the call: it answers the retryable
 * 503 and, as the README tells a client, its retry with the same
 * idempotency_key answers the payout once its writes are listed. So does a
 * loaded machine's claim that runs into that 1 s.
 */
useStack();
const org = useOrg('DEADLINE', { admin: { roles: ['commission_admin', 'acct_view'] } });

/** 6 s of work for the call, so even a loaded machine reaches the claims; 8 claim transactions of 700 ms each take longer. */
const functionTimeoutMs = routeDeadlineMarginMs + 6_000;
const claimTransactionMs = 700;
const associateId = 'assoc_big_desk';
/** Long enough for a loaded machine's abandoned assembly to leave the desk (its lease) and the key. */
const retryBudgetMs = 20_000;
const november = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' };

/** `count` payable lines of 1.00 each for the associate, in November: 8 claim transactions of 99 lines for 700. */
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

/** A claim of lines for a payout: its updates set the line's payout_id (the assembly's transaction that follows puts the payout). */
const claimsLines = (input: { TransactItems?: Array<{ Update?: { UpdateExpression?: string } }> }) =>
  input.TransactItems?.some((item) => item.Update?.UpdateExpression?.startsWith('SET payout_id')) === true;

/** Every claim transaction the route sends takes `delayMs` longer; the assembly's and the answer's own time are left as they are. */
function slowClaims(delayMs: number): () => void {
  const name = 'slow-claims';
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand' && claimsLines(args.input as Parameters<typeof claimsLines>[0])) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
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

interface Answer {
  status: number;
  body: any;
  ms: number;
}

async function createPayout(idempotencyKey: string): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(`${gateway.url}${apiBasePath}${commissionPayoutCreateRoute.path}`, {
    method: 'POST',
    headers: { ...org.headers.admin, 'content-type': 'application/json' },
    body: JSON.stringify({ associate_id: associateId, currency: 'USD', ...november, idempotency_key: idempotencyKey }),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text, ms: Date.now() - started };
}

const ranOutOfTime = (answer: Answer) => answer.status === 503 && answer.body?.error?.error_code === 'accounting.deadline_exceeded';

/**
 * A creation as a client makes it (README: the typed client's retries): sent
 * again with the same key while it answers an error marked `retryable` (503
 * deadline_exceeded; 409 idempotency_in_progress while the call that ran out
 * of time still holds the key, or payout_in_progress while it still holds the
 * desk), after the wait the answer names, else 500 ms, for up to
 * `retryBudgetMs`; every answer, in order.
 */
async function createPayoutRetried(): Promise<Answer[]> {
  const idempotencyKey = newId('idem');
  const givesUpAt = Date.now() + retryBudgetMs;
  const answers = [await createPayout(idempotencyKey)];
  const retried = (answer: Answer) => answer.body?.error?.retryable === true;
  while (retried(answers.at(-1)!) && Date.now() < givesUpAt) {
    await new Promise((resolve) => setTimeout(resolve, answers.at(-1)!.body.error.details?.retry_after_ms ?? 500));
    answers.push(await createPayout(idempotencyKey));
  }
  return answers;
}

/** The `message` of each structured log line; a 503's error line has none and is named by its error. */
const logMessage = (line: string) => {
  const parsed = JSON.parse(line) as { message?: string; error?: string };
  return parsed.message ?? (parsed.error?.includes('ran out of time') ? 'deadline exceeded' : parsed.error);
};

describe('a route whose work outlives its deadline', () => {
  it('answers a payout create on a desk too big for one call (claim transactions slowed by a mock) with a pending payout of the lines claimed by its deadline, before the function times out; the next calls take the rest', async () => {
    // Arrange
    await putLines(payableLines(org.orgcode, 700));
    const restore = slowClaims(claimTransactionMs);

    // Act
    const { value: firstAnswers, lines } = await linesLoggedBy(() => createPayoutRetried().finally(restore));
    const next: number[] = [];
    const later = await linesLoggedBy(async () => {
      const laterAnswers: Answer[][] = [];
      for (let answers = await createPayoutRetried(); answers.at(-1)!.status === 200; answers = await createPayoutRetried()) {
        laterAnswers.push(answers);
        next.push(answers.at(-1)!.body.data.payout.line_count);
      }
      return laterAnswers;
    });

    // Assert
    // The first answer is the envelope, before the function times out: the payout, or, when what it wrote was not
    // listed by its deadline (an index lag past the 1 s the creation keeps, or a loaded machine's last claim running
    // into it), the retryable 503 whose retry with the same key answers that payout.
    const [first] = firstAnswers;
    expect(first!.ms).toBeLessThan(functionTimeoutMs);
    expect(first!.status === 200 || ranOutOfTime(first!)).toBe(true);
    const answer = firstAnswers.at(-1)!;
    expect(answer.status).toBe(200);
    // Lineage links with no time left are the sweep's (logged); each 503 logs its error; nothing else is logged.
    const timedOut = (answers: Answer[]) => answers.filter(ranOutOfTime).map(() => 'deadline exceeded');
    const unexpected = (logged: string[]) => logged.map(logMessage).filter((message) => message !== 'payout desk work left for the sweep');
    expect(unexpected(lines)).toEqual(timedOut(firstAnswers));
    expect(unexpected(later.lines)).toEqual(timedOut(later.value.flat()));
    const partial = answer.body.data.payout;
    expect(partial).toMatchObject({ status: 'pending', associate_id: associateId });
    expect(partial.line_count).toBeGreaterThan(0);
    expect(partial.line_count).toBeLessThan(700);
    expect(partial.amount).toBe(partial.line_count);
    expect(next.length).toBeGreaterThan(0);
    expect(partial.line_count + next.reduce((sum, count) => sum + count, 0)).toBe(700);
  }, 90_000);
});
