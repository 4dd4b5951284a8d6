import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { S3ServiceException } from '@aws-sdk/client-s3';
import type { InitializeMiddleware } from '@smithy/types';
import { dynamo } from '../../shared/db/client';
import { s3 } from '../../shared/s3/client';

/**
 * Faults DynamoDB Local never produces, injected by a middleware on the
 * document client (a mock, and a test using it says so in its name): the first
 * `times` sends of `commandName` whose input mentions `naming` fail with
 * `error()`. Every fault a test injected is removed after the test.
 */
export function failFirstSends(commandName: string, naming: string, times: number, error: () => Error): { sent: number } {
  return failFirst('dynamodb', (command, input) => command === commandName && input.includes(naming), times, error);
}

/**
 * Overlapping runs, as a schedule makes them on AWS (it fires whether or not
 * the last run ended): the answers of `commandName` sends mentioning `naming`
 * are held, in arrival order, until `parties` of them have been answered (at
 * most `maxWaitMs`), so every run reads what the others read before any of
 * them writes. A timing the emulator never has, set with a client middleware (mocked).
 */
export function answeredTogether(commandName: string, naming: string, parties = 2, maxWaitMs = 2_000): { held: number } {
  const seen = { held: 0 };
  let waiting: Array<() => void> = [];
  const name = `together-${commandName}-${(injected += 1)}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== commandName || !JSON.stringify(args.input).includes(naming)) return next(args);
      const answer = await next(args);
      seen.held += 1;
      if (waiting.length + 1 >= parties) {
        waiting.splice(0).forEach((release) => release());
        return answer;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting = waiting.filter((release) => release !== go);
          resolve();
        }, maxWaitMs);
        const go = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.push(go);
      });
      return answer;
    },
    { step: 'initialize', name },
  );
  installed.push(name);
  return seen;
}

/**
 * Answers lost on the way back, which DynamoDB Local never loses: the first
 * `times` sends of `commandName` whose input mentions `naming` reach the
 * table, and then fail as a reset connection does, inside the SDK's retries,
 * so the SDK sends the same request again (mocked).
 */
export function loseFirstAnswers(commandName: string, naming: string, times: number): { lost: number } {
  const seen = { lost: 0 };
  const name = `lost-answer-${(injected += 1)}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const answer = await next(args);
      if (context.commandName !== commandName || !JSON.stringify(args.input).includes(naming) || seen.lost >= times) return answer;
      seen.lost += 1;
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    },
    { step: 'deserialize', name },
  );
  installed.push(name);
  return seen;
}

/**
 * A change committed at a chosen moment of another call, which a test cannot
 * time from outside: `action` runs once, and finishes, just before the first
 * send of `commandName` whose input mentions `naming` (mocked).
 */
export function beforeFirstSend(commandName: string, naming: string, action: () => Promise<unknown>): { ran: boolean } {
  const seen = { ran: false };
  const name = `before-first-${(injected += 1)}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (seen.ran || context.commandName !== commandName || !JSON.stringify(args.input).includes(naming)) return next(args);
      seen.ran = true;
      await action();
      return next(args);
    },
    { step: 'initialize', name },
  );
  installed.push(name);
  return seen;
}

/**
 * The S3 client's counterpart of failFirstSends, for faults s3rver never
 * answers (throttling, a 503): the first `times` sends whose input mentions
 * `naming` fail with `error()`, as if the SDK's retries were spent (mocked).
 */
export function failFirstS3Sends(naming: string, times: number, error: () => Error): { sent: number } {
  return failFirst('s3', (_command, input) => input.includes(naming), times, error);
}

/** The first `times` sends of the client that `matches` fail with `error()`; counted in what it returns. */
function failFirst(client: Client, matches: (commandName: string, input: string) => boolean, times: number, error: () => Error): { sent: number } {
  const seen = { sent: 0 };
  const name = `injected-${client}-${(injected += 1)}`;
  const failing: InitializeMiddleware<any, any> = (next, context) => async (args) => {
    if (!matches(context.commandName ?? '', JSON.stringify(args.input))) return next(args);
    seen.sent += 1;
    if (seen.sent <= times) throw error();
    return next(args);
  };
  if (client === 's3') s3().middlewareStack.add(failing, { step: 'initialize', name });
  else dynamo().middlewareStack.add(failing, { step: 'initialize', name });
  (client === 's3' ? installedOnS3 : installed).push(name);
  return seen;
}

type Client = 'dynamodb' | 's3';

let injected = 0;
const installed: string[] = [];
const installedOnS3: string[] = [];

/** Removes every fault injected so far, e.g. to read back what a faulty call left; after each test it runs by itself. */
export function removeInjectedFaults(): void {
  installed.splice(0).forEach((name) => dynamo().middlewareStack.remove(name));
  installedOnS3.splice(0).forEach((name) => s3().middlewareStack.remove(name));
}
afterEach(removeInjectedFaults);

/** A single write that met a transaction in flight on its item. */
export const transactionInFlight = () => new TransactionConflictException({ message: 'Transaction is ongoing for the item', $metadata: {} });

/** A transaction cancelled with these reasons, one per item. */
export const cancelledFor = (...codes: string[]) => () =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

/** S3's 503 SlowDown: its request rate on a prefix was exceeded. */
export const slowDown = () =>
  new S3ServiceException({ name: 'SlowDown', $fault: 'server', message: 'Please reduce your request rate.', $metadata: { httpStatusCode: 503 } });
