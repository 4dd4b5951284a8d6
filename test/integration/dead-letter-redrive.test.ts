import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DeleteMessageCommand, QueueDoesNotExist, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { dynamo } from '../../shared/db/client';
import { ledgerEventId } from '../../shared/domain/ledger/ledger-events';
import { writeEndpoints } from '../../shared/local/endpoints-file';
import { localAccountId, localRegion } from '../../shared/local/environment';
import { lambdaArn } from '../../shared/local/lambda-context';
import { projectRoot } from '../../shared/local/project-root';
import {
  DeadLetterNotFoundError,
  deadLetterPageBytes,
  listDeadLetters,
  redriveDeadLetter,
  redriveEveryDeadLetter,
  showDeadLetter,
} from '../../shared/operators/dead-letter-redrive';
import { everyDeadLetter, pagesOf, redriveEvery, useDeadLetterQueue } from '../support/dead-letter-queue';
import { deadLetterReason } from '../support/deliveries';
import { linesLoggedBy } from '../support/expected-logs';
import { tenderCaptured } from '../support/fixtures/orders';
import { freshId as fresh, useOrg, useStack } from '../support/harness';

/**
 * The admin CLI's dead-letter commands (docs/decisions.md: Operations,
 * Dead-letter redrive) against the local stack, through the SQS and Lambda
 * clients exactly as against a deployed queue: a consumer fails on an event
 * for a cause that is then fixed; the dead letter is listed, shown unwrapped
 * and redriven, and the event takes effect once, however often it is redriven.
 */

const stack = useStack();
const deadLetters = useDeadLetterQueue(stack);
const org = useOrg('DLQ', { reader: { roles: ['acct_view'] } });

/** A captured tender of an order of its own. */
const aTender = (tenderId: string, overrides: Record<string, unknown> = {}) =>
  tenderCaptured(org.orgcode, tenderId, `ord_of_${tenderId}`, overrides);
const captureTender = (detail: Record<string, unknown>) => org.deliver('retail.payments', 'tender.captured', detail);
const ledgerConsumer = 'tender-captured-ledger';

/**
 * The fixable cause: the ledger consumer may not write yet (as before the
 * deploy that grants it), for the writes that carry `marker` only, so nothing
 * else in the stack is hindered. Returns the fix.
 */
