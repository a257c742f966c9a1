/**
 * Direct badge frames (ADR 0009) over real `ws` sockets: which subscription messages are
 * remembered, that a claimed channel writes exactly the message tRPC's adapter would write (as one
 * valid frame, short or long, with or without permessage-deflate), and that it stops once the
 * socket closes.
 */
import type { AddressInfo } from "node:net";
import { transformTRPCResponse } from "@trpc/server/unstable-core-do-not-import";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { newSubscriptionKey, subscriptionKeySchema } from "../../common/subscriptionKey";
import { withTimeout } from "../../test/app";
import { appRouter } from "../trpc/router";
import { BADGES_SUBSCRIPTION_PATH, directChannel, textFrame, watchBadgeSubscriptions } from "./badgeFrames";

interface Pair {
  server: WebSocket;
  client: WebSocket;
  /** Messages the client received, as text. */
  received: string[];
  /** Resolves with the next message the client receives. */
  next(): Promise<string>;
}

const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A ws server and one connected client; the server side is watched as app.ts does. */
async function connect(perMessageDeflate = false): Promise<Pair> {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const serverSide = new Promise<WebSocket>((resolve) =>
    wss.once("connection", (socket, req) => {
      watchBadgeSubscriptions(socket, req.socket);
      resolve(socket);
    }),
  );
  const { port } = wss.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate });
  const received: string[] = [];
  const waiters: ((text: string) => void)[] = [];
  client.on("message", (data) => {
    const text = String(data);
    const waiter = waiters.shift();
    if (waiter) waiter(text);
    else received.push(text);
  });
  await new Promise<void>((resolve, reject) => {
    client.once("open", () => resolve());
    client.once("error", reject);
  });
  const server = await serverSide;
  closers.push(async () => {
    client.terminate();
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
  return {
    server,
    client,
    received,
    next: () =>
      withTimeout(
        received.length ? Promise.resolve(received.shift() as string) : new Promise<string>((r) => waiters.push(r)),
        5_000,
        "a message from the server",
      ),
  };
}

/** Sends `messages` from the client and waits until the server has read them. */
async function announce(pair: Pair, messages: unknown): Promise<void> {
  const read = new Promise<void>((resolve) => pair.server.once("message", () => resolve()));
  pair.client.send(JSON.stringify(messages));
  await withTimeout(read, 5_000, "the server to read the message");
}

function subscription(id: number | string, key: string, extra: Record<string, unknown> = {}) {
  return { id, ...extra, method: "subscription", params: { path: BADGES_SUBSCRIPTION_PATH, input: { key } } };
}

/** What tRPC's WebSocket adapter sends for a subscription value (its `respond`, with our router). */
function trpcMessage(id: number | string, data: unknown, jsonrpc?: "2.0"): string {
  return JSON.stringify(transformTRPCResponse(appRouter._def._config, { id, jsonrpc, result: { type: "data", data } }));
}

const badges = { requests: 7, offers: 2, points: 130, tier: "turquoise" };

describe("subscription keys", () => {
  it("are 96 random bits in hex, and the schema takes only URL-safe keys of 16 to 64 characters", () => {
    const a = newSubscriptionKey();
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(newSubscriptionKey()).not.toBe(a);
    expect(subscriptionKeySchema.safeParse(a).success).toBe(true);
    expect(subscriptionKeySchema.safeParse("short").success).toBe(false);
    expect(subscriptionKeySchema.safeParse("x".repeat(65)).success).toBe(false);
    expect(subscriptionKeySchema.safeParse(`${"x".repeat(20)}"}`).success).toBe(false);
  });
});

describe("directChannel", () => {
  it("writes exactly tRPC's data message for the announced id, and each announcement is claimed once", async () => {
    const pair = await connect();
    const key = newSubscriptionKey();
    await announce(pair, subscription(3, key));
    const channel = directChannel<typeof badges>(pair.server, key);
    expect(channel).not.toBeNull();
    expect(directChannel(pair.server, key)).toBeNull();
    expect(channel?.send(badges)).toBe(true);
    expect(await pair.next()).toBe(trpcMessage(3, badges));
  });

  it("keeps string ids and jsonrpc, and reads batches", async () => {
    const pair = await connect();
    const [k1, k2] = [newSubscriptionKey(), newSubscriptionKey()];
    await announce(pair, [
      { id: 1, method: "query", params: { path: "session.me", input: undefined } },
      subscription("s-1", k1, { jsonrpc: "2.0" }),
      subscription(9, k2),
    ]);
    directChannel(pair.server, k1)?.send(badges);
    directChannel(pair.server, k2)?.send({ ...badges, requests: 8 });
    expect(await pair.next()).toBe(trpcMessage("s-1", badges, "2.0"));
    expect(await pair.next()).toBe(trpcMessage(9, { ...badges, requests: 8 }));
  });

  it("has no channel without a socket, a key or an announcement, or for other procedures and bad keys", async () => {
    const pair = await connect();
    const key = newSubscriptionKey();
    expect(directChannel(null, key)).toBeNull();
    expect(directChannel(pair.server, undefined)).toBeNull();
    expect(directChannel(pair.server, key)).toBeNull();
    await announce(pair, {
      id: 1,
      method: "subscription",
      params: { path: "approval.onPendingCount", input: { key }, note: BADGES_SUBSCRIPTION_PATH },
    });
    await announce(pair, { id: 2, method: "query", params: { path: BADGES_SUBSCRIPTION_PATH, input: { key } } });
    await announce(pair, subscription(3, "not a key"));
    expect(directChannel(pair.server, key)).toBeNull();
    expect(directChannel(pair.server, "not a key")).toBeNull();
    // A socket that was never watched.
    const other = await connect();
    expect(directChannel(other.client, key)).toBeNull();
  });

  it("remembers at most 16 unclaimed announcements per connection, dropping the oldest", async () => {
    const pair = await connect();
    const keys = Array.from({ length: 17 }, () => newSubscriptionKey());
    await announce(
      pair,
      keys.map((k, i) => subscription(i + 1, k)),
    );
    expect(directChannel(pair.server, keys[0])).toBeNull();
    expect(directChannel(pair.server, keys[1])).not.toBeNull();
    expect(directChannel(pair.server, keys[16])).not.toBeNull();
  });

  it("frames long messages (16-bit length) and falls back to ws beyond 65,535 bytes", async () => {
    const pair = await connect();
    const [k1, k2] = [newSubscriptionKey(), newSubscriptionKey()];
    await announce(pair, [subscription(1, k1), subscription(2, k2)]);
    const long = { ...badges, note: "ی".repeat(150) };
    const huge = { ...badges, note: "x".repeat(70_000) };
    directChannel(pair.server, k1)?.send(long);
    directChannel(pair.server, k2)?.send(huge);
    expect(await pair.next()).toBe(trpcMessage(1, long));
    expect(await pair.next()).toBe(trpcMessage(2, huge));
  });

  it("goes through ws when the connection negotiated permessage-deflate", async () => {
    const pair = await connect(true);
    expect(pair.server.extensions).toContain("permessage-deflate");
    const key = newSubscriptionKey();
    await announce(pair, subscription(5, key));
    directChannel(pair.server, key)?.send(badges);
    expect(await pair.next()).toBe(trpcMessage(5, badges));
  });

  it("keeps frames whole and in order when interleaved with ws's own sends", async () => {
    const pair = await connect();
    const key = newSubscriptionKey();
    await announce(pair, subscription(1, key));
    const channel = directChannel<{ n: number }>(pair.server, key);
    const expected: string[] = [];
    for (let n = 0; n < 300; n++) {
      if (n % 3 === 0) {
        const text = JSON.stringify({ id: 2, result: { type: "data", data: { other: n, pad: "p".repeat(n) } } });
        pair.server.send(text);
        expected.push(text);
      } else {
        channel?.send({ n });
        expected.push(trpcMessage(1, { n }));
      }
    }
    const got: string[] = [];
    for (let i = 0; i < expected.length; i++) got.push(await pair.next());
    expect(got).toEqual(expected);
  });

  it("is never created for a WebSocket without a TCP socket", () => {
    // A server-side WebSocket not attached to any socket yet (as `injectWS` hands out).
    const detached = new (
      WebSocket as unknown as new (
        address: null,
        protocols: undefined,
        options: object,
      ) => WebSocket
    )(null, undefined, {});
    watchBadgeSubscriptions(detached, undefined);
    const key = newSubscriptionKey();
    detached.emit("message", Buffer.from(JSON.stringify(subscription(1, key))), false);
    expect(directChannel(detached, key)).toBeNull();
  });

  it("sends nothing once the socket is closing", async () => {
    const pair = await connect();
    const key = newSubscriptionKey();
    await announce(pair, subscription(1, key));
    const channel = directChannel(pair.server, key);
    pair.server.close();
    expect(channel?.send(badges)).toBe(false);
  });
});

describe("textFrame", () => {
  it("uses the 7-bit length up to 125 bytes and the 16-bit length up to 65,535", () => {
    const short = textFrame("a".repeat(125));
    expect([short?.[0], short?.[1], short?.length]).toEqual([0x81, 125, 127]);
    const medium = textFrame("a".repeat(126));
    expect([medium?.[0], medium?.[1], medium?.readUInt16BE(2), medium?.length]).toEqual([0x81, 126, 126, 130]);
    // Bytes, not characters: 'ی' is two bytes in UTF-8.
    expect(textFrame("ی".repeat(63))?.[1]).toBe(126);
    expect(textFrame("a".repeat(65_535))?.readUInt16BE(2)).toBe(65_535);
    expect(textFrame("a".repeat(65_536))).toBeNull();
  });
});
