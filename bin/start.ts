/**
 * `npm start [-- --in-memory] [-- --data-dir DIR] [-- --aws-like] [-- --rate-limit 20/40]`: the whole service on this
 * machine. DynamoDB Local and s3rver on free ports, the HTTP API on PORT (3000),
 * the operator Invoke API on OPERATOR_PORT (PORT+1), loopback only. Ctrl-C stops
 * everything it started, java included. `--aws-like` (or ACCOUNTING_AWS_LIKE=1,
 * or `name=value,…` to set its knobs) injects AWS's timing: index lag,
 * cancelled and throttled writes, delayed and repeated async work, overlapping
 * schedules, log control messages (shared/local/aws-like.ts). `--rate-limit`
 * (or ORG_RATE_LIMIT_PER_SECOND and ORG_RATE_LIMIT_BURST) sets the
 * per-organisation limit, unrefused otherwise (shared/local/environment.ts).
 */
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { awsLikeFromVariable } from '../shared/local/aws-like';
import { startBackingServices, type BackingServices } from '../shared/local/backing-services';
import { removeEndpoints, writeEndpoints, type LocalEndpoints } from '../shared/local/endpoints-file';
import {
  applyEnvironment,
  localEnvironment,
  localOrgRateLimit,
  localRegion,
  localResourceNames,
  randomSigningKey,
  unrefusedOrgRateLimit,
} from '../shared/local/environment';
import { startLocalFunctions, type LocalFunctions } from '../shared/local/local-functions';
import { walkthroughCredential } from '../shared/local/local-docs';
import { apiBasePath } from '../shared/http/route-definition';
import { projectRoot } from '../shared/local/project-root';
import { persistentSigningKey } from '../shared/local/signing-key';
import { type BackgroundFunctionDefinition, backgroundFunctions } from '../shared/routes/background-registry';
import { consumerFunctions } from '../shared/routes/consumer-registry';
import { operatorFunctions } from '../shared/routes/operator-registry';
import { httpRoutes } from '../shared/routes/registry';
import { stopWhenLauncherExits } from '../shared/local/launcher-watch';
import { noteNodeVersionOnce } from '../shared/local/node-version-notice';
import { type StartLock, lockDataFolder } from '../shared/local/start-lock';

