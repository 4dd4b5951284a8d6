export { type AccountingClient, type AccountingClientOptions, type Credential, type ExportWaitOptions, createAccountingClient } from './client.js';
export { AccountingClientError, AccountingError, AccountingNetworkError, type ErrorBody, ExportNotReadyError, UnexpectedAnswerError } from './errors.js';
export type { components, operations as contractOperations, paths } from './generated/openapi.js';
export { type RetryPolicy, defaultRetryPolicy } from './retry.js';
export type { RequestBody, RequestInput, ResponseData, RoutePath } from './route-types.js';
export type { Transport, TransportRequest, TransportResponse } from './transport.js';
