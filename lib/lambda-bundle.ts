/**
 * How every Lambda is bundled, in the terms of NodejsFunction's BundlingOptions:
 * the stack hands it to NodejsFunction, and the benchmark translates it to
 * esbuild options to build the very same bundles.
 */
export const lambdaBundle = {
  minify: true,
  sourceMap: false,
  format: 'esm',
  // Runs on nodejs24.x; node20 keeps the bundle loadable by the Node 20 the local stack uses.
  target: 'node20',
  mainFields: ['module', 'main'],
  // CommonJS dependencies bundled into ESM still call `require` for Node built-ins.
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  // @middy/core imports two built-ins only a streamed response uses (no route streams): loading them at every cold
  // start cost about 1 ms of a 35 ms import. These stand-ins load each on its first use; paths are from the project root.
  esbuildArgs: {
    '--alias': ['node:stream/web=./lib/lazy-builtins/stream-web.ts', 'node:stream/promises=./lib/lazy-builtins/stream-promises.ts'],
  },
} as const;
