import type * as z from 'zod/mini';
import type { RoleFamily } from '../domain/auth/roles';
import type { CallContext } from './call-context';

/** Every route is served under this prefix, POST only: in the deployed HTTP API and locally. */
export const apiBasePath = '/accounting';

/**
 * What a function touches, and how: the stack grants exactly these (and tells
 * the function only the names it may use).
 */
export type StoreAccess = {
  table: 'read' | 'write';
  /**
   * `write`: export files, under `orgs/*` only; `list`: the keys and sizes of the objects under `orgs/` (the storage
   * reconcile); `read`: reads and presigns GETs of export files under `orgs/*` (a presigned URL carries the reader's grant).
   */
  bucket?: 'write' | 'list' | 'read';
  /** Starts export builds: invokes the export worker asynchronously. */
  exportWorker?: 'invoke';
  /** Publishes the service's events to the event bus. */
  eventBus?: 'publish';
  /**
   * Adds log batches to the usage meters (the usage meter aggregator): UpdateItem
   * on the meter partitions, PutItem on the metered-day and chunk-marker
   * partitions, nothing else.
   */
  usageMeters?: 'aggregate';
  /**
   * Takes calls of the organisations' shared allowances (docs/decisions.md:
   * Per-organisation limit): UpdateItem on their ORG_RATE partitions only. The
   * HTTP API gives it to every route function; a route never declares it.
   */
  orgRate?: 'take';
};

/**
 * One `/accounting` route: the single source of truth read by the CDK stack,
 * the local server, the docs and the test matrix.
 */
/** A response `data` schema: a JSON object, the same on both sides (no transforms). */
export type ResponseSchema = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;

export interface RouteDefinition<Schema extends z.ZodMiniType = z.ZodMiniType, Response extends ResponseSchema = ResponseSchema> {
  /** Path under `/accounting`, e.g. `/event/record`. */
  path: string;
  /** Stable operation name, e.g. `event.record`; it is also `stats.call`. */
  operation: string;
  /** Kebab-case name of the Lambda and its entry file `functions/http/<name>.ts`. */
  name: string;
  /** Record family, used to group functions (and their shared role) in the stack. */
  family: string;
  /** One line for the API reference: what the call does. */
  summary: string;
  /** The request body. */
  schema: Schema;
  /**
   * The response `data` (inside the common envelope). Declared for the OpenAPI
   * document and checked against every response the integration tests see;
   * the handler's return type is held to it at compile time.
   */
  response: Response;
  roles: RoleFamily;
  /** The request accepts `idempotency_key` and replays the original response. */
  idempotent: boolean;
  stores: StoreAccess;
  /**
   * Longer than the routes' default (defaultRouteTimeoutSeconds) for a call that
   * may do thousands of writes; at most maxRouteTimeoutSeconds. The call's own
   * work stops earlier, at its deadline (CallContext.deadline).
   */
  timeoutSeconds?: number;
  /** A valid request body for the docs, the README and the route x caller test matrix. */
  example(orgcode: string): Record<string, unknown>;
  /** Returns the response `data` object. (Method syntax: a registry holds routes of every schema.) */
  handle(input: z.output<Schema>, context: CallContext): Promise<z.input<Response>>;
}

/** How long a route's function may run unless its definition says otherwise. */
export const defaultRouteTimeoutSeconds = 10;

/**
 * The longest a route function may run: API Gateway's HTTP API stops waiting for
 * an integration at 30 s (its quotas: "Maximum integration timeout, 30 seconds"),
 * and a cold start's init counts toward those 30 s but not toward the function's
 * timeout, so 2 s are left for it (docs/decisions.md: HTTP contract, Deadlines).
 */
export const maxRouteTimeoutSeconds = 28;

/**
 * How long before its function's timeout a call stops its own work and answers:
 * time for the last write in flight, the envelope and the request log line, and
 * for a cold start's init, so even the first call of an environment answers with
 * the envelope before the gateway's 30 s.
 */
export const routeDeadlineMarginMs = 3_000;

/** The route function's timeout: what the stack deploys, and what a call's idempotency lease outlasts. */
export const routeTimeoutSeconds = (route: Pick<RouteDefinition, 'timeoutSeconds'>): number => route.timeoutSeconds ?? defaultRouteTimeoutSeconds;

export function defineRoute<Schema extends z.ZodMiniType, Response extends ResponseSchema>(
  route: RouteDefinition<Schema, Response>,
) {
  return route;
}
