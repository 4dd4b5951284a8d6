import { InvalidStateError } from './errors';
import type { StatusListing } from './list-statuses';

/**
 * The lifecycle comments and inbox items share (docs/decisions.md: Comments,
 * Inbox): `current` and `archived` move to each other, either moves to
 * `doomed`, and `doomed` is terminal.
 */
export const lifecycleStatuses = ['current', 'archived', 'doomed'] as const;
export type LifecycleStatus = (typeof lifecycleStatuses)[number];

/**
 * Lists show `current` unless asked otherwise: `doomed` is terminal, and
 * archiving is how a user puts a record out of the default view (the spec's
 * comment lists default to one state, the non-terminal one in use).
 */
export const lifecycleListing = { terminal: ['doomed'], shownByDefault: ['current'] } as const satisfies StatusListing<LifecycleStatus>;

const movesFrom: Record<LifecycleStatus, readonly LifecycleStatus[]> = {
  current: ['archived'],
  archived: ['current'],
  doomed: ['current', 'archived'],
};

/** The statuses a record may move to `target` from. */
export function lifecycleMoveSources(target: LifecycleStatus): readonly LifecycleStatus[] {
  return movesFrom[target];
}

/** 409 invalid-state for a move the lifecycle does not allow, naming both ends. */
export function invalidLifecycleMove(record: string, from: string, to: LifecycleStatus): InvalidStateError {
  const why = from === 'doomed' ? `a doomed ${record} never changes again` : `only ${movesFrom[to].join(' or ')} can`;
  return new InvalidStateError(`A ${from} ${record} cannot become ${to}: ${why}`, { from, to });
}

/** The statuses whose records can still change (revise, reply): all but doomed. */
export const changeableStatuses: readonly LifecycleStatus[] = ['current', 'archived'];
