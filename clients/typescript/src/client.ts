import { ExportNotReadyError } from './errors.js';
import { exchange } from './exchange.js';
import { operations } from './generated/operations.js';
import type { OperationLeaf } from './operation-leaf.js';
import { type RetryPolicy, defaultRetryPolicy, retryDelayMs, sendsAgain } from './retry.js';
import type { BodyArgument, OperationMethods, PagedPath, RequestBody, ResponseData, RoutePath } from './route-types.js';
import { type Transport, globalFetch, pause, randomUUID } from './transport.js';

/** The credential the client presents on every call: an API key (`ak.…`) or a session (`ss.…`). */
export type Credential = { apiKey: string } | { session: string };

export interface AccountingClientOptions {
  /** Origin of the API: `http://127.0.0.1:3000` locally, a deployed stack's `ApiUrl` output without `/accounting`. */
  baseUrl: string;
  /** The organisation called (`x-orgcode`): the credential's. */
  orgcode: string;
  credential: Credential;
  /** The actor the credential was issued to, for the `request_context` the client fills in. */
  actor: string;
  /** Headers sent on every call besides the credential's: `x-logical-guid`, `x-channel-code`, `x-cccode`. */
  headers?: Record<string, string> | undefined;
  /** How long a call goes on retrying, and its pauses (`defaultRetryPolicy` for what is left out). */
  retry?: Partial<RetryPolicy> | undefined;
  /** The transport: the global `fetch` unless given. */
  fetch?: Transport | undefined;
}

export interface ExportWaitOptions {
  /** How long to wait for the export to be ready before giving up (ExportNotReadyError, `timeout`). */
  timeoutMs?: number | undefined;
  /** The pause between two reads of the export. */
  pollMs?: number | undefined;
}

type ExportRecord = ResponseData<'/accounting/export/get'>['export'];
type ExportBatch = ResponseData<'/accounting/export/batch/list'>['batches'][number];

export type AccountingClient = OperationMethods<typeof operations> & {
  /** Calls any route by its path, with the same credentials, filling, retries and errors as the named methods. */
  call<Path extends RoutePath>(path: Path, ...body: BodyArgument<Path>): Promise<ResponseData<Path>>;
  /** Every page of a paged route, following `next_token` until the service gives none. */
  pages<Path extends PagedPath>(path: Path, ...body: BodyArgument<Path>): AsyncIterable<ResponseData<Path>>;
  /**
   * Reads an export until it is ready, then lists its batches (those `/export/batch/list` shows by
   * default: pending, running and ready). Throws ExportNotReadyError when it fails or the wait runs out.
   */
  waitForExport(exportId: string, options?: ExportWaitOptions): Promise<{ export: ExportRecord; batches: ExportBatch[] }>;
};

const isLeaf = (node: object): node is OperationLeaf => 'path' in node;

function leavesByPath(tree: object): Map<string, OperationLeaf> {
  return new Map(
    Object.values(tree).flatMap((node: object) => (isLeaf(node) ? [[node.path, node] as const] : [...leavesByPath(node)])),
  );
}
const leaves = leavesByPath(operations);

/** The options a client cannot work with, refused when it is made rather than answered 401 at its first call. */
function checkOptions({ baseUrl, orgcode, actor, credential }: AccountingClientOptions): void {
  const refuse = (problem: string) => {
    throw new TypeError(`createAccountingClient: ${problem}`);
  };
  if (!/^https?:\/\/[^/]/.test(baseUrl)) refuse(`baseUrl must be an http(s) origin, not ${JSON.stringify(baseUrl)}`);
  if (!orgcode?.trim()) refuse('orgcode is empty');
  if (!actor?.trim()) refuse('actor is empty');
  const secrets = [(credential as { apiKey?: unknown }).apiKey, (credential as { session?: unknown }).session].filter((secret) => secret !== undefined);
  if (secrets.length !== 1) refuse('credential must be { apiKey } or { session }');
  if (typeof secrets[0] !== 'string' || !secrets[0].trim()) refuse(`credential.${'apiKey' in credential ? 'apiKey' : 'session'} is empty`);
}

function credentialHeaders({ orgcode, credential }: AccountingClientOptions): Record<string, string> {
  return 'apiKey' in credential ? { 'x-orgcode': orgcode, 'x-api-key': credential.apiKey } : { 'x-orgcode': orgcode, 'x-session-guid': credential.session };
}

