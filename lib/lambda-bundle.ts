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
} as const;
