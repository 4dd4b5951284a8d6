import { randomBytes } from 'node:crypto';
import type { OrgRateLimit } from '../domain/org-rate';
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
  /** The per-organisation limit; `unrefusedOrgRateLimit` unless given (`npm start -- --rate-limit`). */
  orgRateLimit?: OrgRateLimit;
}

/**
 * The local stack's per-organisation limit unless one is asked for. One process
 * serves every call here, as one function environment would serve them all, so
 * the limit (deployed: shared by every environment) is set above what the tests
 * and benches send.
 */
export const unrefusedOrgRateLimit: OrgRateLimit = { perSecond: 10_000, burst: 10_000 };

/**
 * The limit `npm start` runs with: `--rate-limit PER_SECOND/BURST` (`20/40` is
 * dev's and staging's, so a client's 429s show locally), else
 * `ORG_RATE_LIMIT_PER_SECOND` and `ORG_RATE_LIMIT_BURST` from the shell, else
 * `unrefusedOrgRateLimit`. A burst left out is twice the rate, as every deployed
 * environment has it. Throws a message for the terminal when a figure is not one
 * the service takes.
 */
export function localOrgRateLimit(flag: string | undefined, variables: Record<string, string | undefined>): OrgRateLimit {
  const [perSecondText, burstText, ...extra] =
    flag !== undefined ? flag.split('/') : [variables.ORG_RATE_LIMIT_PER_SECOND, variables.ORG_RATE_LIMIT_BURST].map((value) => value?.trim() || undefined);
  if (flag === undefined && perSecondText === undefined && burstText === undefined) return unrefusedOrgRateLimit;
  const figure = (text: string | undefined) => (text?.trim() ? Number(text) : Number.NaN);
  const perSecond = figure(perSecondText);
  const burst = burstText === undefined ? 2 * perSecond : figure(burstText);
  const valid = extra.length === 0 && perSecond > 0 && perSecond <= 1_000_000 && Number.isInteger(burst) && burst >= 1 && burst <= 1_000_000;
  if (!valid) {
    const asked = flag !== undefined ? `--rate-limit ${flag}` : `ORG_RATE_LIMIT_PER_SECOND=${perSecondText ?? ''} ORG_RATE_LIMIT_BURST=${burstText ?? ''}`;
    throw new Error(`${asked}: the limit is calls a second (above 0, fractions allowed) and a burst (a whole number from 1), e.g. --rate-limit 20/40`);
  }
  return { perSecond, burst };
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
    ORG_RATE_LIMIT_PER_SECOND: String((input.orgRateLimit ?? unrefusedOrgRateLimit).perSecond),
    ORG_RATE_LIMIT_BURST: String((input.orgRateLimit ?? unrefusedOrgRateLimit).burst),
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
