/**
 * Live badges (DESIGN.md §5): one hub per process holds every open `badges.onChange`
 * subscription — one per signed-in member — and feeds them from the event bus in one synchronous
 * pass per event, instead of one event stream per subscription. Each subscription yields the
 * member's `Badges` on start and again after every event that concerns them, through tRPC's
 * public subscription API only.
 *
 * - `post.created`: checked against each subscriber's match profile in memory (`postMatches`,
 *   ADR 16), so a new post costs no query, and only the members it reaches wake; the post's
 *   board count goes up by one.
 * - `member.changed` / `offers.changed` / `notifications.changed`: only the named members' subscriptions reload. A reload
 *   re-reads the session and viewer (one prepared query, `loadSessionViewer`): a subscription ends
 *   when its session ended or its member may no longer see member pages (suspended, not approved);
 *   an admin who lost the role stops receiving admin counts.
 * - `applicants.changed` / `knowledge.changed` / `services.changed` / `contact.changed`: the admin counts are the same for every admin, so
 *   the hub counts once per event and hands the figures to every admin subscription.
 * - `session.touched`: only that session's subscriptions move their in-memory idle timer; a sweep
 *   ends subscriptions whose session ran out.
 * - `bus.reconnected`: events may have been missed, so every subscription reloads everything.
 *
 * Updates coalesce: a subscription whose previous value tRPC has not taken yet gets only the
 * latest badges, once. A fan-out wakes `WAKE_BATCH` subscriptions per turn of the event loop, so
 * the first members get their badge at once and other requests are not held up.
 */
import {
  boardBadgeCap,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  type Tier,
} from "../../common/constants";
import { BOARDS, type Board, postMatches } from "../../common/posts";
import { sessionExpiresAt } from "../auth/session";
import type { Db } from "../db/client";
import { countPendingApplicants } from "../domain/approval";
import { countUnreadContact } from "../domain/contact";
import { countPendingKnowledge } from "../domain/inbox";
import type { MatchProfile } from "../domain/matching";
import { countUnread } from "../domain/notifications";
import { countAllReceived } from "../domain/posts";
import { countPendingServices } from "../domain/services";
import { loadSessionViewer, matchProfileOf } from "../domain/viewer";
import type { AppEvent, AppEventType, EventBus } from "./events";

/** Counts only admins see; the same figures for every admin. */
export interface AdminBadges {
  /** Applicants waiting for approval (top-bar approvals badge). */
  applicants: number;
  /** Knowledge submissions waiting for review (admin inbox badge). */
  submissions: number;
  /** Services waiting for review (admin services badge, issue #15). */
  services: number;
  /** Unread contact form messages (admin contact inbox badge, issue #16 §3). */
  contact: number;
}

/** What the top bar and the dashboard show for one member. */
export interface Badges {
  /** Matching requests not yet answered or ignored, at most BADGE_COUNT_CAP ("99+"): `posts["membership.request"]`. */
  requests: number;
  /** Per board (ADR 16): matching posts not yet answered or ignored, each at most its `boardBadgeCap`. */
  posts: Record<Board, number>;
  /** Unread 'Response to Your Request' notifications. */
  offers: number;
  /** Unread notifications of every kind (the top bar's bell; issue 17 §1). */
  notifications: number;
  points: number;
  tier: Tier;
  /** Admin counts; null for members without the admin role. */
  admin: AdminBadges | null;
}

/**
 * An admin count: recounted once per event of `events`, for all admins. Adding an admin badge
 * means one entry here and one field of `AdminBadges`.
 */
interface AdminCounter {
  key: keyof AdminBadges;
  events: AppEventType[];
  count(db: Db): Promise<number>;
}

const ADMIN_COUNTERS: readonly AdminCounter[] = [
  { key: "applicants", events: ["applicants.changed"], count: countPendingApplicants },
  { key: "submissions", events: ["knowledge.changed"], count: countPendingKnowledge },
  { key: "services", events: ["services.changed"], count: countPendingServices },
  { key: "contact", events: ["contact.changed"], count: countUnreadContact },
];

const HUB_EVENTS: AppEventType[] = [
  "post.created",
  "member.changed",
  "offers.changed",
  "notifications.changed",
  "session.touched",
  "bus.reconnected",
  ...ADMIN_COUNTERS.flatMap((c) => c.events),
];

