import { type OrgRateLimit, callsAvailable, msUntilOneCall, tatAfter } from '../domain/org-rate';

export type { OrgRateLimit } from '../domain/org-rate';

/**
 * The per-organisation call limit (docs/decisions.md: Per-organisation limit),
 * held across every environment of every route function: the allowance is one
 * shared bucket per organisation (a `CallSource`, in the table), and each
 * environment takes calls from it in leases, a few at a time, then admits its
 * calls from its lease with no I/O. A lease is taken again when half of it is
 * spent, in the background, so a call that is not limited seldom waits on the
 * table; only an environment with nothing left in hand waits for its take.
 * Once the shared bucket is empty, the environment refuses locally until it
 * holds a call again. Leases are sized to what the environment spends in
 * `leaseHorizonMs`, so an environment that calls rarely takes one call at a
 * time and holds back little of the allowance from the others.
 *
 * An environment with nothing in hand whose last take was granted in full,
 * and whose last sight of the bucket left more than a lease besides, admits
 * the call at once, on credit, and takes its lease beside it: the call is paid
 * from that lease. Without this, an
 * organisation calling less than once a lease lifetime per environment (most
 * of them) would wait for a conditional write on nearly every call. The credit
 * is one call per environment until a take comes back short, so an
 * organisation over its limit is refused as before.
 */

/** Where leases come from: takes up to `want` calls of the organisation's allowance at `now`. */
export type CallSource = (
  orgcode: string,
  want: number,
  now: number,
  knownTat: number | undefined,
) => Promise<{ granted: number; tat: number | undefined }>;

/** A lease is sized to what its environment spends in this long (its next take is under way by half of it). */
const leaseHorizonMs = 1_000;
/** Calls of a lease not spent within this long go back unused (the allowance already counted them). */
const leaseLifetimeMs = 1_000;
/** Takes a call waits for before it is refused although the organisation had room (its environment's calls outran them). */
const maxRoundsPerCall = 4;
/** Organisations remembered per environment; the least recently seen is forgotten first. */
const rememberedOrgs = 10_000;

interface Hand {
  orgcode: string;
  /** Calls of the current lease still to spend, until `expiresAt`. */
  calls: number;
  expiresAt: number;
  /** The size of the next lease. */
  size: number;
  /** When the shared bucket was last found empty: no take before this. */
  refusedUntil: number;
  /** The bucket's `tat` as last seen. */
  tat: number | undefined;
  /** Whether the last take was granted all it asked for: the organisation had room, so a call may go on credit. */
  hadRoom: boolean;
  /** Calls admitted since the last take, and when that was: the environment's rate. */
  spent: number;
  takenAt: number;
  take?: Promise<void>;
}

export class OrgRateLimiter {
  private readonly hands = new Map<string, Hand>();
  /** The largest lease: a quarter of the burst, so a handful of environments cannot hold it all. */
  private readonly maxLease: number;

  constructor(
    private readonly limit: OrgRateLimit,
    private readonly source: CallSource,
  ) {
    this.maxLease = Math.max(1, Math.floor(limit.burst / 4));
  }

  /** Admits a call of `orgcode` at `nowMs`: 0 when admitted, else the milliseconds until the organisation has a call again. */
  async admit(orgcode: string, nowMs: number): Promise<number> {
    const hand = this.handOf(orgcode, nowMs);
    // Calls of one environment that arrive together share its takes: a take that comes back with room but is spent
    // by the others sends a call round again, and only a take that found the bucket empty refuses it.
    for (let round = 0; round < maxRoundsPerCall; round += 1) {
      if (this.spend(hand, nowMs)) return 0;
      if (nowMs < hand.refusedUntil) return hand.refusedUntil - nowMs;
      if (this.mayCredit(hand, nowMs)) {
        hand.calls = Math.min(hand.calls, 0) - 1;
        hand.spent += 1;
        void this.startTake(hand, nowMs);
        return 0;
      }
      await (hand.take ?? this.startTake(hand, nowMs));
    }
    return Math.max(1, hand.refusedUntil - nowMs);
  }

  /**
   * Whether a call may go on credit: the last take was granted in full, and the
   * bucket as last seen holds more than a lease besides, so the take beside the
   * call will pay for it (an environment that knows the organisation is near its
   * limit waits for its take instead).
   */
  private mayCredit(hand: Hand, nowMs: number): boolean {
    return hand.hadRoom && !hand.take && nowMs >= hand.refusedUntil && callsAvailable(this.limit, hand.tat, nowMs) > this.maxLease;
  }

  private handOf(orgcode: string, nowMs: number): Hand {
    const hand = this.hands.get(orgcode) ?? { orgcode, calls: 0, expiresAt: 0, size: 1, refusedUntil: 0, tat: undefined, hadRoom: true, spent: 0, takenAt: nowMs };
    this.hands.delete(orgcode);
    this.hands.set(orgcode, hand);
    if (this.hands.size > rememberedOrgs) this.hands.delete(this.hands.keys().next().value as string);
    return hand;
  }

  /** Spends a call in hand; once half the lease is spent, the next take starts in the background. */
  private spend(hand: Hand, nowMs: number): boolean {
    if (hand.calls < 1 || nowMs >= hand.expiresAt) return false;
    hand.calls -= 1;
    hand.spent += 1;
    if (hand.calls <= hand.size / 2 && !hand.take && nowMs >= hand.refusedUntil) this.startTake(hand, nowMs);
    return true;
  }

  private startTake(hand: Hand, nowMs: number): Promise<void> {
    const { orgcode } = hand;
    const elapsed = Math.max(1, nowMs - hand.takenAt);
    hand.size = Math.min(this.maxLease, Math.max(1, Math.ceil((hand.spent / elapsed) * leaseHorizonMs)));
    hand.spent = 0;
    hand.takenAt = nowMs;
    const want = hand.size;
    const take = this.source(orgcode, want, nowMs, hand.tat)
      .catch((error: unknown) => {
        // The limit guards the stage; a table that cannot answer must not refuse the organisation's calls.
        console.error(JSON.stringify({ level: 'warn', message: 'org rate limit: lease taken locally', orgcode, error: String(error) }));
        return { granted: want, tat: hand.tat };
      })
      .then(({ granted, tat }) => {
        hand.tat = tat;
        hand.hadRoom = granted >= want;
        // A call admitted on credit is paid from this lease, however old the last one.
        hand.calls = (nowMs < hand.expiresAt ? hand.calls : Math.min(hand.calls, 0)) + granted;
        hand.expiresAt = nowMs + leaseLifetimeMs;
        if (granted === 0) hand.refusedUntil = nowMs + msUntilOneCall(this.limit, tat, nowMs);
      })
      .finally(() => {
        hand.take = undefined;
      });
    hand.take = take;
    return take;
  }
}

/**
 * An allowance kept in this environment's memory only: the bucket the limit
 * used to be, per environment. For the bench's comparison and for a stack
 * whose environments are one process anyway.
 */
export function inMemoryCallSource(limit: OrgRateLimit): CallSource {
  const tats = new Map<string, number>();
  return async (orgcode, want, now) => {
    const tat = tats.get(orgcode);
    const granted = Math.min(want, callsAvailable(limit, tat, now));
    if (granted > 0) tats.set(orgcode, tatAfter(limit, tat, now, granted));
    return { granted, tat: tats.get(orgcode) };
  };
}
