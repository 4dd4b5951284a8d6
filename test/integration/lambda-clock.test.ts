import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import { fencedFunction } from '../../shared/lambda/function-chain';
import type { AwsLikeOptions } from '../../shared/local/aws-like';
import { lambdaEnvironments, LeftRunningError } from '../../shared/local/lambda-environments';
import type { LambdaHandler } from '../../shared/local/lambda-environments';
import { capturingLogs, linesLoggedBy } from '../support/expected-logs';
import { eventRequest } from '../support/fixtures/events';
import { useOrg, useStack } from '../support/harness';

/**
 * Issue 29, section 1: nothing outlives its invocation. Lambda freezes an
 * environment the moment its handler returns, and what the handler left
 * running commits at the environment's next invocation, minutes later. The
 * local runner fails an invocation that returns with AWS calls of its own
 * still in flight (every mode), and the AWS-like mode holds a call started
 * after its invocation returned until the function is invoked again.
 */
const awsLike: Partial<AwsLikeOptions> = {
  seed: 29,
  transactionCancelRate: 0,
  writeThrottleRate: 0,
  writeConflictRate: 0,
  asyncInvokeRepeatRate: 0,
  busDeliveryRepeatRate: 0,
  controlMessageRate: 0,
};
const stack = useStack({ awsLike });
const org = useOrg('CLOCK', { recorder: { roles: ['acct_export_admin', 'acct_view'] } });

// The probes' own client, so that only these tests' runner watches it (the stack's runner watches the service's).
let client: DynamoDBDocumentClient;
beforeAll(() => {
  client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
});
afterAll(() => client.destroy());
const probeKey = (name: string) => ({ pk: `ORG#CLOCKPROBE#${name}`, sk: 'PROBE' });
const probe = (name: string) => new PutCommand({ TableName: tableName(), Item: { ...probeKey(name), written_at: new Date().toISOString() } });
const probeExists = async (name: string) => (await client.send(new GetCommand({ TableName: tableName(), Key: probeKey(name), ConsistentRead: true }))).Item !== undefined;
const context = { functionName: 'probe', awsRequestId: 'probe', getRemainingTimeInMillis: () => 10_000 };

describe('the local runner and Lambda\'s clock', () => {
  it('fails an invocation that returns with an AWS call of its own still in flight, in every mode', async () => {
    const environments = lambdaEnvironments();
    const detach = environments.watchClients([client]);
    const leaving: LambdaHandler = async () => {
      void client.send(probe('left-running'));
      return 'answered';
    };
    const awaiting: LambdaHandler = async () => {
      await client.send(probe('awaited'));
      return 'answered';
    };

    const { outcome, logged } = await capturingLogs(async () => environments.invocationsOf('leaving', leaving)({}, context));

    expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(LeftRunningError);
    expect(logged).toEqual([expect.stringMatching(/^leaving returned with 1 AWS call\(s\) of its own still under way/)]);
    await expect(environments.invocationsOf('awaiting', awaiting)({}, context)).resolves.toBe('answered');
    detach();
  });

  it('lets a fenced handler that forgot a call return with nothing in flight: the fence aborts and awaits it', async () => {
    const environments = lambdaEnvironments();
    const detach = environments.watchClients([dynamo()]);
    const fenced = fencedFunction(async () => {
      void dynamo().send(probe('forgotten')).catch(() => undefined);
      return 'answered';
    }) as unknown as LambdaHandler;

    await expect(environments.invocationsOf('fenced', fenced)({}, context)).resolves.toBe('answered');
    detach();
  });

  it('in the AWS-like mode, holds a call started after its invocation returned until the function is invoked again', async () => {
    const counts = { callsFrozen: 0 };
    const environments = lambdaEnvironments({ freezeMs: 0, counts });
    const detach = environments.watchClients([client]);
    try {
      const leavesATimer: LambdaHandler = async (event) => {
        if ((event as { write?: string }).write) setTimeout(() => void client.send(probe('thawed')), 20);
        return 'answered';
      };
      const invoke = environments.invocationsOf('leaves-a-timer', leavesATimer);

      const { lines } = await linesLoggedBy(async () => {
        await invoke({ write: 'thawed' }, context);
        await sleep(300);
      });
      const whileFrozen = await probeExists('thawed');
      await invoke({}, context);
      await sleep(300);

      expect({ whileFrozen, afterNextInvocation: await probeExists('thawed'), frozen: counts.callsFrozen, afterReturn: environments.callsAfterReturn }).toEqual({
        whileFrozen: false,
        afterNextInvocation: true,
        frozen: 1,
        afterReturn: 1,
      });
      expect(lines).toEqual(['leaves-a-timer started PutItemCommand after it returned: Lambda would have frozen it']);
    } finally {
      detach();
      environments.close();
    }
  });
});

