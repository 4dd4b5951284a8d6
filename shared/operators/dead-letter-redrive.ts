import { InvokeCommand, type InvokeCommandOutput, LambdaClient, type LambdaClientConfig } from '@aws-sdk/client-lambda';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
  type SQSClientConfig,
} from '@aws-sdk/client-sqs';
import { type DeadLetterMessage, type DeadLetterSummary, readDeadLetter, summaryOf } from './dead-letter-messages';

/**
 * The admin CLI's `dead-letter` commands (docs/decisions.md: Operations,
 * Dead-letter redrive), on the local stack or a deployed one alike: only the
 * clients' endpoint differs. Never part of a Lambda: only bin/admin.ts and the
 * tests import this, so the SQS client stays out of every bundle.
 */

/** The consumers' dead-letter queue, and the clients that reach it and the consumers. */
export interface DeadLetterQueue {
  sqs: SQSClient;
  lambda: LambdaClient;
  queueUrl: string;
}

/** The queue at `queueUrl` and its consumers, both reached with `config`: a deployed region, or the local server's endpoint. */
export function openDeadLetterQueue(queueUrl: string, config: SQSClientConfig & LambdaClientConfig): DeadLetterQueue {
  return { sqs: new SQSClient(config), lambda: new LambdaClient(config), queueUrl };
}

export function closeDeadLetterQueue(queue: DeadLetterQueue): void {
  queue.sqs.destroy();
  queue.lambda.destroy();
}

export class DeadLetterNotFoundError extends Error {
  override name = 'DeadLetterNotFoundError';
  constructor(readonly id: string) {
    super(`No dead letter ${id} in the queue: it was redriven or deleted, or someone else is reading or redriving it right now.`);
  }
}

/** How the redrive of one dead letter ended: its consumer took the event in (the message is deleted), or failed again (the message stays). */
export type RedriveOutcome = Pick<DeadLetterSummary, 'id' | 'consumer' | 'event_id'> &
  ({ outcome: 'redriven'; result: unknown } | { outcome: 'kept'; error_type: string; error_message: string });

/**
 * SQS shows a message only by receiving it, which hides it from every other
 * reader for the visibility timeout given. Reading hides each message this
 * long, enough to read through the queue, and releases every one it read once done.
 */
const readingVisibilitySeconds = 60;
/** A message being redriven stays hidden while its consumer runs: Lambda's longest run (15 minutes), and a minute more. */
const redriveVisibilitySeconds = 16 * 60;
/** Long polling asks every SQS server, so an empty answer means no message is visible; a short poll asks only some. */
const pollSeconds = 1;
const maxMessagesPerReceive = 10;
/** Messages made visible again at once, at most: a queue read whole may hold thousands. */
const releasesAtOnce = 10;

/**
 * The most one page of a dead-letter answer weighs as JSON: a list page's
 * bound (docs/decisions.md: Every page is bounded by bytes), well under
 * Lambda's 6 MB response. The queue keeps 14 days of dead letters of up to
 * 256 KB each, the reason a line carries included: read whole, one answer had
 * no bound, and neither had the memory that held every message it read.
 */
export const deadLetterPageBytes = 4 * 1024 * 1024;

/**
 * Every dead letter in the queue, in a line each, page by page: each page at
 * most `pageBytes` as JSON (a page holds at least one line), oldest failure
 * first within it (those that do not say when, first of all); SQS hands
 * messages out in no order, so pages are not. A message's body is read into
 * its line and dropped; every message read stays hidden until the last page
 * is taken (or the reader stops), and is then visible again at once.
 */
export async function* listDeadLetters(queue: DeadLetterQueue, pageBytes = deadLetterPageBytes): AsyncGenerator<DeadLetterSummary[]> {
  const read = new Map<string, string | undefined>();
  const pages = new PagesOfBytes<DeadLetterSummary>(pageBytes);
  try {
    for (;;) {
      const batch = await receive(queue, readingVisibilitySeconds, maxMessagesPerReceive);
      const fresh = batch.filter((message) => !read.has(message.MessageId ?? ''));
      for (const message of batch) read.set(message.MessageId ?? '', message.ReceiptHandle);
      for (const message of fresh) {
        const full = pages.add(summaryOf(readDeadLetter(message)));
        if (full) yield full.sort(byFailure);
      }
      if (fresh.length === 0) break;
    }
    const last = pages.rest();
    if (last.length > 0) yield last.sort(byFailure);
  } finally {
    await release(queue, read.values());
  }
}

