/**
 * Spec list rule 4, once for every list over records with statuses
 * (docs/decisions.md: HTTP contract, Lists): without `status` a list shows
 * the records whose status is not terminal; with `status`, exactly the records
 * of that status, terminal or not.
 *
 * A status is terminal when it ends the record's course: nothing in the
 * normal course moves a record on from it. A correction that reopens one (an
 * invoice written off reopened, a sent batch reported failed) does not make
 * it non-terminal. Each family declares its listing beside its statuses; a
 * list route asks `listedStatuses` which statuses to read.
 */
export interface StatusListing<Status extends string> {
  /** The statuses that end a record's course. */
  readonly terminal: readonly Status[];
  /** What a list shows without `status`. */
  readonly shownByDefault: readonly Status[];
}

/** The listing of a family whose list shows, by default, every status but the terminal ones. */
export function statusListing<Status extends string>(statuses: readonly Status[], terminal: readonly Status[]): StatusListing<Status> {
  return { terminal, shownByDefault: statuses.filter((status) => !terminal.includes(status)) };
}

/** The statuses a list reads: the one asked for, else the listing's default. */
export function listedStatuses<Status extends string>(listing: StatusListing<Status>, requested: Status | undefined): readonly Status[] {
  return requested === undefined ? listing.shownByDefault : [requested];
}

/**
 * The one status a list reads whose index keeps each status in a partition of
 * its own (comments, inbox), so its default must be a single status.
 */
export function listedStatus<Status extends string>(
  listing: StatusListing<Status> & { readonly shownByDefault: readonly [Status] },
  requested: Status | undefined,
): Status {
  return requested ?? listing.shownByDefault[0];
}
