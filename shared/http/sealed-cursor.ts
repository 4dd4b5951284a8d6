import { serviceConfig } from '../config';
import type { CallContext } from './call-context';
import { type Sealed, openSealedObject, sealObject } from '../domain/sealed-object';

/**
 * Reads and writes a resumption state the client sees as an object (a cursor
 * whose fields the contract names), sealed and bound to the caller's org, the
 * route and the request's other fields, so it can only resume the call it came
 * from; `field` is the request field a forged one is reported at.
 */
export function sealedCursor<State extends object>(context: CallContext, filters: unknown, field: string) {
  const binding = { orgcode: context.caller.orgcode, route: context.route.path, filters };
  const keys = serviceConfig().tokenKeys;
  return {
    read: (sealed: Sealed<State> | null | undefined): State | undefined =>
      sealed ? openSealedObject(keys, binding, sealed, field) : undefined,
    next: (state: State): Sealed<State> => sealObject(keys, binding, state),
  };
}
