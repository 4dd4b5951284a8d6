import type { z } from 'zod';
import type { RoleFamily } from '../auth/roles';
import type { CallContext } from '../http/call-context';

/** Every route is served under this prefix, POST only: in the deployed HTTP API and locally. */
export const apiBasePath = '/accounting';

/**
 * What a function touches, and how: the stack grants exactly these (and tells
 * the function only the names it may use).
 */
export type StoreAccess = {
  table: 'read' | 'write';
  /** Export files, under `orgs/*` only. */
  bucket?: 'write';
  /** Starts export builds: invokes the export worker asynchronously. */
  exportWorker?: 'invoke';
  /** Publishes the service's events to the event bus. */
  eventBus?: 'publish';
};

/**
 * One `/accounting` route: the single source of truth read by the CDK stack,
 * the local server, the docs and the test matrix.
 */
export interface RouteDefinition<Schema extends z.ZodTypeAny = z.ZodTypeAny> {
  /** Path under `/accounting`, e.g. `/event/record`. */
  path: string;
  /** Stable operation name, e.g. `event.record`; it is also `stats.call`. */
  operation: string;
  /** Kebab-case name of the Lambda and its entry file `functions/http/<name>.ts`. */
  name: string;
  /** Record family, used to group functions (and their shared role) in the stack. */
  family: string;
  schema: Schema;
  roles: RoleFamily;
  /** The request accepts `idempotency_key` and replays the original response. */
  idempotent: boolean;
  stores: StoreAccess;
  /** A valid request body for the docs, the README and the route x caller test matrix. */
  example(orgcode: string): Record<string, unknown>;
  /** Returns the response `data` object. (Method syntax: a registry holds routes of every schema.) */
  handle(input: z.infer<Schema>, context: CallContext): Promise<Record<string, unknown>>;
}

export function defineRoute<Schema extends z.ZodTypeAny>(route: RouteDefinition<Schema>) {
  return route;
}