function denyWritesCarrying(marker: string): () => void {
  const name = `deny-${marker}`;
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      if (JSON.stringify(args.input).includes(marker)) {
        const denied = new Error('User is not authorized to perform: dynamodb:TransactWriteItems on the table');
        denied.name = 'AccessDeniedException';
        throw denied;
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => dynamo().middlewareStack.remove(name);
}

/** Delivers a captured tender the ledger cannot record yet; resolves once it is dead-lettered, with its ids. */
async function deadLetteredTender(): Promise<{ eventId: string; ledgerId: string; fix: () => void }> {
  const tenderId = fresh('tnd');
  const ledgerId = ledgerEventId('tender.captured', tenderId);
  const fix = denyWritesCarrying(ledgerId);
  const delivery = captureTender(aTender(tenderId));
  expect(await deadLetterReason(delivery, stack.api.consumers, [ledgerConsumer])).toMatch(/not authorized/);
  const eventId = (await delivery)[0]!.event.id;
  return { eventId, ledgerId, fix };
}

async function deadLettersOf(eventId: string) {
  return (await everyDeadLetter(deadLetters.queue)).filter((deadLetter) => deadLetter.event_id === eventId);
}

async function ledgerEventsOfType(eventType: string): Promise<string[]> {
  const page = await org.post('reader', '/event/list', { event_types: [eventType], limit: 50 });
  expect(page.status).toBe(200);
  return page.body.data.events.map((event: { event_id: string }) => event.event_id);
}

/** The consumer a redrive ran wrote on its own, answered to no caller: the ledger lists it from the moment it was written. */
async function expectLedgerToList(eventType: string, eventIds: string[]): Promise<void> {
  expect(await ledgerEventsOfType(eventType)).toEqual(eventIds);
}

describe('a dead letter whose cause is fixed', () => {
  it('is listed and shown unwrapped; a redrive before the fix keeps it; after the fix it takes effect once and is gone', async () => {
    const { eventId, ledgerId, fix } = await deadLetteredTender();
    let fixed = false;
    try {
      const [listed, ...others] = await deadLettersOf(eventId);
      expect(others).toEqual([]);
      expect(listed).toEqual({
        id: expect.any(String),
        failed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        consumer: ledgerConsumer,
        event_id: eventId,
        detail_type: 'tender.captured',
        orgcode: org.orgcode,
        error_type: 'AccessDeniedException',
        error_message: 'User is not authorized to perform: dynamodb:TransactWriteItems on the table',
        receive_count: 1,
        arrived_by: 'notifier',
      });

      const shown = await showDeadLetter(deadLetters.queue, listed!.id);
      const delivered = stack.api.consumers.deadLetters().find((deadLetter) => deadLetter.event.id === eventId)!;
      // Listing let go of the message at once: showing it received it a second time.
      expect(shown).toMatchObject({ ...listed, receive_count: 2 });
      expect(shown.event).toEqual(delivered.event);
      expect(shown.function_arn).toBe(`${lambdaArn(ledgerConsumer)}:$LATEST`);
      expect(shown.attempts).toBe(3);
      expect(shown.consumer_invocation).toEqual({
        version: '1.0',
        timestamp: listed!.failed_at,
        requestContext: {
          requestId: expect.any(String),
          functionArn: shown.function_arn,
          condition: 'RetriesExhausted',
          approximateInvokeCount: 3,
        },
        responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
        responsePayload: { errorType: 'AccessDeniedException', errorMessage: listed!.error_message },
      });
      expect(shown.notifier_invocation).toMatchObject({
        requestContext: { functionArn: `${lambdaArn('dead-letter-notifier')}:$LATEST`, condition: 'Success' },
        responsePayload: { notified: true, event_id: eventId, consumer: ledgerConsumer },
      });

      const { value: early, lines: earlyLogs } = await linesLoggedBy(() => redriveDeadLetter(deadLetters.queue, listed!.id));
      // The consumer's failure is logged with its stack, as the npm start terminal shows it.
      expect(earlyLogs).toEqual([expect.stringMatching(/^Function tender-captured-ledger failed: AccessDeniedException: User is not authorized/)]);
      expect(early).toEqual({
        id: listed!.id,
        consumer: ledgerConsumer,
        event_id: eventId,
        outcome: 'kept',
        error_type: 'AccessDeniedException',
        error_message: listed!.error_message,
      });
      expect(await deadLettersOf(eventId)).toEqual([expect.objectContaining({ id: listed!.id })]);
      expect(await ledgerEventsOfType('tender.captured')).toEqual([]);

      fix();
      fixed = true;
      const redriven = await redriveDeadLetter(deadLetters.queue, listed!.id);

      expect(redriven).toEqual({
        id: listed!.id,
        consumer: ledgerConsumer,
        event_id: eventId,
        outcome: 'redriven',
        result: { outcome: 'recorded', event_id: ledgerId },
      });
      expect(await deadLettersOf(eventId)).toEqual([]);
      expect(stack.api.consumers.deadLetters().filter((deadLetter) => deadLetter.event.id === eventId)).toEqual([]);
      await expectLedgerToList('tender.captured', [ledgerId]);

      // Redriven twice: the message is gone, so nothing runs again.
      await expect(redriveDeadLetter(deadLetters.queue, listed!.id)).rejects.toBeInstanceOf(DeadLetterNotFoundError);
      await expect(showDeadLetter(deadLetters.queue, listed!.id)).rejects.toBeInstanceOf(DeadLetterNotFoundError);
      expect(await ledgerEventsOfType('tender.captured')).toEqual([ledgerId]);
    } finally {
      if (!fixed) fix();
    }
  });

  it('takes effect once when its message is redriven again after a lost delete', async () => {
    const { eventId, ledgerId, fix } = await deadLetteredTender();
    fix();
    const [message] = stack.api.deadLetterQueue.messages().filter((queued) => queued.body.includes(eventId));
    await redriveDeadLetter(deadLetters.queue, message!.messageId);

    // The same message, as SQS hands out again one whose delete never arrived.
    const again = stack.api.deadLetterQueue.send(message!.body);
    const redriven = await redriveDeadLetter(deadLetters.queue, again);

    expect(redriven).toMatchObject({ outcome: 'redriven', result: { outcome: 'duplicate', event_id: ledgerId } });
    expect(await deadLettersOf(eventId)).toEqual([]);
    await expectLedgerToList('tender.captured', [ledgerId]);
  });

  it('redrives every message with --all, whatever happens to the others: the fixed ones go, the ones that fail again stay', async () => {
    const fixable = await deadLetteredTender();
    const malformed = captureTender(aTender(fresh('tnd'), { amount: undefined }));
    expect(await deadLetterReason(malformed, stack.api.consumers, [ledgerConsumer])).toMatch(/amount/);
    const malformedId = (await malformed)[0]!.event.id;
    fixable.fix();

    const { value: outcomes, lines: refusals } = await linesLoggedBy(() => redriveEvery(deadLetters.queue));
    // Each consumer refuses the malformed event in one line (the queue may hold others' malformed tenders too).
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    expect(refusals.filter((line) => !/^Function tender-captured(-ledger)? refused its payload: detail\.amount: Required$/.test(line))).toEqual([]);

    const ofEvent = (eventId: string) => outcomes.filter((outcome) => outcome.event_id === eventId);
    expect(ofEvent(fixable.eventId)).toEqual([expect.objectContaining({ consumer: ledgerConsumer, outcome: 'redriven' })]);
    expect(ofEvent(malformedId).map(({ consumer, outcome }) => ({ consumer, outcome })).sort((a, b) => a.consumer!.localeCompare(b.consumer!))).toEqual([
      { consumer: 'tender-captured', outcome: 'kept' },
      { consumer: ledgerConsumer, outcome: 'kept' },
    ]);
    expect(ofEvent(malformedId)[0]).toMatchObject({ error_type: 'ValidationError', error_message: expect.stringMatching(/detail\.amount/) });
    expect(await deadLettersOf(fixable.eventId)).toEqual([]);
    expect((await deadLettersOf(malformedId)).map(({ consumer }) => consumer).sort()).toEqual(['tender-captured', ledgerConsumer]);
    await expectLedgerToList('tender.captured', [fixable.ledgerId]);
  });
});

/** A captured tender's event as EventBridge delivers it to the ledger consumer. */
const tenderEvent = (tenderId: string) => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'tender.captured',
  source: 'retail.payments',
  account: localAccountId,
  time: '2026-11-03T09:30:05Z',
  region: localRegion,
  resources: [],
  detail: aTender(tenderId),
});

