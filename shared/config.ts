import { z } from 'zod';

/**
 * Runtime settings of every Lambda and of the local server, read once from the
 * environment on first use (never at import time, so the CDK app and tests can
 * import route modules without a configured environment).
 *
 * Endpoints are not settings here: the AWS SDK reads AWS_ENDPOINT_URL_DYNAMODB
 * and AWS_ENDPOINT_URL_S3 itself, which is how the local stack points the very
 * same handlers at DynamoDB Local and the S3-compatible server.
 */
const environmentSchema = z.object({
  TABLE_NAME: z.string().min(3),
  BUCKET_NAME: z.string().min(3).optional(),
  /** HMAC key that signs pagination tokens; at least 32 characters. */
  TOKEN_SIGNING_KEY: z.string().min(32),
  /** Semantic version of the deployed package, e.g. "0.1.0". */
  BUILD_VERSION: z.string().regex(/^\d+\.\d+\.\d+/),
  /** Identifies the build: a commit, a synth timestamp, or "local". */
  BUILD_ID: z.string().min(1),
  /** s3rver and other S3-compatible servers need path-style addressing. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** The export worker Lambda, for the functions that start an export build. */
  EXPORT_WORKER_FUNCTION_NAME: z.string().min(1).optional(),
  /** The EventBridge bus the service publishes its own events to. */
  EVENT_BUS_NAME: z.string().min(1).default('default'),
  /** Most events in one export batch; larger windows split into several batches. */
  EXPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
});

export type ServiceConfig = {
  tableName: string;
  bucketName: string | undefined;
  tokenSigningKey: string;
  build: { build_major: string; build_minor: string; build_id: string };
  s3ForcePathStyle: boolean;
  exportWorkerFunctionName: string | undefined;
  eventBusName: string;
  exportBatchSize: number;
};

let cached: ServiceConfig | undefined;

export function serviceConfig(): ServiceConfig {
  if (cached) return cached;
  const env = environmentSchema.parse(process.env);
  const [major = '0', minor = '0'] = env.BUILD_VERSION.split('.');
  cached = {
    tableName: env.TABLE_NAME,
    bucketName: env.BUCKET_NAME,
    tokenSigningKey: env.TOKEN_SIGNING_KEY,
    build: { build_major: major, build_minor: minor, build_id: env.BUILD_ID },
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    exportWorkerFunctionName: env.EXPORT_WORKER_FUNCTION_NAME,
    eventBusName: env.EVENT_BUS_NAME,
    exportBatchSize: env.EXPORT_BATCH_SIZE,
  };
  return cached;
}

/** Names of the environment variables the stack and the local server must set. */
export const environmentVariableNames = Object.keys(environmentSchema.shape) as Array<
  keyof z.infer<typeof environmentSchema>
>;
