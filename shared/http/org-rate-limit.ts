import { type OrgRateLimit, callsAvailable, emissionMs, msUntilOneCall, tatAfter } from '../domain/org-rate';
import { pause } from '../pause';

/**
 * The per-organisation call limit (docs/decisions.md: Per-organisation limit),
 * held across every environment of every route function: the allowance is one
 * shared bucket per organisation (a `CallSource`, in the table), and each
 * environment takes calls from it in leases, a few at a time, then admits its
 * calls from its lease with no I/O. Leases are sized to what the environment
 * is asked for in `leaseHorizonMs` (admitted or not), so an environment that
 * calls rarely takes one call at a time and holds back little of the allowance
 * from the others.
 *
 * Nothing a call starts outlives it (Lambda freezes the environment once the
 * handler returns): the next lease is taken beside a call once half the lease
 * is spent, and `settled()`, awaited before the answer, lets it finish first.
 * A call with nothing in hand waits for its take, unless its environment is
 * asked less than a call a second and its last take was granted in full with
 * more than a lease left in the bucket: then it is admitted at once, on
 * credit, paid from the take beside it (so a quiet organisation never waits
 * on the table). An environment that has never taken a lease has no credit.
 *
 * Once the bucket is empty, or a take fails (throttled: the bucket item's
 * partition is at its limit; the SDK does not retry a take), the environment
 * refuses locally and takes again only after a backoff that doubles with each
 * take in a row that came back empty, up to `maxBackoffMs`: many environments
 * of an organisation over its limit write to its one item rarely, and a
 * failure never admits a call (fail closed). Only a take that fails while the
 * environment last found room is tried once more, after a short pause.
 */

/** Where leases come from: takes up to `want` calls of the organisation's allowance at `now`. */
export type CallSource = (
  orgcode: string,
  want: number,
  now: number,
  knownTat: number | undefined,
) => Promise<{ granted: number; tat: number | undefined }>;

/** A lease is sized to what its environment is asked in this long (its next take is under way by half of it). */
const leaseHorizonMs = 1_000;
/**
 * Calls of a lease not spent within this long go back unused (the allowance
 * already counted them): twice the horizon, so an environment whose calls come
 * a little late (a stalled host, a slow call) does not lose what it took.
 */
const leaseLifetimeMs = 2_000;
/** Takes a call waits for before it is refused although the organisation had room (its environment's calls outran them). */
const maxRoundsPerCall = 4;
/**
 * The longest wait between takes of an environment whose takes come back empty
 * (drawn from its upper half, 2.25 s on average): 50 environments at it take
 * about 22 times a second, each a write unit or two, well inside a tenth of a
 * partition's 1,000 write units; and the longest an organisation back under its
 * limit is still refused by such an environment.
 */
const maxBackoffMs = 3_000;
/** The pause before a failed take is tried again (doubled at most, at random). */
const retryPauseMs = 25;
/** Organisations remembered per environment; the least recently seen is forgotten first. */
const rememberedOrgs = 10_000;

interface Hand {
  orgcode: string;
  /** Calls of the current lease still to spend, until `expiresAt`; below 0 when calls went on credit. */
  calls: number;
  expiresAt: number;
  /** The size of the next lease. */
  size: number;
  /** No take before this: the bucket was found empty, or a take failed. */
  refusedUntil: number;
  /** Takes in a row that came back empty or failed: the backoff's exponent. */
  emptyTakes: number;
  /** The bucket's `tat` as last seen. */
  tat: number | undefined;
  /** Whether the last take was granted all it asked for. */
  hadRoom: boolean;
  /** Calls the bucket held besides, as the last take left it: the organisation's room, not guessed forward. */
  roomSeen: number;
  /** Calls asked for since the last take, admitted or not, and when that was (none yet: demand unknown): the environment's demand. */
  asked: number;
  takenAt: number | undefined;
  take?: Promise<void>;
}

export class OrgRateLimiter {
  private readonly hands = new Map<string, Hand>();
  private readonly takes = new Set<Promise<void>>();
  /** The largest lease: a quarter of the burst, so a handful of environments cannot hold it all. */
  private readonly maxLease: number;

  constructor(
    private readonly limit: OrgRateLimit,
    private readonly source: CallSource,
    private readonly random: () => number = Math.random,
  ) {
    this.maxLease = Math.max(1, Math.floor(limit.burst / 4));
  }

  /** Admits a call of `orgcode` at `nowMs`: 0 when admitted, else the milliseconds until this environment takes again. */
  async admit(orgcode: string, nowMs: number): Promise<number> {
    const hand = this.handOf(orgcode);
    hand.asked += 1;
    // Calls of one environment that arrive together share its takes: a take that comes back with room but is spent
    // by the others sends a call round again, and only a take that found the bucket empty refuses it.
    for (let round = 0; round < maxRoundsPerCall; round += 1) {
      if (this.spend(hand, nowMs)) return 0;
      if (nowMs < hand.refusedUntil) return hand.refusedUntil - nowMs;
      if (this.mayCredit(hand, nowMs)) {
        hand.calls = Math.min(hand.calls, 0) - 1;
        void this.startTake(hand, nowMs);
        return 0;
      }
      await (hand.take ?? this.startTake(hand, nowMs));
    }
    return Math.max(1, hand.refusedUntil - nowMs);
  }

