/**
 * Every operation on an open WebSocket obeys the session's current state (issue #10 point 1;
 * DESIGN.md §4, §5):
 *
 * - after sign-out, idle expiry, absolute expiry, a password change from another session and
 *   suspension, the server closes the member's real socket (4401), and the connection's next
 *   operations — a query and two mutations through the router with the connection's context,
 *   as the WebSocket adapter runs them — are refused and write nothing;
 * - an admin who loses the role keeps a member's socket but is refused admin procedures, and their
 *   badges stop carrying admin counts;
 * - a session deleted in the database by anyone closes its socket within 5 s;
 * - a handshake without a valid session is refused, and subscriptions over HTTP (SSE) are refused.
 */

import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from "../../common/constants";
import {
  type Caller,
  createCaller,
  createTestApp,
  DEFAULT_PASSWORD,
  expectTRPCError,
  type Member,
  TEST_IP,
  type TestApp,
} from "../../test/app";
import { REQUEST_DESCRIPTION, shareInput } from "../../test/fixtures";
import { collect, type WsTrpc, wsTrpc } from "../../test/ws";
import { posts, sessions, sharedKnowledge } from "../db/schema";
import { createContextInner } from "../trpc/context";
import type { Badges } from "./badges";
import { connectionRegistry, MAX_SOCKETS_PER_IP, SESSION_ENDED_CLOSE_CODE } from "./connections";

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stand-in for a socket whose operations are run through the router directly (no transport race). */
class FakeSocket extends EventEmitter {
  closedWith: number | null = null;
  close(code: number) {
    this.closedWith = code;
    this.emit("close", code);
  }
  terminate() {
    this.close(1006);
  }
}

/**
 * A member's real socket (badge subscription, first operation done), and a caller that runs
 * operations with a connection of the same session as the WebSocket adapter would.
 */
async function openSocket(m: { token: string }) {
  const ws = wsTrpc(port, `${t.cookieName}=${m.token}`);
  const badges = collect<Badges>((h) => ws.client.badges.onChange.subscribe(undefined, h));
  await ws.client.profile.get.query();
  await badges.next("the first badges");
  const fake = new FakeSocket();
  const connection = connectionRegistry(t.db, t.deps.events).open(fake as unknown as WebSocket, m.token, TEST_IP);
  const ops = createCaller(createContextInner({ deps: t.deps, ip: TEST_IP, connection }));
  await ops.profile.get();
  return { ws, badges, ops, fake };
}

/** Resolves when the server has closed `ws` with the session-ended code (fails after 5 s). */
async function closedBySession(ws: WsTrpc): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!ws.closeCodes.includes(SESSION_ENDED_CLOSE_CODE)) {
    if (Date.now() > deadline) throw new Error(`socket not closed by the server (codes: ${ws.closeCodes})`);
    await sleep(20);
  }
}

async function requestCount(userId: string): Promise<number> {
  const rows = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId));
  return rows.length;
}

async function shareCount(userId: string): Promise<number> {
  const rows = await t.db
    .select({ id: sharedKnowledge.id })
    .from(sharedKnowledge)
    .where(eq(sharedKnowledge.userId, userId));
  return rows.length;
}

/** The connection's member operations are all refused (UNAUTHORIZED) and write nothing. */
async function expectRefused(ops: Caller, m: Member) {
  const requests = await requestCount(m.id);
  const shares = await shareCount(m.id);
  await expectTRPCError(ops.profile.get(), "UNAUTHORIZED");
  await expectTRPCError(
    ops.memberRequests.submit({
      productId: null,
      countryCode: "DE",
      requestType: "co_marketing",
      description: REQUEST_DESCRIPTION,
    }),
    "UNAUTHORIZED",
  );
  await expectTRPCError(ops.knowledge.share(shareInput()), "UNAUTHORIZED");
  expect(await requestCount(m.id)).toBe(requests);
  expect(await shareCount(m.id)).toBe(shares);
}