/** The attributes EventBridge gives the dead letter of an event it could not hand to the ledger consumer. */
const undeliveredTo = (errorMessage: string) => ({
  RULE_ARN: `arn:aws:events:${localRegion}:${localAccountId}:rule/tender-captured-ledger-rule`,
  TARGET_ARN: lambdaArn(ledgerConsumer),
  ERROR_CODE: 'SDK_CLIENT_ERROR',
  ERROR_MESSAGE: errorMessage,
  EXHAUSTED_RETRY_CONDITION: 'MaximumRetryAttemptsExhausted',
  RETRY_ATTEMPTS: '185',
});

describe("a rule's dead letter (an event EventBridge could not hand to its target)", () => {
  it('is read from its attributes and redriven to the target the attributes name', async () => {
    const tenderId = fresh('tnd');
    const event = tenderEvent(tenderId);
    const id = stack.api.deadLetterQueue.send(JSON.stringify(event), undeliveredTo('Unable to invoke Lambda function: Rate Exceeded'));

    expect(await deadLettersOf(event.id)).toEqual([
      expect.objectContaining({
        id,
        consumer: ledgerConsumer,
        orgcode: org.orgcode,
        error_type: 'SDK_CLIENT_ERROR',
        error_message: 'Unable to invoke Lambda function: Rate Exceeded',
        arrived_by: 'rule',
      }),
    ]);
    expect(await showDeadLetter(deadLetters.queue, id)).toMatchObject({ event, function_arn: lambdaArn(ledgerConsumer), attempts: 185 });

    expect(await redriveDeadLetter(deadLetters.queue, id)).toMatchObject({ outcome: 'redriven', result: { outcome: 'recorded' } });
    await expectLedgerToList('tender.captured', [ledgerEventId('tender.captured', tenderId)]);
  });
});

