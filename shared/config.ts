import * as z from 'zod/mini';
import { ValidationError } from './domain/errors';
import type { TokenKeys } from './domain/page-token';
import type { OrgRateLimit } from './http/org-rate-limit';
import { validate } from './domain/validation';

/**
 * Runtime settings of every Lambda and of the local server, read once from the
 * environment on first use (never at import time, so the CDK app and tests can
 * import route modules without a configured environment).
 *
 * Endpoints are not settings here: the AWS SDK reads AWS_ENDPOINT_URL_DYNAMODB
 * and AWS_ENDPOINT_URL_S3 itself, which is how the local stack points the very
 * same handlers at DynamoDB Local and the S3-compatible server.
 */
/**
 * EXPORT_SETTLE_MS on AWS: the longest deadline of a function that records events (30 s,
 * the consumers'; routes stop sooner) plus 15 s for the write to reach the ledger's
 * indexes (AWS says within a second: re:Post, "dynamodb-missing-table-items-gsi").
 */
export const awsExportSettleMs = 45_000;

const environmentSchema = z.object({
  TABLE_NAME: z.string().check(z.minLength(3)),
  BUCKET_NAME: z.optional(z.string().check(z.minLength(3))),
  /** Secret the pagination tokens are sealed with (encrypted and authenticated); at least 32 characters. */
  TOKEN_SIGNING_KEY: z.string().check(z.minLength(32)),
  /** The secret TOKEN_SIGNING_KEY replaced at the last rotation: it still opens the tokens it sealed. */
  TOKEN_SIGNING_KEY_PREVIOUS: z.optional(z.string().check(z.minLength(32))),
  /** Semantic version of the deployed package, e.g. "0.1.0". */
  BUILD_VERSION: z.string().check(z.regex(/^\d+\.\d+\.\d+/)),
  /** Identifies the build: a commit, a synth timestamp, or "local". */
  BUILD_ID: z.string().check(z.minLength(1)),
  /** s3rver and other S3-compatible servers need path-style addressing. */
  S3_FORCE_PATH_STYLE: z._default(z.enum(['true', 'false']), 'false'),
  /** The export worker Lambda, for the functions that start an export build. */
  EXPORT_WORKER_FUNCTION_NAME: z.optional(z.string().check(z.minLength(1))),
  /** The consumers' dead-letter queue, for the usage meter aggregator's batches too large for Lambda's failure record. */
  DEAD_LETTER_QUEUE_URL: z.optional(z.string().check(z.minLength(1))),
  /** The EventBridge bus the service publishes its own events to. */
  EVENT_BUS_NAME: z._default(z.string().check(z.minLength(1)), 'default'),
  /** Calls one organisation may make per second in one function environment (docs/decisions.md: Per-organisation limit)... */
  ORG_RATE_LIMIT_PER_SECOND: z._default(z.coerce.number().check(z.positive(), z.maximum(1_000_000)), 100),
  /** ...and at once, after a quiet spell. */
  ORG_RATE_LIMIT_BURST: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 200),
  /** Most events in one export batch; larger windows split into several batches. */
  EXPORT_BATCH_SIZE: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 10_000),
  /**
   * How long after an export's cutoff its window is read (docs/decisions.md: Exports): on AWS
   * the longest deadline of a function that records events, plus index propagation
   * (test/unit/export-settle.test.ts holds the default to the registries).
   */
  EXPORT_SETTLE_MS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(15 * 60_000)), awsExportSettleMs),
});

export type ServiceConfig = {
  tableName: string;
  bucketName: string | undefined;
  tokenKeys: TokenKeys;
  build: { build_major: string; build_minor: string; build_id: string };
  s3ForcePathStyle: boolean;
  exportWorkerFunctionName: string | undefined;
  deadLetterQueueUrl: string | undefined;
  eventBusName: string;
  exportBatchSize: number;
  exportSettleMs: number;
  orgRateLimit: OrgRateLimit;
};

let cached: ServiceConfig | undefined;

export function serviceConfig(): ServiceConfig {
  if (cached) return cached;
  const parsed = validate(environmentSchema, process.env, 'environment');
  if (!parsed.success) throw new ValidationError(parsed.issues, 'invalid_configuration');
  const env = parsed.data;
  const [major = '0', minor = '0'] = env.BUILD_VERSION.split('.');
  cached = {
    tableName: env.TABLE_NAME,
    bucketName: env.BUCKET_NAME,
    tokenKeys: { current: env.TOKEN_SIGNING_KEY, previous: env.TOKEN_SIGNING_KEY_PREVIOUS },
    build: { build_major: major, build_minor: minor, build_id: env.BUILD_ID },
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    exportWorkerFunctionName: env.EXPORT_WORKER_FUNCTION_NAME,
    deadLetterQueueUrl: env.DEAD_LETTER_QUEUE_URL,
    eventBusName: env.EVENT_BUS_NAME,
    exportBatchSize: env.EXPORT_BATCH_SIZE,
    exportSettleMs: env.EXPORT_SETTLE_MS,
    orgRateLimit: { perSecond: env.ORG_RATE_LIMIT_PER_SECOND, burst: env.ORG_RATE_LIMIT_BURST },
  };
  return cached;
}

/** Names of the environment variables the stack and the local server must set. */
export const environmentVariableNames = Object.keys(environmentSchema.shape) as Array<
  keyof z.infer<typeof environmentSchema>
>;
