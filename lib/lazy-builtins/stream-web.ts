/**
 * `node:stream/web` for the bundles, loaded when first used. @middy/core
 * imports `ReadableStream` only to test a streamed response's body with
 * `instanceof`, and no route streams; importing the module at the top costs
 * every cold start its eight internal modules (lib/lambda-bundle.ts).
 */
export const ReadableStream = {
  [Symbol.hasInstance]: (value: unknown): boolean => value instanceof process.getBuiltinModule('node:stream/web').ReadableStream,
};
