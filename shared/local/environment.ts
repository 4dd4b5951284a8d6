import { randomBytes } from 'node:crypto';
import { exportWorkerFunctionName } from '../routes/background-registry';
import { packageVersion } from './project-root';

/** Region every local client and the local Lambda ARNs use. */
export const localRegion = 'us-east-1';

/** Account id in the local ARNs and API Gateway request contexts. */
export const localAccountId = '000000000000';

/**
 * Credentials of every local client. s3rver only accepts its built-in account
 * (S3RVER/S3RVER); DynamoDB Local accepts any pair, so one pair serves both.
 */
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * How a client reaches the local server's AWS APIs (Lambda Invoke,
 * EventBridge, SQS): one attempt, so a failure shows at once rather than after
 * the SDK's retries against a server that answers the same way every time.
 */
export function localApiClientConfig(endpoint: string, region: string = localRegion) {
  return { endpoint, region, credentials: localCredentials, maxAttempts: 1 };
}

/** What the handlers need to know about the local backing services. */
export interface LocalEnvironmentInput {
  tableName: string;
  bucketName: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  tokenSigningKey: string;
}

/**
 * The environment the very same handler modules read in Lambda (shared/config.ts),
 * pointed at the local services. The SDK itself reads the AWS_ENDPOINT_URL_*
 * variables, so no handler code knows it runs locally.
 */
export function localEnvironment(input: LocalEnvironmentInput): Record<string, string> {
  return {
    TABLE_NAME: input.tableName,
    BUCKET_NAME: input.bucketName,
    TOKEN_SIGNING_KEY: input.tokenSigningKey,
    BUILD_VERSION: packageVersion(),
    BUILD_ID: 'local',
    S3_FORCE_PATH_STYLE: 'true',
    EXPORT_WORKER_FUNCTION_NAME: exportWorkerFunctionName,
    // The local server prints one readable line per request instead of the functions' JSON lines.
    ACCOUNTING_LOG_LINES: 'off',
    // One process serves every call here, as one function environment would serve them all: the
    // per-organisation limit (deployed: per environment) is set above what the tests and benches send.
    ORG_RATE_LIMIT_PER_SECOND: '10000',
    ORG_RATE_LIMIT_BURST: '10000',
    // DynamoDB Local updates its indexes with the write and the local functions have no deadline to
    // wait out: an export's window is settled at its cutoff (a mode with injected index lag sets more).
    EXPORT_SETTLE_MS: '0',
    AWS_ENDPOINT_URL_DYNAMODB: input.dynamodbEndpoint,
    AWS_ENDPOINT_URL_S3: input.s3Endpoint,
    AWS_REGION: localRegion,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
  };
}

/**
 * Sets the variables on this process. Real AWS settings that would otherwise
 * leak into the local clients (a session token, a profile) are removed: the local
 * stack must never sign with, or reach, a real account.
 */
export function applyEnvironment(variables: Record<string, string>): void {
  for (const name of ['AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_DEFAULT_PROFILE']) delete process.env[name];
  Object.assign(process.env, variables);
}

/** A fresh random token-signing key (64 hex characters, above the 32 config asks). */
export function randomSigningKey(): string {
  return randomBytes(32).toString('hex');
}

/** Names of the local table and bucket (valid AWS names: DynamoDB Local checks them like AWS). */
export const localResourceNames = { tableName: 'accounting-local', bucketName: 'accounting-local' } as const;

/** The local consumers' dead-letter queue, served on the local AWS API endpoint. */
export const localDeadLetterQueueName = 'accounting-local-dead-letters';
