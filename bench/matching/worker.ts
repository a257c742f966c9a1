/**
 * One subscriber process of the matching benchmark (forked by `subscribers.ts`): plays many
 * signed-in browsers, each with its own session cookie, its own connection and one
 * `badges.onChange` subscription on tRPC's own client — `createWSClient` + `wsLink` (the app's
 * path) or `httpSubscriptionLink` over Server-Sent Events (`eventsource` as the EventSource of
 * Node 20). Each value is stamped with `now()` (CLOCK_MONOTONIC, the parent's clock) when the
 * client hands it over, and kept here; the parent collects the stamps over IPC after a phase,
 * so that reporting never competes with receiving.
 *
 * Messages from the parent (`ToWorker`) and to it (`FromWorker`) are below.
 */
import { createTRPCClient, createWSClient, httpSubscriptionLink, type TRPCClient, wsLink } from "@trpc/client";
import { EventSource } from "eventsource";
import NodeWebSocket from "ws";
import { BOARDS, type Board } from "../../src/common/posts";
import type { AppRouter } from "../../src/server/trpc/router";
import { errorMessage, now } from "../harness";

/** How subscribers reach the server. */
export type Link = "ws" | "sse";

export type ToWorker =
  | { type: "open"; origin: string; link: Link; members: { i: number; cookie: string }[]; concurrency: number }
  /** Reply with every value received since the last collect. */
  | { type: "collect" }
  /**
   * Reply `settled` once each listed subscriber's board counts (`Badges.posts` in BOARDS order)
   * have reached `counts` (-1: any).
   */
  | { type: "expect"; targets: [i: number, counts: number[]][] }
  /** Forward the next value of subscriber `i` at once (`arrival`). */
  | { type: "watch"; i: number }
  | { type: "close" };

export type FromWorker =
  | { type: "ready" }
  | {
      type: "opened";
      /** [i, opened at, first value at (null: none within 60 s)] */
      opened: [i: number, openedAt: number, firstAt: number | null][];
    }
  | {
      type: "collected";
      /** [i, t, requests badge, offers badge, every board's count in BOARDS order] */
      values: [i: number, t: number, requests: number, offers: number, posts: number[]][];
      errors: [i: number, message: string][];
      /** Connections closed by the other side since the last collect. */
      closes: number[];
      /** CPU time this process has used so far (user + system), ms. */
      cpuMs: number;
    }
  | { type: "settled" }
  | { type: "arrival"; i: number; t: number; requests: number }
  | { type: "closed" };

interface Badge {
  requests: number;
  offers: number;
  posts: Record<Board, number>;
}

/** Whether `counts` (BOARDS order) reach every target (-1: any). */
const reached = (counts: number[], targets: number[]) => targets.every((n, k) => n < 0 || (counts[k] ?? -1) >= n);

interface Client {
  i: number;
  values: number;
  /** Set when this process closes it: its close is not counted as unexpected. */
  closing: boolean;
  close: () => Promise<void>;
}

const send = (message: FromWorker) => process.send?.(message);

let pendingValues: [number, number, number, number, number[]][] = [];
let pendingErrors: [number, string][] = [];
let pendingCloses: number[] = [];
const clients: Client[] = [];
/** The latest board counts of each subscriber (BOARDS order). */
const latest = new Map<number, number[]>();
/** Subscribers whose counts have not reached their targets yet (`expect`). */
let expectation: { remaining: number; targets: Map<number, number[]> } | null = null;
const watched = new Set<number>();

function onValue(i: number, value: Badge): void {
  const t = now();
  const counts = BOARDS.map((b) => value.posts[b]);
  pendingValues.push([i, t, value.requests, value.offers, counts]);
  if (watched.delete(i)) send({ type: "arrival", i, t, requests: value.requests });
  latest.set(i, counts);
  const e = expectation;
  const target = e?.targets.get(i);
  if (e && target !== undefined && reached(counts, target)) {
    e.targets.delete(i);
    if (--e.remaining === 0) {
      expectation = null;
      send({ type: "settled" });
    }
  }
}

