/**
 * The badge hub (DESIGN.md §5; issue #4) on a real database with real NOTIFY events: coalesced
 * updates, session expiry in memory (moved by session.touched, ended by the sweep), recounts
 * only for the members an event names, admin counts shared by every admin and dropped with the
 * role, a new post raising only its own board for the subscribers it reaches, the end of a
 * suspended member's subscription, a full reload after the bus reconnects,
 * and clean-up.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_IDLE_TIMEOUT_MS } from "../../common/constants";
import { BOARDS } from "../../common/posts";
import { createTestApp, type TestApp, withTimeout } from "../../test/app";
import { membershipRequest, postInputOf, REQUEST_DESCRIPTION, shareInput, submitRequest } from "../../test/fixtures";
import { posts, profiles, sessions } from "../db/schema";
import { notify } from "../domain/notifications";
import { BadgeHub, type Badges } from "./badges";
import { type AppEvent, type EventBus, publish } from "./events";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A hub with a clock the test moves. */
function hubWithClock(sweepMs = 20) {
  const clock = { now: Date.now() };
  const hub = new BadgeHub(t.db, t.deps.events, { now: () => clock.now, sweepMs });
  return { hub, clock };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the bus emits when its LISTEN connection came back (events.test.ts covers the real one). */
function emitReconnected(bus: EventBus): void {
  (bus as unknown as { emitter: NodeJS.EventEmitter }).emitter.emit("bus.reconnected", {
    type: "bus.reconnected",
  } satisfies AppEvent);
}

describe("BadgeHub", () => {
  it("coalesces: three requests while the consumer is busy arrive as one update", async () => {
    const viewer = await t.member({ countries: ["BO"] });
    const author = await t.member();
    const { hub } = hubWithClock();
    const ac = new AbortController();
    const it = hub.subscribe(viewer.auth.session, ac.signal);
    try {
      const first = (await withTimeout(it.next(), 5_000, "the first badges")).value as Badges;
      await submitRequest(author, "BO");
      await submitRequest(author, "BO");
      await submitRequest(author, "BO");
      await sleep(300); // the three NOTIFYs arrive while nobody pulls
      const next = (await withTimeout(it.next(), 5_000, "the coalesced badges")).value as Badges;
      expect(next.requests).toBe(first.requests + 3);
      // Nothing else is queued: the next value waits for the next change.
      const pending = it.next();
      expect(await Promise.race([pending.then(() => "value"), sleep(300).then(() => "waiting")])).toBe("waiting");
      ac.abort();
      expect(await withTimeout(pending, 5_000, "the end after abort")).toMatchObject({ done: true });
      expect(hub.size).toBe(0);
    } finally {
      ac.abort();
      await it.return(undefined);
    }
  });

  it("a new post raises only its own board's count for a subscriber it matches, and nothing for one it does not", async () => {
    const reached = await t.member({ countries: ["CL"] });
    const missed = await t.member({ countries: ["AR"], sectors: ["automotive"] });
    const author = await t.member();
    const { hub } = hubWithClock();
    const ac = new AbortController();
    const itReached = hub.subscribe(reached.auth.session, ac.signal);
    const itMissed = hub.subscribe(missed.auth.session, ac.signal);
    try {
      const first = (await withTimeout(itReached.next(), 5_000, "the first badges")).value as Badges;
      await withTimeout(itMissed.next(), 5_000, "the other's first badges");
      // badges.get names every board, and `requests` is the membership board's count.
      const got = await reached.caller.badges.get();
      expect(Object.keys(got.posts).sort()).toEqual([...BOARDS].sort());
      expect(got.requests).toBe(got.posts["membership.request"]);
      expect(got.posts).toEqual(first.posts);

      const nextReached = itReached.next();
      const nextMissed = itMissed.next();
      await author.caller.posts.create(postInputOf("collaboration.offer", { countries: ["CL"] }));
      expect((await withTimeout(nextReached, 5_000, "the badges after the post")).value).toEqual({
        ...first,
        posts: { ...first.posts, "collaboration.offer": first.posts["collaboration.offer"] + 1 },
      });
      expect(await Promise.race([nextMissed.then(() => "value"), sleep(300).then(() => "waiting")])).toBe("waiting");
      expect((await reached.caller.badges.get()).posts).toEqual({
        ...first.posts,
        "collaboration.offer": first.posts["collaboration.offer"] + 1,
      });
    } finally {
      ac.abort();
      await itReached.return(undefined);
      await itMissed.return(undefined);
    }
    expect(hub.size).toBe(0);
  });

  it("ends an idle session by the sweep, and session.touched moves the idle timer", async () => {
    const viewer = await t.member({ countries: ["BT"] });
    const { hub, clock } = hubWithClock();
    const ac = new AbortController();
    const it = hub.subscribe(viewer.auth.session, ac.signal);
    try {
      await withTimeout(it.next(), 5_000, "the first badges");
      const next = it.next();
      // Activity 20 minutes in (a heartbeat), then the clock moves to 31 minutes: still alive.
      const touchedAt = new Date(viewer.auth.session.lastActiveAt.getTime() + 20 * 60_000);
      await publish(t.db, {
        type: "session.touched",
        sessionId: viewer.auth.session.id,
        lastActiveAt: touchedAt.toISOString(),
      });
      await sleep(200);
      clock.now = viewer.auth.session.lastActiveAt.getTime() + SESSION_IDLE_TIMEOUT_MS + 60_000;
      await sleep(200);
      expect(hub.size).toBe(1);
      // 30 minutes after that activity: the sweep ends it without any event.
      clock.now = touchedAt.getTime() + SESSION_IDLE_TIMEOUT_MS + 1;
      expect(await withTimeout(next, 5_000, "the end of an expired session")).toMatchObject({ done: true });
      expect(hub.size).toBe(0);
    } finally {
      ac.abort();
      await it.return(undefined);
    }
  });

  it("recounts only the members an event names", async () => {
    const a = await t.member({ countries: ["BW"] });
    const b = await t.member({ countries: ["BW"] });
    const { hub } = hubWithClock();
    const ac = new AbortController();
    const itA = hub.subscribe(a.auth.session, ac.signal);
    const itB = hub.subscribe(b.auth.session, ac.signal);
    try {
      await withTimeout(itA.next(), 5_000, "A's first badges");
      await withTimeout(itB.next(), 5_000, "B's first badges");
      const nextA = itA.next();
      const nextB = itB.next();
      await t.db.update(profiles).set({ points: 250 }).where(eq(profiles.userId, b.id));
      await publish(t.db, { type: "member.changed", userIds: [b.id] });
      expect((await withTimeout(nextB, 5_000, "B's badges after the change")).value).toMatchObject({ points: 250 });
      expect(await Promise.race([nextA.then(() => "value"), sleep(300).then(() => "waiting")])).toBe("waiting");
    } finally {
      ac.abort();
      await itA.return(undefined);
      await itB.return(undefined);
    }
    expect(hub.size).toBe(0);
  });

  it("a notification raises only its member's bell, and reading it lowers it", async () => {
    const a = await t.member();
    const b = await t.member();
    const { hub } = hubWithClock();
    const ac = new AbortController();
    const itA = hub.subscribe(a.auth.session, ac.signal);
    const itB = hub.subscribe(b.auth.session, ac.signal);
    try {
      expect((await withTimeout(itA.next(), 5_000, "A's first badges")).value).toMatchObject({ notifications: 0 });
      await withTimeout(itB.next(), 5_000, "B's first badges");
      const nextA = itA.next();
      const nextB = itB.next();
      const { id } = await t.db.transaction((tx) =>
        notify(tx, { userId: b.id, kind: "tier_changed", params: { tier: "silver" } }),
      );
      expect((await withTimeout(nextB, 5_000, "B's badges after the notification")).value).toMatchObject({
        notifications: 1,
        offers: 0,
      });
      expect(await Promise.race([nextA.then(() => "value"), sleep(300).then(() => "waiting")])).toBe("waiting");
      const again = itB.next();
      await b.caller.notifications.markRead({ id });
      expect((await withTimeout(again, 5_000, "B's badges after reading")).value).toMatchObject({ notifications: 0 });
    } finally {
      ac.abort();
      await itA.return(undefined);
      await itB.return(undefined);
    }
    expect(hub.size).toBe(0);
  });

  it("admin counts: counted once per event for all admins, dropped when the role goes", async () => {
    const admins = [await t.actor("admin"), await t.actor("admin"), await t.actor("admin")];
    const { hub } = hubWithClock();
    const ac = new AbortController();
    const its = admins.map((a) => hub.subscribe(a.auth!.session, ac.signal));
    try {
      const firsts = await Promise.all(its.map((it) => withTimeout(it.next(), 5_000, "an admin's first badges")));
      const start = firsts[0]!.value!.admin!.submissions;
      for (const f of firsts)
        expect(f.value?.admin).toEqual({
          applicants: expect.any(Number),
          submissions: start,
          services: expect.any(Number),
          contact: expect.any(Number),
        });

      // One share: every admin's submissions badge rises.
      const nexts = its.map((it) => it.next());
      const author = await t.member();
      await author.caller.knowledge.share(shareInput());
      const after = await Promise.all(nexts.map((n) => withTimeout(n, 5_000, "an admin's badges after a share")));
      for (const a of after) expect(a.value?.admin?.submissions).toBe(start + 1);

      // The first admin loses the role: their badges carry no admin counts any more.
      const demoted = admins[0]!;
      const next = its[0]!.next();
      await admins[1]!.caller.adminMembers.setAdmin({ userId: demoted.user!.id, admin: false });
      expect((await withTimeout(next, 5_000, "the demoted admin's badges")).value?.admin).toBeNull();
    } finally {
      ac.abort();
      for (const it of its) await it.return(undefined);
    }
    expect(hub.size).toBe(0);
  });

  it("ends when the member is suspended, and reloads everything after the bus reconnects", async () => {
    const viewer = await t.member();
    const admin = await t.actor("admin");
    const { hub } = hubWithClock();
    const ac = new AbortController();
    const it = hub.subscribe(viewer.auth.session, ac.signal);
    try {
      await withTimeout(it.next(), 5_000, "the first badges");
      // Changed behind the hub's back (no event), then a reconnect: the new figure arrives.
      const afterReconnect = it.next();
      await t.db.update(profiles).set({ points: 75 }).where(eq(profiles.userId, viewer.id));
      emitReconnected(t.deps.events);
      expect((await withTimeout(afterReconnect, 5_000, "the badges after a reconnect")).value).toMatchObject({
        points: 75,
      });

      const end = it.next();
      await admin.caller.adminMembers.suspend({ userId: viewer.id, reason: "Spam in requests" });
      expect(await withTimeout(end, 5_000, "the end after suspension")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await it.return(undefined);
    }
    expect(hub.size).toBe(0);
  });

  it("after bus.reconnected every subscription re-checks its session and recounts what changed unannounced", async () => {
    const a = await t.member({ countries: ["BY"] });
    const b = await t.member({ countries: ["BY"] });
    const author = await t.member();
    const { hub } = hubWithClock();
    const ac = new AbortController();
    const itA = hub.subscribe(a.auth.session, ac.signal);
    const itB = hub.subscribe(b.auth.session, ac.signal);
    try {
      const firstA = (await withTimeout(itA.next(), 5_000, "A's first badges")).value as Badges;
      await withTimeout(itB.next(), 5_000, "B's first badges");
      const nextA = itA.next();
      const nextB = itB.next();
      // Changes whose NOTIFYs were lost with the connection: a matching request, A's points,
      // B's session (signed out elsewhere).
      await t.db.insert(posts).values({
        userId: author.id,
        targetCountry: "BY",
        requestType: "co_marketing",
        description: REQUEST_DESCRIPTION,
        ...membershipRequest(),
      });
      await t.db.update(profiles).set({ points: 120 }).where(eq(profiles.userId, a.id));
      await t.db.delete(sessions).where(eq(sessions.id, b.auth.session.id));
      expect(await Promise.race([nextA.then(() => "value"), sleep(300).then(() => "waiting")])).toBe("waiting");

      emitReconnected(t.deps.events);
      expect((await withTimeout(nextA, 5_000, "A's badges after the reconnect")).value).toEqual({
        ...firstA,
        requests: firstA.requests + 1,
        posts: { ...firstA.posts, "membership.request": firstA.requests + 1 },
        points: 120,
      });
      expect(await withTimeout(nextB, 5_000, "the end of B's subscription")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await itA.return(undefined);
      await itB.return(undefined);
    }
    expect(hub.size).toBe(0);
  });
});
