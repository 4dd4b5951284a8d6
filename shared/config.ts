import { ValidationError, type ValidationIssue } from './domain/errors';
import type { TokenKeys } from './domain/page-token';
import type { OrgRateLimit } from './domain/org-rate';

/**
 * EXPORT_SETTLE_MS on AWS: the longest deadline of a function that records events (30 s,
 * the consumers'; routes stop sooner) plus 5 s for the clocks of the function that stamped
 * an event and of the worker to disagree. The ledger is read consistently from the table
 * (docs/decisions.md: Acknowledged writes are listed), so no index propagation is waited for.
 */
export const awsExportSettleMs = 35_000;

/**
 * How one variable is read: its value, or what is wrong with it, worded as the API words a request's
 * issues (shared/domain/validation.ts). Plain functions rather than a zod schema: building the schema's
 * 41 parts cost every function about 1 ms of its cold start (docs/decisions.md: Performance), for 14
 * strings read once.
 */
type VariableReader<T> = (text: string | undefined) => { value: T } | { issue: string };

const required = { issue: 'Required' } as const;

function text(minLength: number, pattern?: RegExp): VariableReader<string> {
  return (value) => {
    if (value === undefined) return required;
    if (value.length < minLength) return { issue: `String must contain at least ${minLength} character(s)` };
    if (pattern && !pattern.test(value)) return { issue: 'Invalid' };
    return { value };
  };
}

/** The current key, then the one it replaced at the last rotation, if any, comma-separated: each at least `minLength` characters. */
function keys(minLength: number): VariableReader<TokenKeys> {
  return (value) => {
    if (value === undefined) return required;
    const [current = '', previous, ...more] = value.split(',');
    if ([current, previous ?? current].some((key) => key.length < minLength)) return { issue: `String must contain at least ${minLength} character(s)` };
    if (more.length) return { issue: 'At most two keys: the current one and the one it replaced' };
    return { value: { current, previous } };
  };
}

function optional<T>(read: VariableReader<T>): VariableReader<T | undefined> {
  return (value) => (value === undefined ? { value: undefined } : read(value));
}

function withDefault<T>(read: VariableReader<T>, fallback: T): VariableReader<T> {
  return (value) => (value === undefined ? { value: fallback } : read(value));
}

function oneOf<const Choice extends string>(choices: readonly Choice[]): VariableReader<Choice> {
  return (value) => {
    if (value === undefined) return required;
    if ((choices as readonly string[]).includes(value)) return { value: value as Choice };
    return { issue: `Invalid enum value. Expected ${choices.map((choice) => `'${choice}'`).join(' | ')}, received '${value}'` };
  };
}

/** A number within bounds (`above`: strictly greater than), an integer unless `fractions`. */
function number(bounds: { min?: number; above?: number; max: number; fractions?: boolean }): VariableReader<number> {
  return (value) => {
    if (value === undefined) return required;
    const parsed = Number(value);
    if (Number.isNaN(parsed)) return { issue: 'Expected number, received nan' };
    if (!Number.isFinite(parsed)) return { issue: 'Number must be finite' };
    if (!bounds.fractions && !Number.isInteger(parsed)) return { issue: 'Expected integer, received float' };
    if (bounds.above !== undefined && parsed <= bounds.above) return { issue: `Number must be greater than ${bounds.above}` };
    if (bounds.min !== undefined && parsed < bounds.min) return { issue: `Number must be greater than or equal to ${bounds.min}` };
    if (parsed > bounds.max) return { issue: `Number must be less than or equal to ${bounds.max}` };
    return { value: parsed };
  };
}

const environmentVariables = {
  TABLE_NAME: text(3),
  BUCKET_NAME: optional(text(3)),
  /**
   * Secret the pagination tokens are sealed with (encrypted and authenticated),
   * at least 32 characters; after a rotation followed by a comma and the key it
   * replaced, which still opens the tokens it sealed (one variable, so a
   * function holds one deploy-time reference: lib/token-signing-key.ts).
   */
  TOKEN_SIGNING_KEY: keys(32),
  /** Semantic version of the deployed package, e.g. "0.1.0". */
  BUILD_VERSION: text(0, /^\d+\.\d+\.\d+/),
  /** Identifies the build: a commit, a synth timestamp, or "local". */
  BUILD_ID: text(1),
  /** s3rver and other S3-compatible servers need path-style addressing. */
  S3_FORCE_PATH_STYLE: withDefault(oneOf(['true', 'false']), 'false'),
  /** The export worker Lambda, for the functions that start an export build. */
  EXPORT_WORKER_FUNCTION_NAME: optional(text(1)),
  /** The consumers' dead-letter queue, for the usage meter aggregator's batches too large for Lambda's failure record. */
  DEAD_LETTER_QUEUE_URL: optional(text(1)),
  /** The EventBridge bus the service publishes its own events to. */
  EVENT_BUS_NAME: withDefault(text(1), 'default'),
  /** Calls one organisation may make per second in one function environment (docs/decisions.md: Per-organisation limit)... */
  ORG_RATE_LIMIT_PER_SECOND: withDefault(number({ above: 0, max: 1_000_000, fractions: true }), 100),
  /** ...and at once, after a quiet spell. */
  ORG_RATE_LIMIT_BURST: withDefault(number({ min: 1, max: 1_000_000 }), 200),
  /** Most events in one export batch; larger windows split into several batches. */
  EXPORT_BATCH_SIZE: withDefault(number({ min: 1, max: 1_000_000 }), 10_000),
  /**
   * How long after an export's cutoff its window is read (docs/decisions.md: Exports): on AWS
   * the longest deadline of a function that records events, plus index propagation
   * (test/unit/export-settle.test.ts holds the default to the registries).
   */
  EXPORT_SETTLE_MS: withDefault(number({ min: 0, max: 15 * 60_000 }), awsExportSettleMs),
};

type Environment = { [Name in keyof typeof environmentVariables]: (typeof environmentVariables)[Name] extends VariableReader<infer T> ? T : never };

/** Every variable read from `source`, or every issue of them, each at its variable's name. */
export function readEnvironment(source: Record<string, string | undefined>): { env: Environment } | { issues: ValidationIssue[] } {
  const env: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  for (const [name, read] of Object.entries(environmentVariables) as Array<[string, VariableReader<unknown>]>) {
    const outcome = read(source[name]);
    if ('issue' in outcome) issues.push({ path: `environment.${name}`, message: outcome.issue });
    else env[name] = outcome.value;
  }
  return issues.length > 0 ? { issues } : { env: env as Environment };
}

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

/**
 * Runtime settings of every Lambda and of the local server, read once from the
 * environment on first use (never at import time, so the CDK app and tests can
 * import route modules without a configured environment).
 *
 * Endpoints are not settings here: the AWS SDK reads AWS_ENDPOINT_URL_DYNAMODB
 * and AWS_ENDPOINT_URL_S3 itself, which is how the local stack points the very
 * same handlers at DynamoDB Local and the S3-compatible server.
 */
export function serviceConfig(): ServiceConfig {
  if (cached) return cached;
  const read = readEnvironment(process.env);
  if ('issues' in read) throw new ValidationError(read.issues, 'invalid_configuration');
  const { env } = read;
  const [major = '0', minor = '0'] = env.BUILD_VERSION.split('.');
  cached = {
    tableName: env.TABLE_NAME,
    bucketName: env.BUCKET_NAME,
    tokenKeys: env.TOKEN_SIGNING_KEY,
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
export const environmentVariableNames = Object.keys(environmentVariables) as Array<keyof Environment>;