/** One dead letter, unwrapped: the event, the consumer's record and the notifier's. */
export async function showDeadLetter(queue: DeadLetterQueue, id: string): Promise<DeadLetterMessage> {
  const { found, others } = await readQueueFor(queue, id);
  await release(queue, [...others, ...(found ? [found.ReceiptHandle] : [])]);
  if (!found) throw new DeadLetterNotFoundError(id);
  return readDeadLetter(found);
}

/** Runs one dead letter's event through the consumer that failed on it again. */
export async function redriveDeadLetter(queue: DeadLetterQueue, id: string): Promise<RedriveOutcome> {
  const { found, others } = await readQueueFor(queue, id);
  await release(queue, others);
  if (!found) throw new DeadLetterNotFoundError(id);
  await queue.sqs.send(
    new ChangeMessageVisibilityCommand({ QueueUrl: queue.queueUrl, ReceiptHandle: found.ReceiptHandle, VisibilityTimeout: redriveVisibilitySeconds }),
  );
  const outcome = await redrive(queue, found);
  if (outcome.outcome === 'kept') await release(queue, [found.ReceiptHandle]);
  return outcome;
}

/**
 * Redrives every dead letter, one at a time, whatever happens to the others,
 * and hands the outcomes over page by page as listDeadLetters does, each page
 * once its messages ran: each kept one stays hidden until the end, so the run
 * meets each message once, and is visible again for the next run.
 */
export async function* redriveEveryDeadLetter(queue: DeadLetterQueue, pageBytes = deadLetterPageBytes): AsyncGenerator<RedriveOutcome[]> {
  const outcomes = new Map<string, RedriveOutcome['outcome']>();
  const kept: Array<string | undefined> = [];
  const pages = new PagesOfBytes<RedriveOutcome>(pageBytes);
  try {
    for (;;) {
      const [message] = await receive(queue, redriveVisibilitySeconds, 1);
      if (!message) break;
      const id = message.MessageId ?? '';
      const earlier = outcomes.get(id);
      // SQS delivers at least once: a second copy of a message this run has seen is not run again.
      if (earlier === 'redriven') await remove(queue, message, { id, consumer: readDeadLetter(message).consumer });
      else if (earlier) kept.push(message.ReceiptHandle);
      else {
        const outcome = await redrive(queue, message);
        outcomes.set(outcome.id, outcome.outcome);
        if (outcome.outcome === 'kept') kept.push(message.ReceiptHandle);
        const full = pages.add(outcome);
        if (full) yield full;
      }
    }
    const last = pages.rest();
    if (last.length > 0) yield last;
  } finally {
    await release(queue, kept);
  }
}

/**
 * Invokes the consumer synchronously with the event it failed on, and deletes
 * the message once the consumer took the event in. Consumers take each event
 * once, so a redrive whose delete was lost, run again, changes nothing.
 */
async function redrive(queue: DeadLetterQueue, message: Message): Promise<RedriveOutcome> {
  const deadLetter = readDeadLetter(message);
  const named = { id: deadLetter.id, consumer: deadLetter.consumer, event_id: deadLetter.event_id };
  if (deadLetter.function_arn === null) {
    return { ...named, outcome: 'kept', error_type: 'NotRedrivable', error_message: 'The message does not say which function failed on it' };
  }
  let answer: InvokeCommandOutput;
  try {
    answer = await queue.lambda.send(
      new InvokeCommand({
        FunctionName: deadLetter.function_arn,
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(JSON.stringify(deadLetter.event ?? null)),
      }),
    );
  } catch (error) {
    // Lambda refused the call (the function is gone, a permission is missing): nothing ran.
    const { name, message: reason } = error instanceof Error ? error : new Error(String(error));
    return { ...named, outcome: 'kept', error_type: name, error_message: reason };
  }
  const payload = parseJson(answer.Payload ? new TextDecoder().decode(answer.Payload) : 'null');
  if (answer.FunctionError) {
    const { errorType, errorMessage } = (payload ?? {}) as { errorType?: string; errorMessage?: string };
    return { ...named, outcome: 'kept', error_type: errorType ?? answer.FunctionError, error_message: errorMessage ?? '' };
  }
  await remove(queue, message, named);
  return { ...named, outcome: 'redriven', result: payload };
}