/** How often subscriptions whose session ran out in memory are ended without waiting for an event. */
const SWEEP_MS = 30_000;
/** Subscriptions woken per turn of the event loop by one event that reaches many. */
const WAKE_BATCH = 64;
/** Recounts of the post badges in a row caused by posts created during the count. */
const MAX_RECOUNTS = 3;

export interface BadgeHubOptions {
  /** The clock (ms since epoch); tests move it. */
  now?: () => number;
  /** Interval of the expiry sweep, ms (default 30 s). */
  sweepMs?: number;
}

interface Subscriber {
  userId: string;
  sessionId: string;
  /** Session start and last activity (ms since epoch), for the in-memory expiry. */
  createdAt: number;
  lastActiveAt: number;
  isAdmin: boolean;
  profile: MatchProfile | null;
  badges: Badges | null;
  /** Work to do before the next update. */
  reload: boolean;
  recountPosts: boolean;
  /** Recount the unread notifications: the offers and the bell counts (one query). */
  recountOffers: boolean;
  /** True while countAllReceived runs: a matching post created meanwhile may be missing from it. */
  counting: boolean;
  ended: boolean;
  /** Badges changed since they were last yielded. */
  dirty: boolean;
  wake: (() => void) | null;
  /** In the hub's wake queue. */
  queued: boolean;
}

/** Every board at zero (before the first count). */
function noPosts(): Record<Board, number> {
  return Object.fromEntries(BOARDS.map((b) => [b, 0])) as Record<Board, number>;
}

/** When the session of `s` ends if nothing happens (ms since epoch). */
function expiresAtMs(s: Subscriber): number {
  return Math.min(s.lastActiveAt + SESSION_IDLE_TIMEOUT_MS, s.createdAt + SESSION_ABSOLUTE_LIFETIME_MS);
}

