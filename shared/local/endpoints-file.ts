import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from './process-alive';

/** What `npm start` tells other local tools (the admin CLI first) about itself. */
export interface LocalEndpoints {
  apiUrl: string;
  /** Endpoint for `@aws-sdk/client-lambda`, `client-eventbridge` and `client-sqs`. */
  invokeEndpoint: string;
  /** The consumers' dead-letter queue, read with `@aws-sdk/client-sqs` at `invokeEndpoint`. */
  deadLetterQueueUrl: string;
  region: string;
  tableName: string;
  bucketName: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /** Operator functions by name, invocable at `invokeEndpoint`. */
  operatorFunctions: string[];
  /** Route paths, each served as `POST <apiUrl><path>`. */
  httpRoutes: string[];
  inMemory: boolean;
  /** Process id of the server, to tell a stale file from a running server. */
  pid: number;
  startedAt: string;
}

/** Raised when no local server has written its endpoints. */
export class LocalStackNotRunningError extends Error {
  override name = 'LocalStackNotRunningError';
}

export function endpointsFile(dataDir: string): string {
  return join(dataDir, 'endpoints.json');
}

export function writeEndpoints(dataDir: string, endpoints: LocalEndpoints): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(endpointsFile(dataDir), `${JSON.stringify(endpoints, null, 2)}\n`);
}

/** Removes the file, but only if it is still this process's (a second server may have replaced it). */
export function removeEndpoints(dataDir: string, pid: number = process.pid): void {
  const file = endpointsFile(dataDir);
  try {
    const current = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalEndpoints>;
    if (current.pid === pid) rmSync(file, { force: true });
  } catch {
    // Missing or unreadable: nothing of ours to remove.
  }
}

/** The endpoints of the running local server; throws if none is running. */
export function readEndpoints(dataDir: string): LocalEndpoints {
  const file = endpointsFile(dataDir);
  if (!existsSync(file)) {
    throw new LocalStackNotRunningError(`No local server found (${file} is missing). Start one with \`npm start\`.`);
  }
  const endpoints = JSON.parse(readFileSync(file, 'utf8')) as LocalEndpoints;
  if (!isProcessAlive(endpoints.pid)) {
    throw new LocalStackNotRunningError(
      `The local server that wrote ${file} (pid ${endpoints.pid}) is not running. Start one with \`npm start\`.`,
    );
  }
  return endpoints;
}

