/**
 * Live member badges (DESIGN.md §5; spec part 2 §2; issue #4): one registry per process of
 * every open `badges.onChange` subscription, fed by the event bus in one synchronous pass per
 * event instead of one event stream per subscriber.
 *
 * - `request.created`: checked against each subscriber's match profile in memory
 *   (`requestMatches`), so a new request costs no query, and only the members it reaches wake.
 * - `member.changed` / `offers.changed`: only the named members' subscriptions recount (and
 *   re-check their session in the database: sign-out and suspension arrive this way).
 * - `session.touched`: only that session's subscriptions move their in-memory idle timer.
 * - `bus.reconnected` (the LISTEN connection came back after a Postgres restart; the events
 *   of the outage are lost): every subscription re-checks its session, reloads its profile
 *   and recounts requests and offers (issue #10 §2).
 *
 * A fan-out of `request.created` writes each update straight to the subscription's socket when the
 * client gave a key (`badgeFrames.ts`, ADR 0009): tRPC's per-message loop would cost more than the
 * write itself. Everything else is yielded through tRPC.
 *
 * Updates coalesce: a subscription whose previous value tRPC has not taken yet gets only the
 * latest badges once, so a busy consumer never queues stale values. (Neither path waits for a
 * slow socket to drain: like tRPC, writes are buffered by Node, and keep-alive ends dead peers.) A subscription ends when its session ends (idle or
 * absolute limit, computed in memory and swept every `SWEEP_MS`; sign-out or suspension,
 * checked in the database after an event about the member).
 */
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS, type Tier } from "../common/constants";
import { BADGE_COUNT_CAP } from "../common/requests";
import { isSessionAlive, type Session } from "./auth/session";
import type { DirectChannel } from "./badgeFrames";
import type { Db } from "./db/client";
import { loadMatchProfileAndStanding, type MatchProfile, requestMatches } from "./domain/matching";
import { countReceived, countUnreadOffers } from "./domain/requests";
import type { AppEvent, EventBus } from "./events";

/** What the top bar and the dashboard show: counts capped at BADGE_COUNT_CAP for requests. */
export interface Badges {
  /** Matching requests not yet answered or ignored, at most BADGE_COUNT_CAP ("99+"). */
  requests: number;
  /** Unread 'Response to Your Request' notifications. */
  offers: number;
  points: number;
  tier: Tier;
}

/** How often subscriptions whose session ran out in memory are ended without waiting for an event. */
const SWEEP_MS = 30_000;

export interface BadgeHubOptions {
  /** The clock (ms since epoch); tests move it. */
  now?: () => number;
  /** Interval of the expiry sweep, ms (default 30 s). */
  sweepMs?: number;
}
/**
 * Subscriptions woken per turn of the event loop when one event reaches many: each batch's
 * messages are written before the next batch starts, so the first members get their badge
 * at once, the other end starts reading while the server still sends, and requests waiting
 * on the server are not held up by the whole fan-out.
 */
const WAKE_BATCH = 64;
/** Recounts of the requests badge in a row caused by requests created during the count. */
const MAX_RECOUNTS = 3;

interface Subscriber {
  userId: string;
  sessionId: string;
  /** Session start and last activity (ms since epoch), for the in-memory expiry. */
  createdAt: number;
  lastActiveAt: number;
  profile: MatchProfile | null;
  badges: Badges | null;
  /** Work to do before the next update. */
  reloadProfile: boolean;
  recountRequests: boolean;
  recountOffers: boolean;
  checkSession: boolean;
  /** True while countReceived runs: a matching request created meanwhile may be missing from it. */
  counting: boolean;
  ended: boolean;
  /** Badges changed since they were last sent. */
  dirty: boolean;
  wake: (() => void) | null;
  /** In the hub's wake queue. */
  queued: boolean;
  /** Where fan-out updates can be written without tRPC's loop (ADR 0009), or null. */
  channel: DirectChannel<Badges> | null;
}

/** When the session of `s` ends if nothing happens (ms since epoch). */
function expiresAtMs(s: Subscriber): number {
  // sessionExpiresAt in plain numbers: this runs for every update sent.
  return Math.min(s.lastActiveAt + SESSION_IDLE_TIMEOUT_MS, s.createdAt + SESSION_ABSOLUTE_LIFETIME_MS);
}

function hasWork(s: Subscriber): boolean {
  return s.checkSession || s.reloadProfile || s.recountRequests || s.recountOffers;
}

function addTo<K>(index: Map<K, Set<Subscriber>>, key: K, s: Subscriber): void {
  const set = index.get(key);
  if (set) set.add(s);
  else index.set(key, new Set([s]));
}

function removeFrom<K>(index: Map<K, Set<Subscriber>>, key: K, s: Subscriber): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(s);
  if (set.size === 0) index.delete(key);
}

