import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { OrgRateLimit } from '../shared/domain/org-rate';

/** `cdk deploy -c env=<name>`: required, so that no stack is deployed by accident. */
export const deploymentEnvironmentNames = ['dev', 'staging', 'prod'] as const;
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
  /**
   * The AWS account (12 digits) and region the environment lives in, where the
   * operator has given them: the stack is then bound to them, and a deploy with
   * another account's credentials fails before it changes anything. Unset, the
   * stack is environment-agnostic and goes wherever the deploying profile points.
   */
  account?: string;
  region?: string;
  /**
   * The event bus the environment's consumers' rules listen on and its functions
   * publish to. `default` is the account's default bus, where the platform's events
   * arrive; any other name is a bus the stack creates. Two environments that may
   * share an account and region never share a bus (environmentsSharingABus), so
   * one never takes in, or answers, the other's events.
   */
  eventBusName: string;  /** The CloudWatch namespace of the metrics the functions emit (METRICS_NAMESPACE), apart per environment. */
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
   * While the environment may run in prod's account and Region (neither pins
   * itself apart), the most Lambda concurrency all its functions together may
   * hold: each reserves an equal share (reservedConcurrencyOf), which is also
   * the most it runs at once. Lambda's concurrency is one pool per account and
   * Region; without a cap, dev could take all of prod's.
   */
  concurrencyCap?: number;
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
 * everything and pages on the first sign of trouble. Only prod listens on the
 * default bus, where the platform publishes; dev and staging each get a bus of
 * their own until their account is pinned apart from prod's (docs/decisions.md:
 * Deployment, Environments).
 */
export const deploymentEnvironments: Readonly<Record<DeploymentEnvironmentName, DeploymentEnvironment>> = {
  dev: {
    name: 'dev',
    stackName: 'AccountingService-dev',
    eventBusName: 'accounting-dev',
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
    // 2 per function while they are at most 100 (74 today: 148 of the account's pool), whatever a developer sends it.
    concurrencyCap: 200,
    tokenKeyGeneration: 1,
  },
  staging: {
    name: 'staging',
    stackName: 'AccountingService-staging',
    eventBusName: 'accounting-staging',
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
    eventBusName: 'default',
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

type Placement = Pick<DeploymentEnvironment, 'account' | 'region'>;

/** Whether two environments could be deployed to one account and Region: an account or Region left unset could be any. */
export function mayShareAccount(a: Placement, b: Placement): boolean {
  const mayMeet = (x?: string, y?: string) => x === undefined || y === undefined || x === y;
  return mayMeet(a.account, b.account) && mayMeet(a.region, b.region);
}

/**
 * Pairs of environments that could be deployed to one account and region yet
 * name the same event bus: each would take in the other's incoming events and
 * publish beside it.
 */
export function environmentsSharingABus(environments: readonly DeploymentEnvironment[]): string[] {
  return environments.flatMap((first, index) =>
    environments
      .slice(index + 1)
      .filter((second) => first.eventBusName === second.eventBusName && mayShareAccount(first, second))
      .map((second) => `${first.name} and ${second.name} both use the event bus "${first.eventBusName}"`),
  );
}

/**
 * Environments that must never crowd prod out of a Lambda pool they may share.
 * Not staging: it mirrors prod's shape, concurrency included, for load tests a
 * cap would only measure; it belongs in an account of its own (README, Deploy).
 */
const keptOffProdsConcurrency: readonly DeploymentEnvironmentName[] = ['dev'];

/** What is wrong with the table as a whole, or with an entry: each line one mistake. */
export function environmentMistakes(environments: readonly DeploymentEnvironment[]): string[] {
  const mistakes = environmentsSharingABus(environments);
  const prod = environments.find(({ name }) => name === 'prod');
  for (const environment of environments) {
    const { name, account } = environment;
    if (account !== undefined && !/^\d{12}$/.test(account)) mistakes.push(`${name}: account must be 12 digits, got "${account}"`);
    if (prod && keptOffProdsConcurrency.includes(name) && mayShareAccount(environment, prod) && environment.concurrencyCap === undefined) {
      mistakes.push(
        `${name} may run in prod's account and Region (neither pins itself apart) and has no concurrencyCap: ` +
          "it could take all of prod's Lambda concurrency",
      );
    }
  }
  return mistakes;
}

/**
 * The reserved concurrency each of the environment's `functionCount`
 * functions gets: an equal share of its concurrencyCap while it may run in
 * prod's account and Region, none otherwise (prod itself, an environment
 * without a cap, one pinned apart). Lambda then never runs more of them at
 * once, and keeps the share out of the account's unreserved pool even while
 * they are idle.
 */
export function reservedConcurrencyOf(
  environment: DeploymentEnvironment,
  functionCount: number,
  prod: DeploymentEnvironment = deploymentEnvironments.prod,
): number | undefined {
  const { name, concurrencyCap } = environment;
  if (name === 'prod' || concurrencyCap === undefined || !mayShareAccount(environment, prod)) return undefined;
  const share = Math.floor(concurrencyCap / functionCount);
  if (share < 1) {
    throw new Error(
      `${name}: a concurrencyCap of ${concurrencyCap} cannot give each of its ${functionCount} functions one reserved execution: ` +
        `raise it (the account must hold it and 100 more unreserved), or pin ${name}'s account apart from prod's`,
    );
  }
  return share;
}

/** A `-c env` that names no usable environment: bin/app.ts prints its message alone, as a sentence for the person deploying. */
export class EnvironmentChoiceError extends Error {
  override name = 'EnvironmentChoiceError';
}

/**
 * The environment `-c env=<name>` names. Without it, or with a name not in the
 * table, the synth fails and lists the environments: a stack is never deployed
 * because nobody said which. So does a table in which two environments could
 * meet on one bus.
 */
export function deploymentEnvironmentFromContext(value: unknown): DeploymentEnvironment {
  const names = deploymentEnvironmentNames.join(', ');
  if (value === undefined) {
    throw new EnvironmentChoiceError(`No environment given: pass -c env=<name>, one of ${names} (e.g. npx cdk deploy -c env=dev)`);
  }
  const known = deploymentEnvironmentNames.find((name) => name === value);
  if (!known) throw new EnvironmentChoiceError(`-c env=${String(value)}: expected one of ${names}`);
  const mistakes = environmentMistakes(Object.values(deploymentEnvironments));
  if (mistakes.length > 0) throw new Error(`lib/deployment-environment.ts: ${mistakes.join('; ')}`);
  return deploymentEnvironments[known];
}

/**
 * What becomes of the environment's stateful and named resources (table,
 * buckets, queue, log groups, alarm topic) when the stack no longer has them:
 * deleted with dev; otherwise kept on an update or a delete, but not when the
 * deploy that created them fails and rolls back (CloudFormation
 * `DeletionPolicy: RetainExceptOnCreate`, AWS CloudFormation User Guide,
 * "DeletionPolicy attribute"). With plain `Retain` a failed first deploy left the
 * named access log group behind and its retry failed "already exists".
 */
export function removalPolicyOf(environment: Pick<DeploymentEnvironment, 'retainData'>): RemovalPolicy {
  return environment.retainData ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;
}
