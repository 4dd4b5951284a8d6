export { type AccountingClient, type AccountingClientOptions, type Credential, type ExportWaitOptions, createAccountingClient } from './client';
export { AccountingClientError, AccountingError, type ErrorBody, ExportNotReadyError, UnexpectedAnswerError } from './errors';
export type { components, operations as contractOperations, paths } from './generated/openapi';
export { type RetryPolicy, defaultRetryPolicy } from './retry';
export type { RequestBody, RequestInput, ResponseData, RoutePath } from './route-types';