function hasWork(s: Subscriber): boolean {
  return s.reload || s.recountPosts || s.recountOffers;
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
  private readonly admins = new Set<Subscriber>();
  private unlisten: (() => void) | null = null;
  private wakeQueue: Subscriber[] = [];
  private draining = false;
  private sweeper: NodeJS.Timeout | null = null;
  /** The admin counts as last counted, and the recount in progress. */
  private adminBadges: AdminBadges | null = null;
  private adminLoad: Promise<AdminBadges> | null = null;
  /** Admin counters whose events arrived since the last count. */
  private staleAdmin = new Set<keyof AdminBadges>();

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

  /**
   * The badges of the member of `session`: once on start, then after every change that concerns
   * them, until `signal` aborts, the session ends or the member loses member rights. Values are
   * fresh objects.
   */
  async *subscribe(
    session: { id: string; userId: string; createdAt: Date; lastActiveAt: Date },
    signal?: AbortSignal,
  ): AsyncGenerator<Badges, void, undefined> {
    const s: Subscriber = {
      userId: session.userId,
      sessionId: session.id,
      createdAt: session.createdAt.getTime(),
      lastActiveAt: session.lastActiveAt.getTime(),
      isAdmin: false,
      profile: null,
      badges: null,
      reload: true,
      recountPosts: true,
      recountOffers: true,
      counting: false,
      ended: false,
      dirty: true,
      wake: null,
      queued: false,
    };
    if (signal?.aborted) return;
    const onAbort = () => this.end(s);
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
        if (s.ended || expiresAtMs(s) <= this.now()) return;
        if (s.dirty && s.badges) {
          s.dirty = false;
          yield { ...s.badges, posts: { ...s.badges.posts }, admin: s.badges.admin ? { ...s.badges.admin } : null };
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

  /** Does the queued database work of `s`. Returns true when more work arrived meanwhile. */
  private async refresh(s: Subscriber): Promise<boolean> {
    let standing: { points: number; tier: Tier } | null = null;
    if (s.reload) {
      s.reload = false;
      const found = await loadSessionViewer(this.db, s.sessionId);
      const viewer = found?.viewer;
      if (
        !found ||
        !viewer ||
        viewer.suspended ||
        viewer.approvalStatus !== "approved" ||
        sessionExpiresAt(found.session).getTime() <= this.now()
      ) {
        s.ended = true; // the session ended or the member may no longer see member pages
        return false;
      }
      s.lastActiveAt = Math.max(s.lastActiveAt, found.session.lastActiveAt.getTime());
      s.profile = matchProfileOf(viewer);
      standing = { points: viewer.points, tier: viewer.tier };
      this.setAdmin(s, viewer.isAdmin);
      s.recountPosts = true;
    }
    const counted: {
      posts?: Record<Board, number>;
      unread?: { offers: number; notifications: number };
      admin?: AdminBadges | null;
    } = {};
    const jobs: Promise<void>[] = [];
    if (s.recountPosts && s.profile) {
      s.recountPosts = false;
      s.counting = true;
      jobs.push(
        countAllReceived(this.db, s.profile)
          .then((n) => {
            counted.posts = n;
          })
          .finally(() => {
            s.counting = false;
          }),
      );
    }
    if (s.recountOffers) {
      s.recountOffers = false;
      jobs.push(
        countUnread(this.db, s.userId).then((n) => {
          counted.unread = n;
        }),
      );
    }
    if (s.isAdmin && !s.badges?.admin) {
      jobs.push(
        this.loadAdmin().then((a) => {
          counted.admin = a;
        }),
      );
    }
    await Promise.all(jobs);
    // Figures not recounted are read now: increments may have happened during the wait.
    const prev = s.badges;
    const postCounts = counted.posts ?? prev?.posts ?? noPosts();
    s.badges = {
      requests: postCounts["membership.request"],
      posts: postCounts,
      offers: counted.unread?.offers ?? prev?.offers ?? 0,
      notifications: counted.unread?.notifications ?? prev?.notifications ?? 0,
      points: standing?.points ?? prev?.points ?? 0,
      tier: standing?.tier ?? prev?.tier ?? "turquoise",
      admin: s.isAdmin ? (counted.admin ?? prev?.admin ?? this.adminBadges) : null,
    };
    // An event about this member always gets an answer (DESIGN.md §5), changed or not.
    s.dirty = true;
    return hasWork(s);
  }

  /**
   * The admin counts, counting the stale ones once however many admins wait for them; counters
   * that go stale during a count are counted again before the figures are handed out.
   */
  private loadAdmin(): Promise<AdminBadges> {
    if (this.adminBadges && this.staleAdmin.size === 0) return Promise.resolve(this.adminBadges);
    this.adminLoad ??= (async () => {
      try {
        let current = this.adminBadges;
        do {
          const stale = current ? [...this.staleAdmin] : ADMIN_COUNTERS.map((c) => c.key);
          this.staleAdmin.clear();
          const next: AdminBadges = { ...(current ?? { applicants: 0, submissions: 0, services: 0, contact: 0 }) };
          await Promise.all(
            ADMIN_COUNTERS.filter((c) => stale.includes(c.key)).map(async (c) => {
              next[c.key] = await c.count(this.db);
            }),
          );
          current = next;
          this.adminBadges = next;
        } while (this.staleAdmin.size > 0);
        return current;
      } finally {
        this.adminLoad = null;
      }
    })();
    return this.adminLoad;
  }

  /** Recounts the stale admin counts and hands them to every admin subscription. */
  private refreshAdmins(): void {
    if (this.admins.size === 0) {
      // Nobody shows them: count again when an admin subscribes.
      this.adminBadges = null;
      this.staleAdmin.clear();
      return;
    }
    this.loadAdmin().then(
      (admin) => {
        for (const s of this.admins) {
          if (!s.badges) continue; // its first refresh reads the new figures
          s.badges.admin = admin;
          s.dirty = true;
          this.enqueue(s);
        }
        this.startDrain();
      },
      () => {
        // The database is unreachable: the next event or reconnect counts again.
      },
    );
  }

  private setAdmin(s: Subscriber, isAdmin: boolean): void {
    s.isAdmin = isAdmin;
    if (isAdmin) this.admins.add(s);
    else this.admins.delete(s);
  }

  private add(s: Subscriber): void {
    this.all.add(s);
    addTo(this.byUser, s.userId, s);
    addTo(this.bySession, s.sessionId, s);
    this.unlisten ??= this.events.on(HUB_EVENTS, (event) => this.dispatch(event));
    if (!this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), this.sweepMs);
      this.sweeper.unref();
    }
  }

  private remove(s: Subscriber): void {
    s.ended = true;
    this.all.delete(s);
    this.admins.delete(s);
    removeFrom(this.byUser, s.userId, s);
    removeFrom(this.bySession, s.sessionId, s);
    if (this.all.size === 0) {
      this.unlisten?.();
      this.unlisten = null;
      if (this.sweeper) clearInterval(this.sweeper);
      this.sweeper = null;
      this.adminBadges = null;
      this.staleAdmin.clear();
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

  private enqueue(s: Subscriber): void {
    if (s.queued) return;
    s.queued = true;
    this.wakeQueue.push(s);
  }

  private startDrain(): void {
    if (this.draining || this.wakeQueue.length === 0) return;
    this.draining = true;
    this.drain();
  }

  /** Wakes one batch of queued subscriptions; the rest on later turns of the event loop. */
  private drain(): void {
    const batch = this.wakeQueue.length > WAKE_BATCH ? this.wakeQueue.splice(0, WAKE_BATCH) : this.wakeQueue;
    if (batch === this.wakeQueue) this.wakeQueue = [];
    try {
      for (const s of batch) {
        s.queued = false;
        this.poke(s);
      }
    } finally {
      if (this.wakeQueue.length) setImmediate(() => this.drain());
      else this.draining = false;
    }
  }

  /** Ends subscriptions whose session ran out in memory. */
  private sweep(): void {
    const now = this.now();
    for (const s of this.all) if (expiresAtMs(s) <= now) this.end(s);
  }

  /** Marks `s` for a full reload (session, rights, profile, every count) and wakes it. */
  private reloadAll(s: Subscriber): void {
    s.reload = true;
    s.recountOffers = true;
    this.poke(s);
  }

  /** Applies one event to the subscriptions it concerns, synchronously. */
  private dispatch(event: AppEvent): void {
    switch (event.type) {
      case "post.created": {
        const board = event.board;
        for (const s of this.all) {
          if (!s.profile) continue; // the first count has not started: it will include the post
          if (s.counting) {
            // The running count may or may not include this post: count again after it.
            if (postMatches(board, s.profile, event)) s.recountPosts = true;
            continue;
          }
          if (!s.badges) continue;
          if (s.badges.posts[board] < boardBadgeCap(board) && postMatches(board, s.profile, event)) {
            s.badges.posts = { ...s.badges.posts, [board]: s.badges.posts[board] + 1 };
            s.badges.requests = s.badges.posts["membership.request"];
            s.dirty = true;
            this.enqueue(s);
          }
        }
        this.startDrain();
        return;
      }
      case "session.touched": {
        const at = Date.parse(event.lastActiveAt);
        for (const s of this.bySession.get(event.sessionId) ?? []) if (at > s.lastActiveAt) s.lastActiveAt = at;
        return;
      }
      case "member.changed":
        for (const userId of event.userIds) {
          for (const s of this.byUser.get(userId) ?? []) {
            s.reload = true;
            this.poke(s);
          }
        }
        return;
      case "offers.changed":
      case "notifications.changed":
        for (const userId of event.userIds) {
          for (const s of this.byUser.get(userId) ?? []) {
            s.recountOffers = true;
            this.poke(s);
          }
        }
        return;
      case "bus.reconnected":
        for (const c of ADMIN_COUNTERS) this.staleAdmin.add(c.key);
        for (const s of this.all) {
          if (s.badges) s.badges.admin = null; // recounted with the reload
          this.reloadAll(s);
        }
        return;
      default: {
        const counters = ADMIN_COUNTERS.filter((c) => c.events.includes(event.type));
        if (counters.length === 0) return;
        for (const c of counters) this.staleAdmin.add(c.key);
        this.refreshAdmins();
        return;
      }
    }
  }
}

const hubs = new WeakMap<EventBus, BadgeHub>();

/** The process's badge hub for this event bus (one per bus). */
export function badgeHub(db: Db, events: EventBus): BadgeHub {
  let hub = hubs.get(events);
  if (!hub) {
    hub = new BadgeHub(db, events);
    hubs.set(events, hub);
  }
  return hub;
}

/**
 * The badges of `viewer` read from the database (the `badges.get` query: the first paint before
 * the subscription's first value). Same figures and caps as the hub's.
 */
export async function loadBadges(
  db: Db,
  viewer: { id: string; points: number; tier: Tier; isAdmin: boolean; profile: MatchProfile },
): Promise<Badges> {
  const [posts, unread, admin] = await Promise.all([
    countAllReceived(db, viewer.profile),
    countUnread(db, viewer.id),
    viewer.isAdmin
      ? Promise.all(ADMIN_COUNTERS.map(async (c) => [c.key, await c.count(db)] as const)).then(
          (entries) => Object.fromEntries(entries) as unknown as AdminBadges,
        )
      : null,
  ]);
  return {
    requests: posts["membership.request"],
    posts,
    offers: unread.offers,
    notifications: unread.notifications,
    points: viewer.points,
    tier: viewer.tier,
    admin,
  };
}
