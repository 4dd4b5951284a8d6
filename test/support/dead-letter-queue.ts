import { localApiClientConfig } from '../../shared/local/environment';
import { type DeadLetterQueue, closeDeadLetterQueue, openDeadLetterQueue } from '../../shared/operators/dead-letter-redrive';
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
