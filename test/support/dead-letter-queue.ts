import { localApiClientConfig } from '../../shared/local/environment';
import type { DeadLetterSummary } from '../../shared/operators/dead-letter-messages';
import {
  type DeadLetterQueue,
  type RedriveOutcome,
  closeDeadLetterQueue,
  listDeadLetters,
  openDeadLetterQueue,
  redriveEveryDeadLetter,
} from '../../shared/operators/dead-letter-redrive';
import type { LocalApi } from './local-api';

/**
 * The file's local dead-letter queue as the admin CLI reaches it (the SQS and
 * Lambda clients at the local server's endpoint): opened once the stack of
 * `useStack()` runs, released after the file's tests.
 */
export function useDeadLetterQueue(stack: { readonly api: LocalApi }): { readonly queue: DeadLetterQueue } {
  let queue: DeadLetterQueue | undefined;
  beforeAll(() => {
    queue = openDeadLetterQueue(stack.api.deadLetterQueueUrl, localApiClientConfig(stack.api.invokeUrl));
  });
  afterAll(() => {
    if (queue) closeDeadLetterQueue(queue);
  });
  return {
    get queue(): DeadLetterQueue {
      if (!queue) throw new Error('the dead-letter queue opens in beforeAll: read it inside a test or hook');
      return queue;
    },
  };
}

/** Every page of an answer that comes in pages, each page as it came. */
export async function pagesOf<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const taken: T[][] = [];
  for await (const page of pages) taken.push(page);
  return taken;
}

/** Every dead letter in the queue: all the pages listDeadLetters answers, as one list. */
export async function everyDeadLetter(queue: DeadLetterQueue): Promise<DeadLetterSummary[]> {
  return (await pagesOf(listDeadLetters(queue))).flat();
}

/** Every outcome of a redrive of the whole queue: all its pages, as one list. */
export async function redriveEvery(queue: DeadLetterQueue, pageBytes?: number): Promise<RedriveOutcome[]> {
  return (await pagesOf(redriveEveryDeadLetter(queue, pageBytes))).flat();
}