async function remove(queue: DeadLetterQueue, message: Message, named: Pick<RedriveOutcome, 'id' | 'consumer'>): Promise<void> {
  try {
    await queue.sqs.send(new DeleteMessageCommand({ QueueUrl: queue.queueUrl, ReceiptHandle: message.ReceiptHandle }));
  } catch (error) {
    throw new Error(
      `${named.consumer} took dead letter ${named.id} in, but its message could not be deleted ` +
        `(${error instanceof Error ? error.message : String(error)}). It shows again later; redriving it again changes nothing.`,
    );
  }
}

async function receive(queue: DeadLetterQueue, visibilitySeconds: number, max: number): Promise<Message[]> {
  const { Messages } = await queue.sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: queue.queueUrl,
      MaxNumberOfMessages: max,
      VisibilityTimeout: visibilitySeconds,
      WaitTimeSeconds: pollSeconds,
      MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'],
      MessageAttributeNames: ['All'],
    }),
  );
  return Messages ?? [];
}

/**
 * Receives until `wanted` is found or no message is left visible: the message
 * wanted, with its latest receipt handle, and the latest receipt handles of
 * the others read (their bodies are not kept).
 */
async function readQueueFor(queue: DeadLetterQueue, wanted: string): Promise<{ found?: Message; others: Array<string | undefined> }> {
  const others = new Map<string, string | undefined>();
  for (;;) {
    const batch = await receive(queue, readingVisibilitySeconds, maxMessagesPerReceive);
    const found = batch.find((message) => message.MessageId === wanted);
    const fresh = batch.filter((message) => message !== found && !others.has(message.MessageId ?? ''));
    for (const message of batch) if (message !== found) others.set(message.MessageId ?? '', message.ReceiptHandle);
    if (found || fresh.length === 0) return { found, others: [...others.values()] };
  }
}

/**
 * Makes messages visible again at once, by their receipt handles, a few at a
 * time. One that fails is visible again anyway once its visibility timeout lapses.
 */
async function release(queue: DeadLetterQueue, receiptHandles: Iterable<string | undefined>): Promise<void> {
  const handles = [...receiptHandles];
  for (let start = 0; start < handles.length; start += releasesAtOnce) {
    await Promise.allSettled(
      handles
        .slice(start, start + releasesAtOnce)
        .map((ReceiptHandle) => queue.sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queue.queueUrl, ReceiptHandle, VisibilityTimeout: 0 }))),
    );
  }
}

/**
 * Items gathered into pages of at most `pageBytes` as a JSON array, in the
 * order added: `add` hands back the page an item no longer fits in (the item
 * starts the next), `rest` the last one. A page holds at least one item.
 */
class PagesOfBytes<T> {
  private page: T[] = [];
  private bytes = 2;

  constructor(private readonly pageBytes: number) {}

  add(item: T): T[] | undefined {
    const weight = Buffer.byteLength(JSON.stringify(item), 'utf8') + 1;
    if (this.page.length > 0 && this.bytes + weight > this.pageBytes) {
      const full = this.page;
      this.page = [item];
      this.bytes = 2 + weight;
      return full;
    }
    this.page.push(item);
    this.bytes += weight;
    return undefined;
  }

  rest(): T[] {
    const last = this.page;
    this.page = [];
    this.bytes = 2;
    return last;
  }
}

function byFailure(a: DeadLetterSummary, b: DeadLetterSummary): number {
  return (a.failed_at ?? '').localeCompare(b.failed_at ?? '') || a.id.localeCompare(b.id);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