describe("an open WebSocket follows its session", () => {
  it("sign-out: the socket is closed and its operations refused", async () => {
    const m = await t.member();
    const { ws, ops } = await openSocket(m);
    try {
      const res = await t.mutation("auth.signOut", {}, { token: m.token });
      expect(res.status).toBe(200);
      await closedBySession(ws);
      await expectRefused(ops, m);
    } finally {
      await ws.close();
    }
  });

  it("idle expiry: an operation after 30 minutes without activity is refused", async () => {
    const m = await t.member();
    // The session's last activity is 30 minutes ago less 1.5 s: it runs out while the socket is open.
    await t.db
      .update(sessions)
      .set({ lastActiveAt: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS + 1_500) })
      .where(eq(sessions.id, m.auth.session.id));
    const { ws, ops } = await openSocket(m);
    try {
      await sleep(2_000);
      await expectRefused(ops, m);
      await closedBySession(ws);
      expect(await t.db.select().from(sessions).where(eq(sessions.id, m.auth.session.id))).toEqual([]);
    } finally {
      await ws.close();
    }
  });

  it("absolute expiry: an operation 12 hours after sign-in is refused, however active", async () => {
    const m = await t.member();
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_MS + 1_500), lastActiveAt: new Date() })
      .where(eq(sessions.id, m.auth.session.id));
    const { ws, ops } = await openSocket(m);
    try {
      await sleep(2_000);
      await expectRefused(ops, m);
      await closedBySession(ws);
    } finally {
      await ws.close();
    }
  });

  it("a password change from another session closes this one's socket", async () => {
    const m = await t.member();
    const { ws, ops } = await openSocket(m);
    try {
      const other = await t.sessionFor({ ...m, status: "approved", admin: false });
      const res = await t.mutation(
        "account.changePassword",
        { currentPassword: DEFAULT_PASSWORD, newPassword: "N3w!Passw0rd", confirmPassword: "N3w!Passw0rd" },
        { token: other.token },
      );
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      await closedBySession(ws);
      await expectRefused(ops, m);
    } finally {
      await ws.close();
    }
  });

  it("suspension closes the member's socket and refuses its operations", async () => {
    const m = await t.member();
    const admin = await t.actor("admin");
    const { ws, ops } = await openSocket(m);
    try {
      await admin.caller.adminMembers.suspend({ userId: m.id, reason: "Spam in requests" });
      await closedBySession(ws);
      await expectRefused(ops, m);
    } finally {
      await ws.close();
    }
  });

  it("a session deleted in the database, outside the app, closes its socket within 5 s", async () => {
    const m = await t.member();
    const { ws, ops } = await openSocket(m);
    try {
      await t.db.execute(sql`delete from sessions where id = ${m.auth.session.id}`);
      await closedBySession(ws);
      await expectRefused(ops, m);
    } finally {
      await ws.close();
    }
  });

  it("250 sessions deleted in one statement close the socket of every one of them (ids announced in chunks)", async () => {
    const m = await t.member();
    await t.db.execute(
      sql`insert into sessions (id, user_id, secret_hash) select 'bulk' || n, ${m.id}, 'x' from generate_series(1, 248) as n`,
    );
    // The socket's session is the last row, past the first chunks of 100.
    const last = await t.sessionFor({ ...m, status: "approved", admin: false });
    const { ws } = await openSocket(last);
    try {
      await t.db.execute(sql`delete from sessions where user_id = ${m.id}`);
      await closedBySession(ws);
    } finally {
      await ws.close();
    }
  });

  it("an admin who loses the role is refused admin procedures on the open socket", async () => {
    const demoted = await t.actor("admin");
    const other = await t.actor("admin");
    const target = await t.member();
    const ws = wsTrpc(port, `${t.cookieName}=${demoted.token}`);
    const badges = collect<Badges>((h) => ws.client.badges.onChange.subscribe(undefined, h));
    try {
      expect((await badges.next("the first badges")).admin).not.toBeNull();
      expect(Array.isArray((await ws.client.adminMembers.list.query({})).items)).toBe(true);

      await other.caller.adminMembers.setAdmin({ userId: demoted.user!.id, admin: false });
      expect((await badges.next("the badges after the demotion")).admin).toBeNull();

      await expect(ws.client.adminMembers.list.query({})).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
      await expect(ws.client.adminMembers.setAdmin.mutate({ userId: target.id, admin: true })).rejects.toMatchObject({
        data: { code: "FORBIDDEN" },
      });
      const roles = await t.db.execute(sql`select count(*)::int as n from user_roles where user_id = ${target.id}`);
      expect(JSON.stringify(roles)).toContain('"n":0');
      // Still a member: the socket stays open for member operations.
      expect((await ws.client.profile.get.query()).userId).toBe(demoted.user!.id);
      expect(ws.closeCodes).toEqual([]);
    } finally {
      badges.unsubscribe();
      await ws.close();
    }
  });

  it("a handshake without a valid session is refused", async () => {
    for (const cookie of ["", `${t.cookieName}=nope.nope`]) {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/trpc`, {
          headers: { cookie, origin: `http://127.0.0.1:${port}` },
        });
        ws.on("open", () => {
          ws.close();
          resolve(101);
        });
        ws.on("unexpected-response", (_req, res) => {
          resolve(res.statusCode ?? 0);
          res.resume();
          ws.terminate();
        });
        ws.on("error", () => {});
      });
      expect(status).toBe(401);
    }
  });
});

