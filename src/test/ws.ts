/**
 * tRPC over a real WebSocket, as the browser app uses it (`createWSClient` + `wsLink`), for
 * integration tests: every operation — queries and mutations too — goes over the socket, with the
 * session cookie and our Origin in the handshake.
 */
import { createTRPCClient, createWSClient, type TRPCClient, wsLink } from "@trpc/client";
import WebSocket from "ws";
import type { AppRouter } from "../server/trpc/router";
import { withTimeout } from "./app";

/** A `ws` WebSocket that sends `headers` with its handshake (tRPC constructs it with the URL only). */
export function webSocketWith(headers: Record<string, string>, onClose?: (code: number) => void) {
  return class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
      if (onClose) this.on("close", (code) => onClose(code));
    }
  };
}

export interface WsTrpc {
  /** A tRPC client whose every operation goes over this one WebSocket. */
  client: TRPCClient<AppRouter>;
  /** Close codes the server sent, in order (e.g. 4401 when the session ended). */
  closeCodes: number[];
  close(): Promise<void>;
}

/** Connects to `port` with the session `cookie` (`name=token`). */
export function wsTrpc(port: number, cookie: string): WsTrpc {
  const closeCodes: number[] = [];
  const wsClient = createWSClient({
    url: `ws://127.0.0.1:${port}/trpc`,
    WebSocket: webSocketWith({ cookie, origin: `http://127.0.0.1:${port}` }, (code) =>
      closeCodes.push(code),
    ) as unknown as typeof globalThis.WebSocket,
    // A closed socket is not reopened by itself: the tests look at what the server did.
    retryDelayMs: () => 60_000,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  return {
    client,
    closeCodes,
    async close() {
      await wsClient.close();
    },
  };
}

/** Values of a subscription as a queue the test reads one by one. */
export function collect<T>(
  subscribe: (handlers: { onData(v: T): void; onError(e: unknown): void; onComplete(): void }) => {
    unsubscribe(): void;
  },
) {
  const queue: T[] = [];
  const waiters: ((v: T) => void)[] = [];
  const errors: unknown[] = [];
  let completed = false;
  const sub = subscribe({
    onData(value) {
      const w = waiters.shift();
      if (w) w(value);
      else queue.push(value);
    },
    onError(err) {
      errors.push(err);
    },
    onComplete() {
      completed = true;
    },
  });
  return {
    errors,
    get completed() {
      return completed;
    },
    /** The next value, within 5 s. */
    next: (what: string) =>
      withTimeout(
        queue.length ? Promise.resolve(queue.shift() as T) : new Promise<T>((r) => waiters.push(r)),
        5_000,
        what,
      ).catch((err: unknown) => {
        throw new Error(`${String(err)}; subscription errors: ${errors.map(String).join(", ") || "none"}`);
      }),
    /** Values received and not read yet. */
    queued: () => queue.length,
    unsubscribe: () => sub.unsubscribe(),
  };
}
