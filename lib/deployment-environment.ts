import { Duration } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { OrgRateLimit } from '../shared/http/org-rate-limit';

/** `cdk deploy -c env=<name>`; without `-c env`, `default`. */
export const deploymentEnvironmentNames = ['default', 'dev', 'staging', 'prod'] as const;
export type DeploymentEnvironmentName = (typeof deploymentEnvironmentNames)[number];

/** What the alarms of an environment call a problem (docs/decisions.md: Operations, Alarms). */
export interface AlarmThresholds {
  /** Unhandled errors (crashes, timeouts) in 5 minutes, summed over the functions one alarm watches. */
  functionErrors: number;
  /** Throttled invocations in 5 minutes, summed the same way. */
  functionThrottles: number;
  /** Share of API requests answered 5xx in 5 minutes, in percent... */
  api5xxPercent: number;
  /** ...once at least this many requests arrived in them: two failures of three calls are not an outage. */
  api5xxMinimumRequests: number;
  /** Export worker runs that died (timeout, crash) in 15 minutes: each leaves a build to restart or abandon. */
  exportWorkerFailures: number;
  /** The oldest outbox event has waited longer than this. */
  outboxLag: Duration;
}

/** Everything that differs between environments, in one place. */
export interface DeploymentEnvironment {
  name: DeploymentEnvironmentName;
  stackName: string;
  /** The CloudWatch namespace of the metrics the functions emit (METRICS_NAMESPACE), apart per environment. */
  metricsNamespace: string;
  /**
   * Whether the table, the buckets, the dead-letter queue and the log groups
   * outlive the stack. Only dev lets a `cdk destroy` take its data with it.
   */
  retainData: boolean;
  terminationProtection: boolean;
  /** Of every function's log group and the API access log. */
  logRetention: logs.RetentionDays;
  /** S3 server access log files of the export bucket are deleted after this. */
  bucketAccessLogExpiry: Duration;
  /** The HTTP API stage's default throttle for all callers together: steady requests per second, and burst. */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /**
   * What one organisation may call, per route function environment, before it
   * is answered 429 (docs/decisions.md: Per-organisation limit): so one busy
   * organisation cannot take the whole stage throttle.
   */
  orgRateLimit: OrgRateLimit;
  alarms: AlarmThresholds;
  /**
   * The page-token signing key's generation: raising it by one rotates the
   * key (tokens of the previous generation stay valid), by two also drops the
   * previous one (docs/decisions.md: Operations, Key rotation).
   */
  tokenKeyGeneration: number;
}

/**
 * dev is for developers (small limits, loud alarms off the pager, nothing
 * kept); staging mirrors prod's shape at a tenth of its traffic; prod keeps
 * everything and pages on the first sign of trouble. `default` is the stack
 * deployed without `-c env` (`AccountingService`, the name it had before
 * environments): a personal sandbox, sized like dev but keeping its data,
 * since nobody said it was disposable.
 */
export const deploymentEnvironments: Readonly<Record<DeploymentEnvironmentName, DeploymentEnvironment>> = {
  default: {
    name: 'default',
    stackName: 'AccountingService',
    metricsNamespace: 'AccountingService',
    retainData: true,
    terminationProtection: false,
    logRetention: logs.RetentionDays.THREE_MONTHS,
    bucketAccessLogExpiry: Duration.days(90),
    apiThrottle: { rateLimit: 50, burstLimit: 100 },
    orgRateLimit: { perSecond: 20, burst: 40 },
    alarms: {
      functionErrors: 5,
      functionThrottles: 5,
      api5xxPercent: 10,
      api5xxMinimumRequests: 20,
      exportWorkerFailures: 3,
      outboxLag: Duration.minutes(15),
    },
    tokenKeyGeneration: 1,
  },
  dev: {
    name: 'dev',
    stackName: 'AccountingService-dev',
    metricsNamespace: 'AccountingService/dev',
    retainData: false,
    terminationProtection: false,
    logRetention: logs.RetentionDays.TWO_WEEKS,
    bucketAccessLogExpiry: Duration.days(14),
    apiThrottle: { rateLimit: 50, burstLimit: 100 },
    orgRateLimit: { perSecond: 20, burst: 40 },
    alarms: {
      functionErrors: 5,
      functionThrottles: 5,
      api5xxPercent: 10,
      api5xxMinimumRequests: 20,
      exportWorkerFailures: 3,
      outboxLag: Duration.minutes(15),
    },
    tokenKeyGeneration: 1,
  },
  staging: {
    name: 'staging',
    stackName: 'AccountingService-staging',
    metricsNamespace: 'AccountingService/staging',
    retainData: true,
    terminationProtection: false,
    logRetention: logs.RetentionDays.ONE_MONTH,
    bucketAccessLogExpiry: Duration.days(30),
    apiThrottle: { rateLimit: 50, burstLimit: 100 },
    orgRateLimit: { perSecond: 20, burst: 40 },
    alarms: {
      functionErrors: 3,
      functionThrottles: 1,
      api5xxPercent: 5,
      api5xxMinimumRequests: 20,
      exportWorkerFailures: 1,
      outboxLag: Duration.minutes(10),
    },
    tokenKeyGeneration: 1,
  },
  prod: {
    name: 'prod',
    stackName: 'AccountingService-prod',
    metricsNamespace: 'AccountingService/prod',
    retainData: true,
    terminationProtection: true,
    logRetention: logs.RetentionDays.ONE_YEAR,
    bucketAccessLogExpiry: Duration.days(365),
    apiThrottle: { rateLimit: 500, burstLimit: 1000 },
    orgRateLimit: { perSecond: 100, burst: 200 },
    alarms: {
      functionErrors: 1,
      functionThrottles: 1,
      api5xxPercent: 1,
      api5xxMinimumRequests: 50,
      exportWorkerFailures: 1,
      outboxLag: Duration.minutes(5),
    },
    tokenKeyGeneration: 1,
  },
};

/** The environment `-c env=<name>` names; `default` when absent. A name not in the list fails the synth. */
export function deploymentEnvironmentFromContext(value: unknown): DeploymentEnvironment {
  if (value === undefined) return deploymentEnvironments.default;
  const known = deploymentEnvironmentNames.find((name) => name === value);
  if (!known) throw new Error(`-c env=${String(value)}: expected one of ${deploymentEnvironmentNames.join(', ')}`);
  return deploymentEnvironments[known];
}
