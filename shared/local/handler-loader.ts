import { join } from 'node:path';
import type { LambdaEnvironments, LambdaHandler } from './lambda-environments';
import { projectRoot } from './project-root';


/** Loads the `handler` export of a function's entry file, by function name. */
export type HandlerLoader = (name: string) => Promise<LambdaHandler>;

/** The folder under `functions/` that holds each kind's entry files. */
const entryFolders = { http: 'http', operator: 'operator', background: 'background', consumer: 'consumers' } as const;

export type FunctionKind = keyof typeof entryFolders;

/**
 * A loader of the entry files in `functions/<folder of kind>/<name>.ts`: the very
 * modules the Lambdas are bundled from. Each module is imported once, on first
 * use, like a Lambda cold start; its module-scope clients then serve every later call.
 * With `environments`, each invocation is watched as Lambda's clock would treat it
 * (shared/local/lambda-environments.ts).
 */
export function entryFileLoader(kind: FunctionKind, environments?: LambdaEnvironments): HandlerLoader {
  const cache = new Map<string, Promise<LambdaHandler>>();
  return (name) => {
    let loading = cache.get(name);
    if (!loading) {
      loading = importHandler(join(projectRoot(), 'functions', entryFolders[kind], `${name}.ts`)).then((handler) =>
        environments ? environments.invocationsOf(name, handler) : handler,
      );
      // A failed import (say, a syntax error being fixed) is retried on the next call.
      loading.catch(() => cache.delete(name));
      cache.set(name, loading);
    }
    return loading;
  };
}

async function importHandler(file: string): Promise<LambdaHandler> {
  // An absolute path: tsx resolves it as ESM, jest's CommonJS transform as a require.
  const loaded = (await import(file)) as { handler?: unknown; default?: { handler?: unknown } };
  const handler = loaded.handler ?? loaded.default?.handler;
  if (typeof handler !== 'function') throw new Error(`${file} does not export a handler function`);
  return handler as LambdaHandler;
}
