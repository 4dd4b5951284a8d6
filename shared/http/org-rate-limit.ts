import { type TakenCalls, TakeThrottledError } from '../db/auth/org-rate-repository';
import {
  type OrgAllowance,
  type OrgRateLimit,
  countLimit,
  countRoom,
  emissionMs,
  msUntilOneCall,
  periodOf,
  shareHeadroom,
  sharePeriodMs,
  sharesOf,
  smallestShare,
} from '../domain/org-rate';
import { pause } from '../pause';
import { HeldShare } from './org-rate-share';
import type { CallSource } from './org-rate-sources';
import { TakeFailureLog } from './org-rate-take-log';

/**
 * The per-organisation call limit (docs/decisions.md: Per-organisation limit),
 * held across every environment of every route function: the allowance is one
 * item per organisation (a `CallSource`, in the table; shared/domain/org-rate.ts),
 * and an environment admits its calls with no I/O from what it took of it.
 *
 * Shares: an environment asked at a steady pace, at least about the smallest
 * share, claims a rate for the current period and four more (40 to 50 s, one
 * write), its pace with a little headroom, and admits its calls at that rate
 * (org-rate-share.ts), even while its count takes are backing off; in its last
 * period it claims three more beside a call.
 * The rate is what the environment holds back, not calls, so an organisation
 * at its limit over fifty environments writes its item about once in 40 s an
 * environment.
 *
 * Count takes: an environment asked less, or before it knows its demand, or
 * once its share is spent, takes calls from the count bucket in leases sized
 * to what it is asked in `leaseHorizonMs` (admitted or not), so one that calls
 * rarely takes one call at a time and holds back little of the allowance.
 *
 * Nothing a call starts outlives it (Lambda freezes the environment once the
 * handler returns): the next lease or claim is taken beside a call, and
 * `settled()`, awaited before the answer, lets it finish first. A call with
 * nothing in hand waits for its take, unless its environment is asked less
 * than a call a second and its last take was granted in full with more than a
 * lease left in the bucket: then it is admitted at once, on credit, paid from
 * the take beside it. An environment that has never taken a lease has no credit.
 *
 * A take whose every attempt met another environment's write while the
 * bucket still had half its burst or more is not a refusal: the organisation
 * is well under its limit, so the calls waiting on it go round again at once,
 * with the allowance the failed condition returned. With less left, it backs
 * off as an empty take does: many environments are after the little there is,
 * and going round again at once would race them for every call.
 *
 * Once the allowance is spent, the environment refuses locally and takes
 * again only after a backoff that doubles with each take in a row that came
 * back empty, up to `maxBackoffMs`; one that knows the allowance has nothing
 * left writes nothing. A take the table throttles for the allowance item's
 * own key refuses too (fail closed: the item is hot because too many
 * environments write it). A take that fails for any other cause (the table
 * unreachable, a server error past the SDK's retries, the table throttled as
 * a whole) admits one lease's worth unchecked for `uncheckedMs`, as the
 * routes' own requests would ride it out. Both are counted, a log line a
 * window (org-rate-take-log.ts).
 */

/** A lease is sized to what its environment is asked in this long (its next take is under way by half of it). */
const leaseHorizonMs = 1_000;
/** The shortest span a demand is measured over. */
const minDemandSpanMs = 100;
/** Calls of a lease not spent within this long go back unused (the allowance already counted them). */
const leaseLifetimeMs = 2_000;
/** Takes a call waits for before it is refused although the organisation had room (its environment's calls outran them). */
const maxRoundsPerCall = 4;
/** The longest wait between takes of an environment whose takes come back empty (drawn from its upper half). */
const maxBackoffMs = 3_000;
/** The pause before a throttled take is tried again (doubled at most, at random). */
const retryPauseMs = 25;
/** How long a lease's worth of calls is admitted unchecked after a take failed for a cause other than the item's own throttling. */
const uncheckedMs = 1_000;
/** Periods a first claim covers (the current one and four more), and a renewal adds. */
const claimedPeriods = 5;
const renewedPeriods = 3;
/** An environment claims a share once asked at least this share of the smallest one (which it then claims at least)... */
const claimAtShareOfSmallest = 0.75;
/** ...over this long at least: a burst of calls is the count bucket's to serve, a share is for a steady pace. */
const steadyAfterMs = 2_000;
/** Organisations remembered per environment; the least recently seen is forgotten first. */
const rememberedOrgs = 10_000;

