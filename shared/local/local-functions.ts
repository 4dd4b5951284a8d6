import { operatorFunctions } from '../routes/operator-registry';
import { httpRoutes } from '../routes/registry';
import { apiBasePath } from '../routes/route-definition';
import { startAwsApiServer, type AwsApiServer } from './aws-api-server';
import { entryFileLoader } from './handler-loader';
import { startHttpApi } from './http-api-server';
import { lambdaInvokeApi } from './lambda-invoke-api';
import type { RunningServer } from './server-lifecycle';

export interface LocalFunctionsOptions {
  /** 0 picks a free port. */
  apiPort: number;
  /** 0 picks a free port. */
  operatorPort: number;
  log?: (line: string) => void;
}

/** The two local front doors: the HTTP API and the loopback AWS API port. */
export interface LocalFunctions {
  api: RunningServer;
  /** Lambda Invoke API today; `register` adds EventBridge PutEvents and the like. */
  aws: AwsApiServer;
  close(): Promise<void>;
}

/**
 * Serves every registry route and operator function from the entry files the
 * Lambdas are built from. The environment (shared/config.ts and the SDK's
 * endpoint variables) must be set before the first request arrives.
 */
export async function startLocalFunctions(options: LocalFunctionsOptions): Promise<LocalFunctions> {
  const api = await startHttpApi({
    routes: httpRoutes,
    loadHandler: entryFileLoader('http'),
    basePath: apiBasePath,
    port: options.apiPort,
    log: options.log,
  });
  try {
    const aws = await startAwsApiServer({
      port: options.operatorPort,
      apis: [lambdaInvokeApi({ functions: operatorFunctions, loadHandler: entryFileLoader('operator') })],
    });
    return { api, aws, close: async () => void (await Promise.all([api.close(), aws.close()])) };
  } catch (error) {
    await api.close();
    throw error;
  }
}