const { values: flags } = parseArgs({
  options: {
    'in-memory': { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'aws-like': { type: 'boolean', default: false },
    'rate-limit': { type: 'string' },
  },
});
const inMemory = flags['in-memory'] ?? false;
// The flag takes the defaults unless the variable sets knobs; the variable alone turns the mode on too.
const awsLike = awsLikeFromVariable() ?? (flags['aws-like'] ? {} : undefined);
const dataDir = resolve(projectRoot(), flags['data-dir'] ?? '.data');
const apiPort = portFromEnv('PORT', 3000);
const operatorPort = portFromEnv('OPERATOR_PORT', apiPort + 1);
const orgRateLimit = rateLimitFromArguments();

let services: BackingServices | undefined;
let functions: LocalFunctions | undefined;
let lock: StartLock | undefined;
let stopping = false;

async function main(): Promise<void> {
  noteNodeVersionOnce((line) => console.log(line));
  try {
    lock = lockDataFolder(dataDir);
  } catch (error) {
    // Nothing started and nothing of ours to clean up: the folder is the other one's.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (lock.staleFrom !== undefined) {
    console.log(`A previous npm start on this folder (pid ${lock.staleFrom}) did not stop cleanly; its lock is taken over.`);
  }
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  stopWhenLauncherExits(() => {
    console.log('npm start was killed; stopping what it started.');
    void shutdown(1);
  });

  services = await startBackingServices({
    ...localResourceNames,
    persistDir: inMemory ? undefined : dataDir,
  });
  applyEnvironment(
    localEnvironment({
      ...localResourceNames,
      dynamodbEndpoint: services.dynamodb.endpoint,
      s3Endpoint: services.s3.endpoint,
      tokenSigningKey: inMemory ? randomSigningKey() : persistentSigningKey(dataDir),
      orgRateLimit,
    }),
  );
  void services.dynamodb.exited.then(({ code, signal }) => {
    if (stopping) return;
    console.error(`DynamoDB Local stopped unexpectedly (code ${code ?? 'none'}, signal ${signal ?? 'none'}).`);
    void shutdown(1);
  });

  functions = await startLocalFunctions({
    apiPort,
    operatorPort,
    runSchedules: true,
    awsLike,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    throw new Error(`Port ${(error as { port?: number }).port} is in use; set PORT (and OPERATOR_PORT) to free ones.`);
  });

  const endpoints: LocalEndpoints = {
    apiUrl: `${functions.api.url}${apiBasePath}`,
    invokeEndpoint: functions.aws.url,
    deadLetterQueueUrl: functions.deadLetterQueueUrl,
    region: localRegion,
    tableName: services.tableName,
    bucketName: services.bucketName,
    dynamodbEndpoint: services.dynamodb.endpoint,
    s3Endpoint: services.s3.endpoint,
    operatorFunctions: operatorFunctions.map((fn) => fn.name),
    httpRoutes: httpRoutes.map((route) => route.path),
    inMemory,
    pid: process.pid,
    startedAt: new Date().toISOString(),
  };
  writeEndpoints(dataDir, endpoints);
  printBanner(endpoints, services.dynamodb.loopbackOnly);
}

function scheduleOf(fn: BackgroundFunctionDefinition): string {
  if (fn.everyMinutes) return `runs every ${fn.everyMinutes} min`;
  if (fn.dailyAtUtc) return `runs daily at ${String(fn.dailyAtUtc.hour).padStart(2, '0')}:${String(fn.dailyAtUtc.minute).padStart(2, '0')} UTC`;
  return 'background';
}

function printBanner(endpoints: LocalEndpoints, dynamodbLoopbackOnly: boolean): void {
  const shown = relative(process.cwd(), dataDir) || '.';
  const lines = [
    `Accounting service running locally (${endpoints.inMemory ? 'in memory: nothing is kept' : `data in ${shown}/`})`,
    `  HTTP API         POST ${endpoints.apiUrl}/<route>`,
    ...endpoints.httpRoutes.map((path) => `                     ${endpoints.apiUrl}${path}`),
    `  API reference    ${new URL('/docs', endpoints.apiUrl).href}  (OpenAPI 3.1 at ${new URL('/openapi.json', endpoints.apiUrl).href})`,
    `  Operator invoke  ${endpoints.invokeEndpoint}  (AWS Lambda Invoke API, loopback only)`,
    ...endpoints.operatorFunctions.map((name) => `                     ${name}`),
    ...backgroundFunctions.map((fn) => `                     ${fn.name}  (${scheduleOf(fn)})`),
    `  Event bus        ${endpoints.invokeEndpoint}  (EventBridge PutEvents; published events are logged here)`,
    '  Event consumers  (default bus; a failed delivery is retried twice, then dead-lettered, told to team finance_audit and logged here)',
    ...consumerFunctions.map(({ name, pattern }) => {
      const matched = `${pattern.source.join(' | ')} / ${pattern['detail-type'].join(' | ')}`;
      return `                     ${name}  ← ${matched}`;
    }),
    `  Dead letters     ${endpoints.deadLetterQueueUrl}  (SQS; npm run -s admin -- dead-letter list|show|redrive)`,
    `  DynamoDB Local   ${endpoints.dynamodbEndpoint}  table ${endpoints.tableName}` +
      (dynamodbLoopbackOnly
        ? '  (loopback only, no CORS origin)'
        : '\n                   WARNING: listening on every interface: binding it to 127.0.0.1 needs a JDK (java --list-modules shows jdk.compiler)'),
    `  S3 (s3rver)      ${endpoints.s3Endpoint}  bucket ${endpoints.bucketName}`,
    `  Region           ${endpoints.region}`,
    orgRateLimit === unrefusedOrgRateLimit
      ? `  Org rate limit   ${orgRateLimit.perSecond} calls/s, burst ${orgRateLimit.burst}: never reached here (--rate-limit 20/40 sets dev's and staging's)`
      : `  Org rate limit   ${orgRateLimit.perSecond} calls/s per organisation, burst ${orgRateLimit.burst}: past it, 429 with Retry-After`,
    ...(functions?.awsLike ? [`  AWS-like mode    ${awsLikeSummary(functions.awsLike.options)}`] : []),
    `  Endpoints file   ${relative(process.cwd(), `${dataDir}/endpoints.json`)}`,
    '',
    'Issue a credential that runs the README examples:',
    `  ${walkthroughCredential.command}`,
    `  (${walkthroughCredential.roles})`,
    'Stop: Ctrl-C',
  ];
  console.log(lines.join('\n'));
}

async function shutdown(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Another Ctrl-C while stopping means "now" (java is then killed on exit). One
  // arriving at once is the same Ctrl-C relayed by npm or tsx, not a second one.
  const stoppingSince = Date.now();
  process.on('SIGINT', () => {
    if (Date.now() - stoppingSince > 1_000) process.exit(exitCode);
  });
  console.log('\nStopping…');
  try {
    await functions?.close();
    await services?.stop();
  } catch (error) {
    console.error('While stopping:', error);
  } finally {
    removeEndpoints(dataDir);
    lock?.release();
    process.exit(exitCode);
  }
}

function awsLikeSummary(options: Record<string, number>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}=${value}`)
    .join(',');
}

function rateLimitFromArguments() {
  try {
    return localOrgRateLimit(flags['rate-limit'], process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be a port number, not "${raw}".`);
    process.exit(1);
  }
  return port;
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
});