describe('the local queue', () => {
  it('answers the SQS API as SQS does: a received message is hidden, a stale receipt handle deletes nothing, an unknown queue does not exist', async () => {
    const id = stack.api.deadLetterQueue.send('{}');
    const receive = (VisibilityTimeout: number) =>
      deadLetters.queue.sqs.send(new ReceiveMessageCommand({ QueueUrl: deadLetters.queue.queueUrl, MaxNumberOfMessages: 10, VisibilityTimeout }));
    const first = (await receive(0)).Messages!.find((message) => message.MessageId === id)!;
    const second = (await receive(60)).Messages!.find((message) => message.MessageId === id)!;

    expect((await receive(60)).Messages ?? []).toEqual([]);
    await deadLetters.queue.sqs.send(new DeleteMessageCommand({ QueueUrl: deadLetters.queue.queueUrl, ReceiptHandle: first.ReceiptHandle }));
    expect(stack.api.deadLetterQueue.messages().map(({ messageId }) => messageId)).toContain(id);
    await deadLetters.queue.sqs.send(new DeleteMessageCommand({ QueueUrl: deadLetters.queue.queueUrl, ReceiptHandle: second.ReceiptHandle }));
    expect(stack.api.deadLetterQueue.messages().map(({ messageId }) => messageId)).not.toContain(id);
    await expect(
      deadLetters.queue.sqs.send(new ReceiveMessageCommand({ QueueUrl: `${stack.api.invokeUrl}/${localAccountId}/no-such-queue` })),
    ).rejects.toBeInstanceOf(QueueDoesNotExist);
  });
});