  /** Resolves once every take this environment started has finished: awaited before a call is answered. */
  async settled(): Promise<void> {
    while (this.takes.size > 0) await Promise.allSettled([...this.takes]);
  }

  /**
   * Whether a call may go on credit: the environment is asked less than a call
   * a lease horizon (a busier one takes ahead instead), its last take was
   * granted in full and left the bucket more than a lease besides, so the take
   * beside the call will pay for it. An environment that saw the organisation
   * near its limit waits for its take instead, however long ago it looked.
   */
  private mayCredit(hand: Hand, nowMs: number): boolean {
    return this.demand(hand, nowMs) <= 1 && hand.hadRoom && !hand.take && hand.roomSeen > this.maxLease;
  }

  private handOf(orgcode: string): Hand {
    const hand = this.hands.get(orgcode) ?? {
      orgcode,
      calls: 0,
      expiresAt: 0,
      size: 1,
      refusedUntil: 0,
      emptyTakes: 0,
      tat: undefined,
      hadRoom: false,
      roomSeen: 0,
      asked: 0,
      takenAt: undefined,
    };
    this.hands.delete(orgcode);
    this.hands.set(orgcode, hand);
    if (this.hands.size > rememberedOrgs) this.hands.delete(this.hands.keys().next().value as string);
    return hand;
  }

  /** Spends a call in hand; once half the lease is spent, the next take starts beside the call. */
  private spend(hand: Hand, nowMs: number): boolean {
    if (hand.calls < 1 || nowMs >= hand.expiresAt) return false;
    hand.calls -= 1;
    // A lease of one call is not taken ahead: at that rate it would lapse before the next call, and credit serves it instead.
    if (hand.size > 1 && hand.calls <= hand.size / 2 && !hand.take && nowMs >= hand.refusedUntil) void this.startTake(hand, nowMs);
    return true;
  }

  /** How long an environment waits before its next take once takes came back empty: doubling, jittered, at least until the bucket holds a call. */
  private backoffMs(hand: Hand, nowMs: number): number {
    const untilOneCall = msUntilOneCall(this.limit, hand.tat, nowMs);
    const bound = Math.min(maxBackoffMs, emissionMs(this.limit) * 2 ** Math.max(0, hand.emptyTakes - 1));
    // The first wait is the bucket's own; later ones drawn from the upper half of their bound, so environments refused together part.
    return Math.ceil(Math.max(untilOneCall, hand.emptyTakes <= 1 ? bound : bound / 2 + (this.random() * bound) / 2));
  }

  /**
   * Calls the environment is asked for in a lease horizon, at the rate it was asked since its last take; none before
   * its first: a fresh environment knows nothing of its demand yet, and a burst of cold starts must not hoard the bucket.
   */
  private demand(hand: Hand, nowMs: number): number {
    return hand.takenAt === undefined ? 0 : (hand.asked / Math.max(1, nowMs - hand.takenAt)) * leaseHorizonMs;
  }

  /**
   * One take from the shared allowance. A take that fails (the bucket item
   * throttled, the table unreachable) is tried once more after a short pause
   * while this environment has not found the bucket empty lately, as a throttle
   * that passes would be retried; once it has, the failure refuses at once.
   */
  private async fromSource(hand: Hand, want: number, nowMs: number): Promise<{ granted: number; tat: number | undefined }> {
    try {
      return await this.source(hand.orgcode, want, nowMs, hand.tat);
    } catch (error) {
      if (hand.emptyTakes > 0) throw error;
      await pause(retryPauseMs * (1 + this.random()));
      return this.source(hand.orgcode, want, nowMs, hand.tat);
    }
  }

  private startTake(hand: Hand, nowMs: number): Promise<void> {
    const { orgcode } = hand;
    hand.size = Math.min(this.maxLease, Math.max(1, Math.ceil(this.demand(hand, nowMs))));
    hand.asked = 0;
    hand.takenAt = nowMs;
    const want = hand.size;
    const take = this.fromSource(hand, want, nowMs)
      .then(
        ({ granted, tat }) => {
          hand.tat = tat;
          hand.hadRoom = granted >= want;
          hand.roomSeen = callsAvailable(this.limit, tat, nowMs);
          // A call admitted on credit is paid from this lease, however old the last one.
          hand.calls = (nowMs < hand.expiresAt ? hand.calls : Math.min(hand.calls, 0)) + granted;
          hand.expiresAt = nowMs + leaseLifetimeMs;
          // Empty: back off further. Short: others take too, so the next take waits as long again. In full: a step less.
          if (granted === 0) hand.emptyTakes += 1;
          else if (hand.hadRoom) hand.emptyTakes = Math.max(0, hand.emptyTakes - 1);
          else hand.emptyTakes = Math.max(1, hand.emptyTakes);
          if (hand.emptyTakes > 0) hand.refusedUntil = nowMs + this.backoffMs(hand, nowMs);
        },
        (error: unknown) => {
          // Fail closed: the table refused (most likely the bucket's partition at its limit), so no call goes without a lease.
          console.error(JSON.stringify({ level: 'warn', message: 'org rate limit: take failed, calls refused', orgcode, error: String(error) }));
          hand.hadRoom = false;
          hand.emptyTakes += 1;
          hand.refusedUntil = nowMs + this.backoffMs(hand, nowMs);
        },
      )
      .finally(() => {
        hand.take = undefined;
        this.takes.delete(take);
      });
    hand.take = take;
    this.takes.add(take);
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