function headerWebSocket(headers: Record<string, string>): typeof globalThis.WebSocket {
  class HeaderWebSocket extends NodeWebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return HeaderWebSocket as unknown as typeof globalThis.WebSocket;
}

/** Opens one client and its subscription; resolves with the time of the first value (or null). */
function openOne(origin: string, link: Link, i: number, cookie: string): Promise<number | null> {
  return new Promise((resolve) => {
    let first = true;
    const timer = setTimeout(() => {
      if (!first) return;
      first = false;
      pendingErrors.push([i, "no first value within 60 s"]);
      resolve(null);
    }, 60_000);
    const settleFirst = (t: number | null) => {
      if (!first) return;
      first = false;
      clearTimeout(timer);
      resolve(t);
    };
    const client: Client = { i, values: 0, closing: false, close: async () => {} };
    let trpc: TRPCClient<AppRouter>;
    let closeTransport: () => Promise<void>;
    if (link === "ws") {
      const wsClient = createWSClient({
        url: `${origin.replace(/^http/, "ws")}/trpc`,
        WebSocket: headerWebSocket({ cookie, origin }),
        retryDelayMs: () => 30_000,
        onClose: () => {
          if (!client.closing) pendingCloses.push(i);
        },
      });
      trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
      closeTransport = () => wsClient.close();
    } else {
      trpc = createTRPCClient<AppRouter>({
        links: [
          httpSubscriptionLink({
            url: `${origin}/trpc`,
            EventSource,
            eventSourceOptions: {
              fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, cookie, origin } }),
            },
          }),
        ],
      });
      closeTransport = async () => {};
    }
    const subscription = trpc.badges.onChange.subscribe(undefined, {
      onData: (value: Badge) => {
        client.values++;
        onValue(i, value);
        settleFirst(now());
      },
      onError: (err) => {
        pendingErrors.push([i, errorMessage(err)]);
        settleFirst(null);
      },
    });
    client.close = async () => {
      client.closing = true;
      subscription.unsubscribe();
      await closeTransport();
    };
    clients.push(client);
  });
}

async function open(message: Extract<ToWorker, { type: "open" }>): Promise<void> {
  const opened: [number, number, number | null][] = [];
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, message.concurrency) }, async () => {
    while (next < message.members.length) {
      const m = message.members[next++] as { i: number; cookie: string };
      const openedAt = now();
      const firstAt = await openOne(message.origin, message.link, m.i, m.cookie);
      opened.push([m.i, openedAt, firstAt]);
    }
  });
  await Promise.all(lanes);
  send({ type: "opened", opened });
}

async function closeAll(): Promise<void> {
  const all = clients.splice(0);
  for (let k = 0; k < all.length; k += 100) {
    await Promise.all(
      all.slice(k, k + 100).map((c) =>
        c.close().catch(() => {
          // closing anyway
        }),
      ),
    );
  }
  pendingValues = [];
  pendingErrors = [];
  pendingCloses = [];
  expectation = null;
  latest.clear();
  watched.clear();
  send({ type: "closed" });
}

process.on("message", (message: ToWorker) => {
  switch (message.type) {
    case "open":
      void open(message);
      return;
    case "collect":
      {
        const cpu = process.cpuUsage();
        send({
          type: "collected",
          values: pendingValues,
          errors: pendingErrors,
          closes: pendingCloses,
          cpuMs: (cpu.user + cpu.system) / 1000,
        });
      }
      pendingValues = [];
      pendingErrors = [];
      pendingCloses = [];
      return;
    case "expect": {
      const targets = new Map(message.targets.filter(([i, counts]) => !reached(latest.get(i) ?? [], counts)));
      if (targets.size === 0) send({ type: "settled" });
      else expectation = { remaining: targets.size, targets };
      return;
    }
    case "watch":
      watched.add(message.i);
      return;
    case "close":
      void closeAll();
      return;
  }
});
process.on("disconnect", () => process.exit(0));
send({ type: "ready" });
