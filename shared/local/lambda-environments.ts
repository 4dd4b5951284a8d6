import { AsyncLocalStorage } from 'node:async_hooks';
import type { AwsLikeCounts } from './aws-like-options';

/** Any Lambda handler: the local servers pass an event and a context, and await the result. */
export type LambdaHandler = (event: unknown, context: unknown) => Promise<unknown> | unknown;

/**
 * What Lambda does to a function's execution environment between its
 * invocations, for the local runner: every invocation of a loaded handler runs
 * in a context that knows its function and whether it has returned, and the
 * service's AWS clients given to `watchClients` count their calls to it.
 *
 * - In every mode, an invocation that returns with AWS calls of its own still
 *   under way fails loudly (LeftRunningError): on Lambda those calls would be
 *   frozen with the environment and finish at its next invocation, minutes
 *   later. A call an invocation starts after it returned (from a timer it
 *   left) is logged as loudly, and counted in `callsAfterReturn`.
 * - In the AWS-like mode (`freeze` given), such a late call is held, as the
 *   frozen environment would hold it, until its function's next invocation or
 *   `freezeMs`, whichever comes first.
 */
interface LocalInvocation {
  functionName: string;
  returned: boolean;
  callsUnderWay: number;
}

const invocations = new AsyncLocalStorage<LocalInvocation>();

/** An invocation returned while calls it started were still under way: Lambda would have frozen them. */
export class LeftRunningError extends Error {
  constructor(functionName: string, underWay: number) {
    super(
      `${functionName} returned with ${underWay} AWS call(s) of its own still under way: on Lambda they would be frozen ` +
        'with the environment and finish at its next invocation. Await every call before the handler returns.',
    );
    this.name = 'LeftRunningError';
  }
}

/** A client the runner watches (an AWS SDK v3 client's middleware stack). */
interface ClientWithMiddleware {
  middlewareStack: {
    add(middleware: any, options: any): void;
    remove(name: string): boolean;
  };
}

export interface LambdaEnvironments {
  /** The handler, each of whose invocations is watched (and thaws what its function's earlier ones left frozen). */
  invocationsOf(functionName: string, handler: LambdaHandler): LambdaHandler;
  /** Counts the calls of `clients` to the invocation that makes them, and holds late ones in the AWS-like mode; returns the detach. */
  watchClients(clients: ClientWithMiddleware[]): () => void;
  /** Calls started by an invocation that had already returned, so far. */
  readonly callsAfterReturn: number;
  /** Lets every held call go (the stack is closing: nothing will invoke the functions again). */
  close(): void;
}

let environmentsMade = 0;

/** The local runner's environments: `freeze` when the AWS-like mode is on. */
export function lambdaEnvironments(freeze?: { freezeMs: number; counts: Pick<AwsLikeCounts, 'callsFrozen'> }): LambdaEnvironments {
  const middlewareName = `lambdaClock${(environmentsMade += 1)}`;
  const frozen = new Map<string, Set<() => void>>();
  let callsAfterReturn = 0;
  const thaw = (functionName: string) => {
    for (const release of frozen.get(functionName) ?? []) release();
    frozen.delete(functionName);
  };
  const heldUntilThawed = (functionName: string) =>
    new Promise<void>((resolve) => {
      const waiting = frozen.get(functionName) ?? new Set();
      frozen.set(functionName, waiting);
      const timer = freeze && freeze.freezeMs > 0 ? setTimeout(release, freeze.freezeMs) : undefined;
      function release() {
        clearTimeout(timer);
        waiting.delete(release);
        resolve();
      }
      waiting.add(release);
    });
  return {
    invocationsOf: (functionName, handler) => async (event, context) => {
      thaw(functionName);
      const invocation: LocalInvocation = { functionName, returned: false, callsUnderWay: 0 };
      try {
        return await invocations.run(invocation, async () => handler(event, context));
      } finally {
        invocation.returned = true;
        if (invocation.callsUnderWay > 0) {
          const error = new LeftRunningError(functionName, invocation.callsUnderWay);
          console.error(error.message);
          // The invocation's own outcome is moot: it left work running.
          throw error;
        }
      }
    },
    watchClients(clients) {
      for (const client of clients) {
        client.middlewareStack.add(
          (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
            const invocation = invocations.getStore();
            if (!invocation) return next(args);
            if (invocation.returned) {
              callsAfterReturn += 1;
              console.error(`${invocation.functionName} started ${context.commandName ?? 'an AWS call'} after it returned: Lambda would have frozen it`);
            }
            invocation.callsUnderWay += 1;
            try {
              return await next(args);
            } finally {
              invocation.callsUnderWay -= 1;
            }
          },
          { step: 'initialize', priority: 'high', name: `${middlewareName}Calls` },
        );
        if (freeze) {
          client.middlewareStack.add(
            (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
              const invocation = invocations.getStore();
              if (invocation?.returned) {
                freeze.counts.callsFrozen += 1;
                await heldUntilThawed(invocation.functionName);
              }
              return next(args);
            },
            // Each attempt: a retry's pause that ends after the return is held too.
            { step: 'finalizeRequest', priority: 'high', name: `${middlewareName}Freeze` },
          );
        }
      }
      return () => {
        for (const client of clients) {
          client.middlewareStack.remove(`${middlewareName}Calls`);
          client.middlewareStack.remove(`${middlewareName}Freeze`);
        }
      };
    },
    get callsAfterReturn() {
      return callsAfterReturn;
    },
    close() {
      for (const functionName of [...frozen.keys()]) thaw(functionName);
    },
  };
}