/**
 * A client of the accounting service: one method per operation, named by its
 * operation id (`client.event.record(…)`, `client.export.batch.list(…)`), typed
 * from the generated contract. What it does for every call:
 *
 *   - presents the credential and `x-orgcode` given here;
 *   - fills `request_context` from them on the routes that require it, unless sent;
 *   - gives a call to an idempotent route one `idempotency_key` (unless sent),
 *     which every retry of that call sends again, so a retry never acts twice;
 *   - sends again what may succeed later, for up to `retry.budgetMs` (retry.ts);
 *   - answers the envelope's `data`, or throws an AccountingClientError.
 *
 * A list's method iterates its items across every page (`for await (const event of
 * client.event.list({…}))`).
 */
export function createAccountingClient(options: AccountingClientOptions): AccountingClient {
  checkOptions(options);
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const transport = options.fetch ?? globalFetch;
  const origin = options.baseUrl.replace(/\/+$/, '');
  const headers = { ...options.headers, ...credentialHeaders(options), 'content-type': 'application/json' };
  const requestContext = {
    orgcode: options.orgcode,
    actor: options.actor,
    context_source: 'apiKey' in options.credential ? ('api_key' as const) : ('session' as const),
  };

  /** One logical call: the body is made once, so every retry sends the same idempotency key. */
  async function call<Path extends RoutePath>(path: Path, input: Record<string, unknown> = {}): Promise<ResponseData<Path>> {
    const leaf = leaves.get(path);
    if (!leaf) throw new TypeError(`${path} is no route of the contract`);
    const request = {
      ...input,
      ...(leaf.requiresContext && input['request_context'] === undefined && { request_context: requestContext }),
      ...(leaf.idempotent && input['idempotency_key'] === undefined && { idempotency_key: randomUUID() }),
    } as RequestBody<Path> & { idempotency_key?: unknown };
    const body = JSON.stringify(request);
    const keyed = typeof request.idempotency_key === 'string';
    const startedAt = Date.now();
    for (let retry = 1; ; retry += 1) {
      const outcome = await exchange(transport, `${origin}${path}`, path, headers, body, Date.now);
      if ('data' in outcome) return outcome.data as ResponseData<Path>;
      const { failure, hintMs } = outcome;
      const budgetLeft = startedAt + policy.budgetMs - Date.now();
      if (!sendsAgain(failure, keyed) || budgetLeft <= 0 || (hintMs ?? 0) > budgetLeft) throw failure;
      await pause(Math.min(budgetLeft, retryDelayMs(retry, hintMs, policy)));
    }
  }

  async function* pages<Path extends PagedPath>(path: Path, input: Record<string, unknown> = {}): AsyncGenerator<ResponseData<Path>> {
    let nextToken = input['next_token'];
    do {
      const data: ResponseData<Path> = await call(path, { ...input, next_token: nextToken ?? undefined });
      yield data;
      nextToken = (data as { next_token?: unknown }).next_token;
    } while (nextToken);
  }

  async function* items(path: PagedPath, field: string, input?: Record<string, unknown>): AsyncGenerator<unknown> {
    for await (const page of pages(path, input)) yield* (page as unknown as Record<string, unknown[]>)[field] ?? [];
  }

  /** The generated operations tree, each leaf made its method: a list's iterates its items, any other's calls once. */
  function methods(tree: object): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(tree).map(([name, node]: [string, object]) => {
        if (!isLeaf(node)) return [name, methods(node)];
        const { path, items: field } = node;
        return [name, field ? (input?: Record<string, unknown>) => items(path as PagedPath, field, input) : (input?: Record<string, unknown>) => call(path as RoutePath, input)];
      }),
    );
  }

  async function waitForExport(exportId: string, { timeoutMs = 60_000, pollMs = 1_000 }: ExportWaitOptions = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { export: record } = await call('/accounting/export/get', { export_id: exportId });
      if (record.status === 'ready') {
        const batches: ExportBatch[] = [];
        for await (const page of pages('/accounting/export/batch/list', { export_id: exportId })) batches.push(...page.batches);
        return { export: record, batches };
      }
      if (record.status === 'failed') throw new ExportNotReadyError(exportId, record.status, 'failed');
      if (Date.now() + pollMs > deadline) throw new ExportNotReadyError(exportId, record.status, 'timeout');
      await pause(pollMs);
    }
  }

  return {
    ...(methods(operations) as OperationMethods<typeof operations>),
    call: (path, ...body) => call(path, body[0] as Record<string, unknown> | undefined),
    pages: (path, ...body) => pages(path, body[0] as Record<string, unknown> | undefined),
    waitForExport,
  };
}
