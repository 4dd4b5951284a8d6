import type { Context } from 'aws-lambda';
import { type ChainStep, HandlerTimeoutError, chainedHandler } from '../../shared/http/call-chain';

/**
 * The route chain keeps middy's semantics (shared/http/call-chain.ts): these
 * are the ones the HTTP chain relies on, and the test held middy to them too.
 */
type Step = ChainStep<string, string, Context>;

const context = (remainingMs?: number) => (remainingMs === undefined ? {} : { getRemainingTimeInMillis: () => remainingMs }) as Context;

function tracing(name: string, seen: string[], hooks: Partial<Record<keyof Step, (request: Parameters<NonNullable<Step['before']>>[0]) => void>> = {}): Step {
  return {
    before: (request) => {
      seen.push(`${name}.before`);
      hooks.before?.(request);
    },
    after: (request) => {
      seen.push(`${name}.after:${request.response}`);
      hooks.after?.(request);
    },
    onError: (request) => {
      seen.push(`${name}.onError:${(request.error as Error).message}`);
      hooks.onError?.(request);
    },
  };
}

describe('the route chain', () => {
  it('runs the befores in order, the handler, then the afters in reverse order, each after seeing the answer so far', async () => {
    const seen: string[] = [];
    const handler = chainedHandler(
      [tracing('outer', seen, { after: (request) => (request.response = `${request.response}+outer`) }), tracing('inner', seen)],
      async (event) => {
        seen.push(`handler:${event}`);
        return 'data';
      },
    );

    const answer = await handler('event', context());

    expect(answer).toBe('data+outer');
    expect(seen).toEqual(['outer.before', 'inner.before', 'handler:event', 'inner.after:data', 'outer.after:data']);
  });

  it('runs every onError in reverse order instead of what is left, when a before throws; the answer is the one an onError set', async () => {
    const seen: string[] = [];
    const handler = chainedHandler(
      [
        tracing('outer', seen),
        tracing('envelope', seen, { onError: (request) => (request.response = `error:${(request.error as Error).message}`) }),
        tracing('auth', seen, {
          before: () => {
            throw new Error('refused');
          },
        }),
        tracing('validation', seen),
      ],
      async () => {
        seen.push('handler');
        return 'data';
      },
    );

    const answer = await handler('event', context());

    expect(answer).toBe('error:refused');
    expect(seen).toEqual([
      'outer.before',
      'envelope.before',
      'auth.before',
      'validation.onError:refused',
      'auth.onError:refused',
      'envelope.onError:refused',
      'outer.onError:refused',
    ]);
  });

  it('drops the answer an after made before it threw, and throws the error on when no onError answers it', async () => {
    const seen: string[] = [];
    const handler = chainedHandler(
      [
        tracing('outer', seen, { onError: (request) => seen.push(`outer saw response ${String(request.response)}`) }),
        tracing('inner', seen, {
          after: (request) => {
            request.response = 'half-made';
            throw new Error('after failed');
          },
        }),
      ],
      async () => 'data',
    );

    await expect(handler('event', context())).rejects.toThrow('after failed');
    expect(seen).toContain('outer saw response undefined');
  });

  it('gives up a handler still running 5 ms before the function times out, and answers its error through the onErrors', async () => {
    const handler = chainedHandler<string, string, Context>(
      [
        {
          onError: (request) => {
            request.response = `${(request.error as Error).name}: ${(request.error as Error).message}`;
          },
        },
      ],
      () => new Promise((resolve) => setTimeout(() => resolve('too late'), 1_000)),
    );

    const started = Date.now();
    const answer = await handler('event', context(60));

    expect(answer).toBe('TimeoutError: [AbortError]: The operation was aborted.');
    expect(Date.now() - started).toBeLessThan(500);
    expect(new HandlerTimeoutError()).toBeInstanceOf(Error);
  });

  it('waits for the handler however long it takes when the context gives no remaining time (a test or local call)', async () => {
    const handler = chainedHandler<string, string, Context>([], () => new Promise((resolve) => setTimeout(() => resolve('done'), 20)));

    await expect(handler('event', context())).resolves.toBe('done');
  });
});
