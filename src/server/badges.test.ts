/**
 * The badge hub (DESIGN.md §5; issue #4) on a real database with real NOTIFY events: coalesced
 * updates, session expiry in memory (moved by session.touched, ended by the sweep), recounts
 * only for the members an event names, fan-out updates through a direct channel (ADR 0009), and
 * clean-up.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_IDLE_TIMEOUT_MS } from "../common/constants";
import { createTestApp, type TestApp, withTimeout } from "../test/app";
import type { DirectChannel } from "./badgeFrames";
import { BadgeHub, type Badges } from "./badges";
import { memberRequests, profiles, sessions } from "./db/schema";
import { type AppEvent, type EventBus, publish } from "./events";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const description = "Looking for a distributor of saffron";

/** An approved member targeting `countries`, with its session. */
async function member(countries: string[] = []) {
  const a = await t.actor("member");
  await t.db
    .update(profiles)
    .set({ activities: [], targetCountries: countries })
    .where(eq(profiles.userId, a.user!.id));
  const auth = (await t.authOf(a.token!))!;
  return { id: a.user!.id, auth, caller: t.callerWith(auth) };
}

async function submit(by: Awaited<ReturnType<typeof member>>, country: string) {
  return (
    await by.caller.memberRequests.submit({
      productId: null,
      countryCode: country,
      requestType: "co_marketing",
      description,
    })
  ).id;
}

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
    const viewer = await member(["BO"]);
    const author = await member();
    const { hub } = hubWithClock();
    const ac = new AbortController();
    const it = hub.subscribe(viewer.auth.session, ac.signal);
    try {
      const first = (await withTimeout(it.next(), 5_000, "the first badges")).value as Badges;
      await submit(author, "BO");
      await submit(author, "BO");
      await submit(author, "BO");
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

  it("ends an idle session by the sweep, and session.touched moves the idle timer", async () => {
    const viewer = await member(["BT"]);
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
    const a = await member(["BW"]);
    const b = await member(["BW"]);
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

  it("after bus.reconnected every subscription re-checks its session and recounts what changed unannounced", async () => {
    const a = await member(["BY"]);
    const b = await member(["BY"]);
    const author = await member();
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
      await t.db
        .insert(memberRequests)
        .values({ userId: author.id, targetCountry: "BY", requestType: "co_marketing", description });
      await t.db.update(profiles).set({ points: 120 }).where(eq(profiles.userId, a.id));
      await t.db.delete(sessions).where(eq(sessions.id, b.auth.session.id));
      expect(await Promise.race([nextA.then(() => "value"), sleep(300).then(() => "waiting")])).toBe("waiting");

      emitReconnected(t.deps.events);
      expect((await withTimeout(nextA, 5_000, "A's badges after the reconnect")).value).toEqual({
        ...firstA,
        requests: firstA.requests + 1,
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

  it("writes a new request's update to an idle subscription's direct channel, else yields it", async () => {
    const viewer = await member(["BZ"]);
    const author = await member();
    const { hub } = hubWithClock();
    const sent: Badges[] = [];
    let open = true;
    const channel: DirectChannel<Badges> = {
      send(value) {
        if (!open) return false;
        sent.push({ ...value });
        return true;
      },
    };
    const ac = new AbortController();
    const it = hub.subscribe(viewer.auth.session, ac.signal, channel);
    try {
      // The first value goes through the generator (tRPC), never the channel.
      const first = (await withTimeout(it.next(), 5_000, "the first badges")).value as Badges;
      expect(sent).toEqual([]);
      const pending = it.next(); // tRPC's loop waits for the next value
      await sleep(50);

      await submit(author, "BZ");
      const deadline = Date.now() + 5_000;
      while (sent.length === 0 && Date.now() < deadline) await sleep(10);
      expect(sent).toEqual([{ ...first, requests: first.requests + 1 }]);
      expect(hub.directSends).toBe(1);
      expect(await Promise.race([pending.then(() => "value"), sleep(300).then(() => "waiting")])).toBe("waiting");

      // A channel that cannot send (socket gone): the same update is yielded instead.
      open = false;
      await submit(author, "BZ");
      expect((await withTimeout(pending, 5_000, "the yielded badges")).value).toMatchObject({
        requests: first.requests + 2,
      });
      expect(hub.directSends).toBe(1);

      // An event about the member itself (a recount) is always yielded.
      open = true;
      const afterChange = it.next();
      await t.db.update(profiles).set({ points: 40 }).where(eq(profiles.userId, viewer.id));
      await publish(t.db, { type: "member.changed", userIds: [viewer.id] });
      expect((await withTimeout(afterChange, 5_000, "the recount")).value).toMatchObject({
        requests: first.requests + 2,
        points: 40,
      });
      expect(sent).toHaveLength(1);

      // A channel that throws is dropped: this update and the next are yielded, and the hub's
      // fan-out keeps going.
      const thrower = it.next();
      await sleep(50);
      channel.send = () => {
        throw new Error("broken socket");
      };
      await submit(author, "BZ");
      expect((await withTimeout(thrower, 5_000, "the update after a throw")).value).toMatchObject({
        requests: first.requests + 3,
      });
      const afterThrow = it.next();
      await submit(author, "BZ");
      expect((await withTimeout(afterThrow, 5_000, "the next update")).value).toMatchObject({
        requests: first.requests + 4,
      });
      expect(hub.directSends).toBe(1);
    } finally {
      ac.abort();
      await it.return(undefined);
    }
    expect(hub.size).toBe(0);
  });
});