/** The registry of live badge subscriptions of one process. Use `badgeHub(db, events)`. */
export class BadgeHub {
  private readonly all = new Set<Subscriber>();
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private readonly bySession = new Map<string, Set<Subscriber>>();
  private unlisten: (() => void) | null = null;
  /** Subscriptions to wake, in batches of WAKE_BATCH (see `drain`). */
  private wakeQueue: Subscriber[] = [];
  private draining = false;
  private sweeper: NodeJS.Timeout | null = null;
  private directCount = 0;

  private readonly now: () => number;
  private readonly sweepMs: number;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    options: BadgeHubOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.sweepMs = options.sweepMs ?? SWEEP_MS;
  }

  /** Number of open subscriptions (for tests and diagnostics). */
  get size(): number {
    return this.all.size;
  }

  /** Updates written to direct channels since the hub started (for tests and diagnostics). */
  get directSends(): number {
    return this.directCount;
  }

  /**
   * The badges of `session`'s member: once on start, then after every change, until `signal`
   * aborts or the session ends. Values are fresh objects. With a `channel`, updates from a
   * request.created fan-out that find the subscription idle are written to it instead of yielded.
   */
  async *subscribe(
    session: Session,
    signal?: AbortSignal,
    channel: DirectChannel<Badges> | null = null,
  ): AsyncGenerator<Badges, void, undefined> {
    const s: Subscriber = {
      userId: session.userId,
      sessionId: session.id,
      createdAt: session.createdAt.getTime(),
      lastActiveAt: session.lastActiveAt.getTime(),
      profile: null,
      badges: null,
      reloadProfile: true,
      recountRequests: true,
      recountOffers: true,
      checkSession: false,
      counting: false,
      ended: false,
      dirty: true,
      wake: null,
      queued: false,
      channel,
    };
    const onAbort = () => this.end(s);
    if (signal?.aborted) return;
    // The abort listener ends `s`; the loop reads `s.ended` only (AbortSignal getters are slow).
    signal?.addEventListener("abort", onAbort, { once: true });
    this.add(s);
    try {
      let recounts = 0;
      while (!s.ended) {
        if (hasWork(s) && (await this.refresh(s))) {
          // Something arrived while refreshing: refresh again, but do not let a flood of new
          // requests keep the first value from ever being sent.
          if (++recounts < MAX_RECOUNTS || !s.badges) continue;
        }
        recounts = 0;
        if (s.ended) return;
        if (expiresAtMs(s) <= this.now()) return;
        if (s.dirty && s.badges) {
          s.dirty = false;
          yield { ...s.badges };
          continue;
        }
        await new Promise<void>((resolve) => {
          s.wake = resolve;
        });
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
      this.remove(s);
    }
  }

  /**
   * Does the queued database work of `s`. Returns true when more work arrived meanwhile.
   * Ends `s` when its session is gone.
   */
  private async refresh(s: Subscriber): Promise<boolean> {
    if (s.checkSession) {
      s.checkSession = false;
      if (!(await isSessionAlive(this.db, s.sessionId, new Date(this.now())))) {
        s.ended = true;
        return false;
      }
    }
    let standing: { points: number; tier: Tier } | null = null;
    if (s.reloadProfile) {
      s.reloadProfile = false;
      const p = await loadMatchProfileAndStanding(this.db, s.userId);
      s.profile = p.match;
      standing = { points: p.points, tier: p.tier };
      s.recountRequests = true;
    }
    const counted: { requests?: number; offers?: number } = {};
    const jobs: Promise<void>[] = [];
    if (s.recountRequests && s.profile) {
      s.recountRequests = false;
      s.counting = true;
      jobs.push(
        countReceived(this.db, s.userId, s.profile)
          .then((n) => {
            counted.requests = n;
          })
          .finally(() => {
            s.counting = false;
          }),
      );
    }
    if (s.recountOffers) {
      s.recountOffers = false;
      jobs.push(
        countUnreadOffers(this.db, s.userId).then((n) => {
          counted.offers = n;
        }),
      );
    }
    await Promise.all(jobs);
    // Unrecounted figures are read now: increments may have happened during the wait.
    const prev = s.badges;
    const badges: Badges = {
      requests: counted.requests ?? prev?.requests ?? 0,
      offers: counted.offers ?? prev?.offers ?? 0,
      points: standing?.points ?? prev?.points ?? 0,
      tier: standing?.tier ?? prev?.tier ?? "turquoise",
    };
    // An event about this member always gets an answer (DESIGN.md §5), changed or not.
    s.dirty = true;
    s.badges = badges;
    return hasWork(s);
  }

  private add(s: Subscriber): void {
    this.all.add(s);
    addTo(this.byUser, s.userId, s);
    addTo(this.bySession, s.sessionId, s);
    if (!this.unlisten) {
      this.unlisten = this.events.on(
        ["request.created", "member.changed", "offers.changed", "session.touched", "bus.reconnected"],
        (event) => this.dispatch(event),
      );
    }
    if (!this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), this.sweepMs);
      this.sweeper.unref();
    }
  }

  private remove(s: Subscriber): void {
    s.ended = true;
    this.all.delete(s);
    removeFrom(this.byUser, s.userId, s);
    removeFrom(this.bySession, s.sessionId, s);
    if (this.all.size === 0) {
      this.unlisten?.();
      this.unlisten = null;
      if (this.sweeper) clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  private end(s: Subscriber): void {
    s.ended = true;
    this.poke(s);
  }

  private poke(s: Subscriber): void {
    const wake = s.wake;
    if (!wake) return;
    s.wake = null;
    wake();
  }

  /** Queues `s` to be woken by `drain` (a fan-out to many subscriptions). */
  private enqueue(s: Subscriber): void {
    if (s.queued) return;
    s.queued = true;
    this.wakeQueue.push(s);
  }

  /** Starts draining the wake queue unless a drain is already under way. */
  private startDrain(): void {
    if (this.draining || this.wakeQueue.length === 0) return;
    this.draining = true;
    this.drain();
  }

  /** Wakes one batch of queued subscriptions; the rest after their messages are written. */
  private drain(): void {
    const batch = this.wakeQueue.length > WAKE_BATCH ? this.wakeQueue.splice(0, WAKE_BATCH) : this.wakeQueue;
    if (batch === this.wakeQueue) this.wakeQueue = [];
    try {
      for (const s of batch) {
        s.queued = false;
        if (!this.sendDirect(s)) this.poke(s);
      }
    } finally {
      // Whatever happened to this batch, the next one runs (or a later event starts a drain).
      if (this.wakeQueue.length) setImmediate(() => this.drain());
      else this.draining = false;
    }
  }

  /**
   * Writes the badges of `s` to its direct channel (ADR 0009) when it has one and is idle: waiting
   * for work means every value it yielded has been sent by tRPC, so this one cannot overtake an
   * older one. Returns false, having sent nothing, when the generator must handle it.
   */
  private sendDirect(s: Subscriber): boolean {
    if (!s.channel || !s.wake || !s.dirty || !s.badges || s.ended || hasWork(s)) return false;
    if (expiresAtMs(s) <= this.now()) return false; // the generator ends it
    try {
      if (!s.channel.send(s.badges)) return false;
    } catch {
      s.channel = null; // a broken channel: this subscription goes through tRPC from now on
      return false;
    }
    s.dirty = false;
    this.directCount++;
    return true;
  }

  /** Ends subscriptions whose session ran out in memory. */
  private sweep(): void {
    const now = this.now();
    for (const s of this.all) if (expiresAtMs(s) <= now) this.end(s);
  }

  /** Applies one event to the subscriptions it concerns, synchronously. */
  private dispatch(event: AppEvent): void {
    switch (event.type) {
      case "request.created":
        for (const s of this.all) {
          if (!s.profile) continue; // the first count has not started: it will include the request
          if (s.counting) {
            // The running count may or may not include this request: count again after it.
            if (requestMatches(s.profile, event)) s.recountRequests = true;
            continue;
          }
          if (!s.badges) continue;
          if (s.badges.requests < BADGE_COUNT_CAP && requestMatches(s.profile, event)) {
            s.badges.requests += 1;
            s.dirty = true;
            this.enqueue(s);
          }
        }
        this.startDrain();
        return;
      case "session.touched": {
        const at = Date.parse(event.lastActiveAt);
        for (const s of this.bySession.get(event.sessionId) ?? []) if (at > s.lastActiveAt) s.lastActiveAt = at;
        return;
      }
      case "member.changed":
      case "offers.changed":
        for (const userId of event.userIds) {
          for (const s of this.byUser.get(userId) ?? []) {
            s.checkSession = true;
            if (event.type === "member.changed") s.reloadProfile = true;
            else s.recountOffers = true;
            this.poke(s);
          }
        }
        return;
      case "bus.reconnected":
        for (const s of this.all) {
          s.checkSession = true;
          s.reloadProfile = true;
          s.recountRequests = true;
          s.recountOffers = true;
          this.enqueue(s);
        }
        this.startDrain();
        return;
      default:
        return;
    }
  }
}

const hubs = new WeakMap<EventBus, BadgeHub>();

/** The process's badge hub for this event bus (one per bus). */
export function badgeHub(db: Db, events: EventBus): BadgeHub {
  const existing = hubs.get(events);
  if (existing) return existing;
  const hub = new BadgeHub(db, events);
  hubs.set(events, hub);
  return hub;
}