describe('npm run admin -- dead-letter', () => {
  const run = promisify(execFile);
  let dataDir: string;

  beforeAll(() => {
    // The endpoints `npm start` would write, of this file's local stack, which runs in this process.
    dataDir = mkdtempSync(join(tmpdir(), 'accounting-admin-'));
    writeEndpoints(dataDir, {
      apiUrl: stack.api.baseUrl,
      invokeEndpoint: stack.api.invokeUrl,
      deadLetterQueueUrl: stack.api.deadLetterQueueUrl,
      region: localRegion,
      tableName: '',
      bucketName: '',
      dynamodbEndpoint: '',
      s3Endpoint: '',
      operatorFunctions: [],
      httpRoutes: [],
      inMemory: true,
      pid: process.pid,
      startedAt: new Date().toISOString(),
    });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the CLI as an operator does; resolves with its exit code and output. */
  async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run('npx', ['tsx', 'bin/admin.ts', 'dead-letter', ...args, '--data-dir', dataDir], {
        cwd: projectRoot(),
        maxBuffer: 64 * 1024 * 1024,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('lists the queue, and exits 1 when a redrive leaves the message in the queue or finds none', async () => {
    const malformed = captureTender(aTender(fresh('tnd'), { amount: undefined }));
    await deadLetterReason(malformed, stack.api.consumers, [ledgerConsumer]);
    const eventId = (await malformed)[0]!.event.id;
    const [deadLetter] = (await deadLettersOf(eventId)).filter(({ consumer }) => consumer === ledgerConsumer);

    const listed = await admin('list');
    const { value: failedAgain, lines: refusal } = await linesLoggedBy(() => admin('redrive', '--id', deadLetter!.id));
    const missing = await admin('redrive', '--id', 'no-such-message');

    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual({
      queue_url: stack.api.deadLetterQueueUrl,
      dead_letters: expect.arrayContaining([expect.objectContaining({ id: deadLetter!.id, event_id: eventId, consumer: ledgerConsumer })]),
    });
    expect(failedAgain.code).toBe(1);
    expect(refusal).toEqual([`Function ${ledgerConsumer} refused its payload: detail.amount: Required`]);
    expect(JSON.parse(failedAgain.stdout)).toMatchObject({ id: deadLetter!.id, outcome: 'kept', error_type: 'ValidationError' });
    expect(failedAgain.stderr).toMatch(new RegExp(`${ledgerConsumer} failed again on dead letter ${deadLetter!.id}: ValidationError: .*It stays in the queue`));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No dead letter no-such-message in the queue/);
    expect(await deadLettersOf(eventId)).toContainEqual(expect.objectContaining({ id: deadLetter!.id }));
  });

  // A dead letter's line carries its error, and a queue keeps 14 days of them: one answer of the whole queue had no bound.
  it('lists and redrives a queue of more than 6 MB of dead letters page by page, each page at most 4 MiB, each dead letter once; the CLI follows the pages', async () => {
    const reason = `Unable to invoke Lambda function: ${'x'.repeat(200_000)}`;
    const ids = Array.from({ length: 32 }, () => stack.api.deadLetterQueue.send(JSON.stringify(tenderEvent(fresh('tnd_heavy'))), undeliveredTo(reason)));
    const ours = <T extends { id: string }>(items: readonly T[]) => items.filter(({ id }) => ids.includes(id));
    const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

    const pages = await pagesOf(listDeadLetters(deadLetters.queue));
    const listed = await admin('list');

    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.filter((page) => bytes(page) > deadLetterPageBytes)).toEqual([]);
    expect(pages.reduce((sum, page) => sum + bytes(page), 0)).toBeGreaterThan(6 * 1024 * 1024);
    expect(ours(pages.flat()).map(({ id }) => id).sort()).toEqual([...ids].sort());
    // Every message read was let go once the last page was taken: the CLI, reading after, meets each of them.
    expect(listed.code).toBe(0);
    expect(listed.stdout.length).toBeGreaterThan(6 * 1024 * 1024);
    expect(ours(JSON.parse(listed.stdout).dead_letters as Array<{ id: string }>).map(({ id }) => id).sort()).toEqual([...ids].sort());

    // Outcomes are small: pages of 2,000 bytes show the redrive's paging on 32 of them.
    const { value: outcomePages, lines: refusals } = await linesLoggedBy(() => pagesOf(redriveEveryDeadLetter(deadLetters.queue, 2_000)));

    // The queue still holds this file's malformed tenders, which their consumers refuse again.
    expect(refusals.filter((line) => !/^Function tender-captured(-ledger)? refused its payload: detail\.amount: Required$/.test(line))).toEqual([]);
    expect(outcomePages.length).toBeGreaterThan(1);
    expect(outcomePages.filter((page) => page.length > 1 && bytes(page) > 2_000)).toEqual([]);
    expect(ours(outcomePages.flat()).map(({ id, outcome }) => ({ id, outcome })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...ids].sort().map((id) => ({ id, outcome: 'redriven' })),
    );
    expect(ours(await everyDeadLetter(deadLetters.queue))).toEqual([]);
  }, 120_000);
});