interface Hand {
  orgcode: string;
  /** Calls of the current lease still to spend, until `expiresAt`; below 0 when calls went on credit. */
  calls: number;
  expiresAt: number;
  /** The size of the next lease. */
  size: number;
  /** No take before this: the allowance was found spent, or a take failed. */
  refusedUntil: number;
  /** No claim before this: the periods ahead were found full. */
  claimsRefusedUntil: number;
  /** Takes in a row that came back empty or failed: the backoff's exponent. */
  emptyTakes: number;
  /** The allowance as last seen. */
  known: OrgAllowance | undefined;
  /** Whether the last take was granted all it asked for. */
  hadRoom: boolean;
  /** Calls the count bucket held besides, as the last take left it. */
  roomSeen: number;
  /** Calls asked for since the last take or claim, admitted or not, and when that was (none yet: demand unknown). */
  asked: number;
  /** Calls of the environment waiting for a take now: the next take asks for them all. */
  waiting: number;
  takenAt: number | undefined;
  /** Calls asked for since `paceSince` (the first call seen, or the last claim): the pace a share is claimed at. */
  paced: number;
  paceSince: number | undefined;
  share?: HeldShare;
  work?: Promise<void>;
}

export class OrgRateLimiter {
  private readonly hands = new Map<string, Hand>();
  private readonly works = new Set<Promise<void>>();
  private readonly failures = new TakeFailureLog();
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
    hand.paced += 1;
    hand.paceSince ??= nowMs;
    // Calls of one environment that arrive together share its takes: a take that comes back with room but is spent
    // by the others sends a call round again, and only a take that found the allowance spent refuses it.
    for (let round = 0; round < maxRoundsPerCall; round += 1) {
      if (this.spendShare(hand, nowMs) || this.spendLease(hand, nowMs)) return 0;
      // A steady environment claims a share even while its count takes are refused: a share costs a write in tens of
      // seconds, where takes for calls of an organisation over its limit would race the others for each call.
      if (this.mayClaim(hand, nowMs)) {
        await (hand.work ?? this.startClaim(hand, nowMs));
        continue;
      }
      if (nowMs < hand.refusedUntil) return hand.refusedUntil - nowMs;
      if (this.mayCredit(hand, nowMs)) {
        hand.calls = Math.min(hand.calls, 0) - 1;
        void this.startTake(hand, nowMs);
        return 0;
      }
      hand.waiting += 1;
      try {
        await (hand.work ?? this.startTake(hand, nowMs));
      } finally {
        hand.waiting -= 1;
      }
    }
    return Math.max(1, hand.refusedUntil - nowMs);
  }

  /** Resolves once every take and claim this environment started has finished: awaited before a call is answered. */
  async settled(): Promise<void> {
    while (this.works.size > 0) await Promise.allSettled([...this.works]);
  }

  private handOf(orgcode: string): Hand {
    const hand = this.hands.get(orgcode) ?? {
      orgcode,
      calls: 0,
      expiresAt: 0,
      size: 1,
      refusedUntil: 0,
      claimsRefusedUntil: 0,
      emptyTakes: 0,
      known: undefined,
      hadRoom: false,
      roomSeen: 0,
      asked: 0,
      waiting: 0,
      takenAt: undefined,
      paced: 0,
      paceSince: undefined,
    };
    this.hands.delete(orgcode);
    this.hands.set(orgcode, hand);
    if (this.hands.size > rememberedOrgs) this.hands.delete(this.hands.keys().next().value as string);
    return hand;
  }

  /** Spends a call of the environment's share, if it holds one with a call in it; in its last period, renews it beside the call. */
  private spendShare(hand: Hand, nowMs: number): boolean {
    const share = hand.share;
    if (!share) return false;
    if (!share.covers(nowMs)) {
      hand.share = undefined;
      return false;
    }
    if (!share.spend(nowMs)) return false;
    // An environment asked less than a share's worth by now lets it lapse.
    if (share.renewalDue(nowMs) && !hand.work && this.steady(hand, nowMs)) void this.startClaim(hand, nowMs);
    return true;
  }

  /**
   * Spends a call of the lease in hand; once half the lease is spent, the next
   * take starts beside the call, or a claim, once the environment's pace is steady.
   */
  private spendLease(hand: Hand, nowMs: number): boolean {
    if (hand.calls < 1 || nowMs >= hand.expiresAt) return false;
    hand.calls -= 1;
    // A lease of one call is not taken ahead: at that rate it would lapse before the next call, and credit serves it instead.
    if (hand.size > 1 && hand.calls <= hand.size / 2 && !hand.work && nowMs >= hand.refusedUntil) {
      void (this.mayClaim(hand, nowMs) ? this.startClaim(hand, nowMs) : this.startTake(hand, nowMs));
    }
    return true;
  }

  /**
   * Whether a call may go on credit: the environment is asked less than a call
   * a lease horizon (a busier one takes ahead instead), its last take was
   * granted in full and left the bucket more than a lease besides, so the take
   * beside the call will pay for it.
   */
  private mayCredit(hand: Hand, nowMs: number): boolean {
    return this.demand(hand, nowMs) <= 1 && hand.hadRoom && !hand.work && hand.roomSeen > this.maxLease;
  }

  /**
   * Calls a second the environment is asked, since its last take or claim; none before its first: a fresh environment
   * knows nothing of its demand yet, and a burst of cold starts must not hoard the allowance. Measured over
   * `minDemandSpanMs` at least: calls that arrive together (a local server's environment serves them at once) are a
   * handful, not a rate of thousands a second.
   */
  private demand(hand: Hand, nowMs: number): number {
    return hand.takenAt === undefined ? 0 : (hand.asked / Math.max(minDemandSpanMs, nowMs - hand.takenAt)) * leaseHorizonMs;
  }

  /** Calls a second the environment was asked since `paceSince`, after the first; none over less than `steadyAfterMs`. */
  private pace(hand: Hand, nowMs: number): number {
    const span = nowMs - (hand.paceSince ?? nowMs);
    return span < steadyAfterMs ? 0 : ((hand.paced - 1) / span) * 1000;
  }

  /** Whether the environment is asked steadily enough to hold a share. */
  private steady(hand: Hand, nowMs: number): boolean {
    return this.pace(hand, nowMs) >= claimAtShareOfSmallest * smallestShare(this.limit);
  }

  /** Whether the environment claims a share: the allowance is shared, it holds none, it is asked steadily enough, and the periods ahead were not found full. */
  private mayClaim(hand: Hand, nowMs: number): boolean {
    return Boolean(this.source.claim) && !hand.share && this.steady(hand, nowMs) && nowMs >= hand.claimsRefusedUntil;
  }

  /** How long an environment waits before its next take once takes came back empty: doubling, jittered, at least until the bucket holds a call. */
  private backoffMs(hand: Hand, nowMs: number): number {
    const counts = countLimit(this.limit, hand.known ? sharesOf(hand.known, periodOf(nowMs)) : 0);
    // Shares hold the rate: nothing is left to count takes before the next period.
    const untilOneCall = counts ? msUntilOneCall(counts, hand.known?.tat, nowMs) : (periodOf(nowMs) + 1) * sharePeriodMs - nowMs;
    const bound = Math.min(maxBackoffMs, emissionMs(this.limit) * 2 ** Math.max(0, hand.emptyTakes - 1));
    // The first wait is the bucket's own; later ones drawn from the upper half of their bound, so environments refused together part.
    return Math.ceil(Math.max(untilOneCall, hand.emptyTakes <= 1 ? bound : bound / 2 + (this.random() * bound) / 2));
  }

  /** Runs `work` as the environment's one take or claim in flight, awaited by settled(). */
  private track(hand: Hand, work: Promise<void>): Promise<void> {
    const tracked = work.finally(() => {
      hand.work = undefined;
      this.works.delete(tracked);
    });
    hand.work = tracked;
    this.works.add(tracked);
    return tracked;
  }

  /**
   * Calls `attempt` once more after a short pause when it was throttled while
   * this environment last found room, as a throttle that passes would be retried;
   * once it has found the allowance spent, a throttle refuses at once.
   */
  private async retriedOnce<Result>(hand: Hand, attempt: () => Promise<Result>): Promise<Result> {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof TakeThrottledError) || hand.emptyTakes > 0) throw error;
      await pause(retryPauseMs * (1 + this.random()));
      return attempt();
    }
  }

  private startTake(hand: Hand, nowMs: number): Promise<void> {
    const { orgcode } = hand;
    // The lease its demand asks for, and at least the calls waiting on it.
    hand.size = Math.min(this.maxLease, Math.max(1, hand.waiting, Math.ceil(this.demand(hand, nowMs))));
    hand.asked = 0;
    hand.takenAt = nowMs;
    const want = hand.size;
    const take = this.retriedOnce(hand, () => this.takeUnlessSpent(hand, want, nowMs)).then(
      ({ granted, allowance, contended }) => {
        hand.known = allowance;
        hand.hadRoom = granted >= want;
        hand.roomSeen = countRoom(this.limit, allowance, nowMs);
        // A call admitted on credit is paid from this lease, however old the last one.
        hand.calls = (nowMs < hand.expiresAt ? hand.calls : Math.min(hand.calls, 0)) + granted;
        hand.expiresAt = nowMs + leaseLifetimeMs;
        // Contended with half the burst or more left: no backoff, the organisation is well under its limit (the calls go
        // round again). Contended with less, or empty: back off further, as many environments are after the little
        // there is. Short: others take too, so the next take waits as long again. In full: a step less.
        if (contended && hand.roomSeen >= this.limit.burst / 2) return;
        if (granted === 0) hand.emptyTakes += 1;
        else if (hand.hadRoom) hand.emptyTakes = Math.max(0, hand.emptyTakes - 1);
        else hand.emptyTakes = Math.max(1, hand.emptyTakes);
        if (hand.emptyTakes > 0) hand.refusedUntil = nowMs + this.backoffMs(hand, nowMs);
      },
      (error: unknown) => this.failed(hand, error, nowMs),
    );
    return this.track(hand, take);
  }

  /**
   * A take, unless the environment knows nothing of the allowance yet or its
   * last take found it spent, and the item read consistently shows it spent:
   * many environments of an organisation over its limit (or starting together)
   * then read its item (one read unit), and only those that see room write to
   * it, in the form the bucket is in.
   */
  private async takeUnlessSpent(hand: Hand, want: number, nowMs: number): Promise<TakenCalls> {
    if ((hand.known === undefined || hand.emptyTakes > 0) && this.source.read) {
      const seen = await this.source.read(hand.orgcode);
      const room = countRoom(this.limit, seen, nowMs);
      // Less than half the burst left, and takes in a row came back empty: many environments are after it. Each writes
      // at a chance that halves with every empty take, so the writes for a call of room stay a few however many read
      // it; half the burst and more is written for at once (the organisation is back under its limit).
      const chance = room >= this.limit.burst / 2 ? 1 : 2 ** -Math.max(0, hand.emptyTakes - 1);
      if (room < 1 || this.random() >= chance) return { granted: 0, allowance: seen };
      hand.known = seen;
    }
    return this.source.take(hand.orgcode, want, nowMs, hand.known);
  }

  /**
   * Claims a share: the environment's first for the current period and
   * `claimedPeriods - 1` more, or, holding one, `renewedPeriods` more after it.
   * Its rate is the environment's pace with headroom, at least the smallest
   * share. A first claim admits the call it was made for.
   */
  private startClaim(hand: Hand, nowMs: number): Promise<void> {
    const { orgcode } = hand;
    const held = hand.share;
    const periods = held ? held.renewalPeriods(renewedPeriods) : Array.from({ length: claimedPeriods }, (_, index) => periodOf(nowMs) + index);
    const rate = Math.max(smallestShare(this.limit), shareHeadroom * this.pace(hand, nowMs));
    hand.paced = 1;
    hand.paceSince = nowMs;
    const claim = this.retriedOnce(hand, () => this.source.claim!(orgcode, rate, periods, nowMs, hand.known)).then(
      ({ rate: granted, allowance }) => {
        hand.known = allowance;
        const until = (periods.at(-1)! + 1) * sharePeriodMs;
        if (granted === 0) hand.claimsRefusedUntil = (periodOf(nowMs) + 1) * sharePeriodMs;
        else if (hand.share) hand.share.renew(granted, until);
        else hand.share = new HeldShare(granted, until, nowMs, this.limit);
      },
      (error: unknown) => this.failed(hand, error, nowMs),
    );
    return this.track(hand, claim);
  }

  /**
   * A take or claim that failed. Throttled for the allowance's own key: refuse,
   * and back off (fail closed). Any other cause: a lease's worth of calls
   * unchecked for `uncheckedMs`, and no take before then.
   */
  private failed(hand: Hand, error: unknown, nowMs: number): void {
    hand.hadRoom = false;
    if (error instanceof TakeThrottledError) {
      this.failures.note(hand.orgcode, 'refused', error, nowMs);
      hand.emptyTakes += 1;
      hand.refusedUntil = nowMs + this.backoffMs(hand, nowMs);
      return;
    }
    this.failures.note(hand.orgcode, 'unchecked', error, nowMs);
    hand.calls = Math.max(hand.calls, 0) + hand.size;
    hand.expiresAt = nowMs + uncheckedMs;
    hand.refusedUntil = nowMs + uncheckedMs;
  }
}
