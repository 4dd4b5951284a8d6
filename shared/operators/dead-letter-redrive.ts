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

/** Every dead letter in the queue, in a line each, oldest failure first (those that do not say when, first of all). */
export async function listDeadLetters(queue: DeadLetterQueue): Promise<DeadLetterSummary[]> {
  const read = await readQueue(queue);
  await release(queue, read.values());
  return [...read.values()].map((message) => summaryOf(readDeadLetter(message))).sort(byFailure);
}

/** One dead letter, unwrapped: the event, the consumer's record and the notifier's. */
export async function showDeadLetter(queue: DeadLetterQueue, id: string): Promise<DeadLetterMessage> {
  const read = await readQueue(queue, id);
  await release(queue, read.values());
  const message = read.get(id);
  if (!message) throw new DeadLetterNotFoundError(id);
  return readDeadLetter(message);
}

/** Runs one dead letter's event through the consumer that failed on it again. */
export async function redriveDeadLetter(queue: DeadLetterQueue, id: string): Promise<RedriveOutcome> {
  const read = await readQueue(queue, id);
  const message = read.get(id);
  read.delete(id);
  await release(queue, read.values());
  if (!message) throw new DeadLetterNotFoundError(id);
  await queue.sqs.send(
    new ChangeMessageVisibilityCommand({ QueueUrl: queue.queueUrl, ReceiptHandle: message.ReceiptHandle, VisibilityTimeout: redriveVisibilitySeconds }),
  );
  const outcome = await redrive(queue, message);
  if (outcome.outcome === 'kept') await release(queue, [message]);
  return outcome;
}

/**
 * Redrives every dead letter, one at a time, whatever happens to the others:
 * each kept one stays hidden until the end, so the run meets each message
 * once, and is visible again for the next run.
 */
export async function redriveEveryDeadLetter(queue: DeadLetterQueue): Promise<RedriveOutcome[]> {
  const outcomes = new Map<string, RedriveOutcome>();
  const kept: Message[] = [];
  try {
    for (;;) {
      const [message] = await receive(queue, redriveVisibilitySeconds, 1);
      if (!message) break;
      const earlier = outcomes.get(message.MessageId ?? '');
      // SQS delivers at least once: a second copy of a message this run has seen is not run again.
      if (earlier?.outcome === 'redriven') await remove(queue, message, earlier);
      else if (earlier) kept.push(message);
      else {
        const outcome = await redrive(queue, message);
        outcomes.set(outcome.id, outcome);
        if (outcome.outcome === 'kept') kept.push(message);
      }
    }
  } finally {
    await release(queue, kept);
  }
  return [...outcomes.values()];
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

/** Receives until no message is left visible, or until `wanted` is found; by message id, with its latest receipt handle. */
async function readQueue(queue: DeadLetterQueue, wanted?: string): Promise<Map<string, Message>> {
  const read = new Map<string, Message>();
  for (;;) {
    const batch = await receive(queue, readingVisibilitySeconds, maxMessagesPerReceive);
    const fresh = batch.filter((message) => !read.has(message.MessageId ?? ''));
    for (const message of batch) read.set(message.MessageId ?? '', message);
    if (fresh.length === 0 || (wanted !== undefined && read.has(wanted))) return read;
  }
}

/** Makes messages visible again at once. One that fails is visible again anyway once its visibility timeout lapses. */
async function release(queue: DeadLetterQueue, messages: Iterable<Message>): Promise<void> {
  await Promise.allSettled(
    [...messages].map((message) =>
      queue.sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queue.queueUrl, ReceiptHandle: message.ReceiptHandle, VisibilityTimeout: 0 })),
    ),
  );
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