/**
 * The table stalls each write of an event of `slow` for `stallMs`, as a partition that stops answering would; an abort
 * ends the wait, as it ends a request (a mock). When each write of an event of `watched` succeeded goes in `committed`.
 */
function stallWrites(watched: string[], slow: Set<string>, stallMs: number, committed: Map<string, number>): () => void {
  const name = 'stalled-table';
  dynamo().middlewareStack.add(
    (next: (args: any) => Promise<any>, handlerContext: Record<string, any>) => async (args: any) => {
      const text = JSON.stringify(args.input ?? {});
      const eventId = [...slow].find((id) => text.includes(`"${id}"`));
      const writes = /^(Put|Update|TransactWrite)/.test(String(handlerContext.commandName));
      if (eventId && writes) {
        const signal: AbortSignal | undefined = handlerContext.__smithy_context?.abortSignal;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, stallMs);
          signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        });
      }
      const result = await next(args);
      const written = watched.find((id) => text.includes(`"${id}"`));
      if (written && writes) committed.set(written, Date.now());
      return result;
    },
    { step: 'finalizeRequest', priority: 'low', name },
  );
  return () => dynamo().middlewareStack.remove(name);
}

describe('a table that stalls for 35 s, past a route\'s timeout, in the AWS-like mode (stall injected by a mock)', () => {
  it('answers every call 200 or a retryable 503 envelope, never 500, and no write answered 503 commits later: an event commits within its function\'s deadline of its recorded_at, or never', async () => {
    const routeTimeoutMs = 10_000;
    const ids = Array.from({ length: 16 }, (_, index) => `evt_stall_${org.orgcode}_${index}`);
    const slow = new Set(ids.filter((_id, index) => index % 2 === 1));
    const committed = new Map<string, number>();
    const detach = stallWrites(ids, slow, 35_000, committed);
    let answers: Array<{ id: string; status: number; body: any }>;
    let logged: string[];
    try {
      ({ value: answers, lines: logged } = await linesLoggedBy(() => Promise.all(
        ids.map(async (id) => {
          const answer = await org.post('recorder', '/event/record', eventRequest(org.orgcode, { event_id: id, source_refs: [], request_context: org.requestContext('recorder') }));
          return { id, status: answer.status, body: answer.body };
        }),
      )));
      await sleep(2_500);
    } finally {
      detach();
    }
    // The route's function is invoked again: what an earlier invocation left frozen thaws now.
    expect((await org.post('recorder', '/event/record', eventRequest(org.orgcode, { source_refs: [], request_context: org.requestContext('recorder') }))).status).toBe(200);
    await sleep(1_000);
    const stored = await Promise.all(ids.map(async (id) => ({ id, status: (await org.post('recorder', '/event/get', { event_id: id })).status })));

    const byStatus = (status: number) => answers.filter((answer) => answer.status === status).map((answer) => answer.id).sort();
    console.log(`stalled table: ${byStatus(200).length} answered 200, ${byStatus(503).length} answered 503 of ${ids.length}; ${stack.awsLike.counts.callsFrozen} calls frozen`);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503).map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`)).toEqual([]);
    expect(byStatus(503)).toEqual([...slow].sort());
    // Each 503 is logged by its function, as an error with what ran out of time.
    expect(logged).toHaveLength(slow.size);
    for (const line of logged) expect(JSON.parse(line)).toMatchObject({ level: 'error', route: '/event/record', error: expect.stringMatching(/^DeadlineExceededError/) });
    for (const answer of answers.filter((each) => each.status === 503)) {
      expect(answer.body.error).toMatchObject({ error_code: 'accounting.deadline_exceeded', http_status: 503, retryable: true, major: { tag: 'unavailable' } });
    }
    expect(stored.filter((each) => each.status === 200).map((each) => each.id).sort()).toEqual(byStatus(200));
    for (const answer of answers.filter((each) => each.status === 200)) {
      const recordedAt = Date.parse(answer.body.data.event.recorded_at);
      expect(committed.get(answer.id)! - recordedAt).toBeLessThan(routeTimeoutMs);
    }
  }, 60_000);
});
