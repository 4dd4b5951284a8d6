import type { pipeline as nodePipeline } from 'node:stream/promises';

/**
 * `node:stream/promises` for the bundles, loaded when first used. @middy/core
 * imports `pipeline` only to send a streamed response, and no route streams
 * (lib/lambda-bundle.ts).
 */
export const pipeline: typeof nodePipeline = ((...streams: Parameters<typeof nodePipeline>) =>
  process.getBuiltinModule('node:stream/promises').pipeline(...streams)) as typeof nodePipeline;