describe("WebSockets per IP address (issue #10 §5)", () => {
  /** Opens a socket with `cookie`; resolves to the open socket or the refusal's status code. */
  function handshake(cookie: string): Promise<WebSocket | number> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/trpc`, {
        headers: { cookie, origin: `http://127.0.0.1:${port}` },
      });
      ws.on("open", () => resolve(ws));
      ws.on("unexpected-response", (_req, res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        ws.terminate();
      });
      ws.on("error", () => {});
    });
  }

  it("subscriptions over HTTP (SSE), which the cap does not count, are refused: the stream ends at once", async () => {
    const m = await t.member();
    const res = await t.app.inject({
      method: "GET",
      url: "/trpc/badges.onChange",
      headers: { cookie: `${t.cookieName}=${m.token}`, accept: "text/event-stream" },
    });
    expect(res.body).toContain("METHOD_NOT_SUPPORTED");
    expect(res.body).not.toContain('"admin"');
  });

  it(`one address holds at most ${MAX_SOCKETS_PER_IP} sockets; a closed one frees its place`, async () => {
    const user = await t.createUser({ status: "approved" });
    const { token } = await t.sessionFor(user);
    const cookie = `${t.cookieName}=${token}`;
    const registry = connectionRegistry(t.db, t.deps.events);
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < MAX_SOCKETS_PER_IP; i++) {
        const ws = await handshake(cookie);
        expect(ws, `socket ${i + 1}`).toBeInstanceOf(WebSocket);
        open.push(ws as WebSocket);
      }
      expect(registry.socketsOf("127.0.0.1")).toBe(MAX_SOCKETS_PER_IP);
      expect(await handshake(cookie)).toBe(429);

      const first = open.shift() as WebSocket;
      const closed = new Promise((r) => first.once("close", r));
      first.close();
      await closed;
      await expect.poll(() => registry.socketsOf("127.0.0.1")).toBe(MAX_SOCKETS_PER_IP - 1);
      const again = await handshake(cookie);
      expect(again).toBeInstanceOf(WebSocket);
      open.push(again as WebSocket);
    } finally {
      for (const ws of open) ws.terminate();
    }
    await expect.poll(() => registry.socketsOf("127.0.0.1")).toBe(0);
  });
});
