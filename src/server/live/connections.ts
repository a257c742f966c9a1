/**
 * WebSocket connections and their sessions (DESIGN.md §4, §5; issue #10 point 1). A socket is
 * opened once and then carries many operations; each of them is authorized against the session's
 * *current* state, exactly as an HTTP request is:
 *
 * - `auth()` returns the connection's auth as of now: from a per-process cache that holds it for
 *   at most `CACHE_MS`, is checked against the idle and absolute limits in memory on every use,
 *   and is dropped by any event about the member (`member.changed`: sign-out, password change,
 *   suspension, rejection, approval, role change…) or by a reconnect of the event bus. On a miss
 *   the database decides (`authenticate`, one prepared query).
 * - When a session ends — an event about its member after which the database no longer admits
 *   it, its row deleted by anyone (`sessions.ended`, from a trigger), or its idle/absolute limit
 *   passing (checked every `SWEEP_MS`) — the server closes the socket with code 4401, so no
 *   subscription outlives its session.
 *
 * One registry per process (`connectionRegistry(deps)`), fed by the event bus.
 */
import type { WebSocket } from "ws";
import { authenticate } from "../auth/authenticate";
import { sessionExpiresAt } from "../auth/session";
import type { Db } from "../db/client";
import type { RequestAuth } from "../trpc/context";
import type { AppEvent, EventBus } from "./events";

/** How long a cached auth may be used without asking the database again (ms). */
const CACHE_MS = 60_000;
/** How often connections whose session ran out in memory are closed (ms). */
const SWEEP_MS = 30_000;
/** WebSocket close code sent when the connection's session has ended. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/**
 * Most WebSockets one IP address may hold open on one process (issue #10 §5). Counted per
 * process, in memory: a live socket belongs to one process, and a Postgres count would need
 * rows that outlive a crashed process. With N processes an address may hold N times as many.
 */
export const MAX_SOCKETS_PER_IP = 50;

/** A WebSocket connection's view of its session, for the tRPC context. */
export interface Connection {
  /** The caller's auth as of now (`null` when the session has ended); see the module comment. */
  auth(): Promise<RequestAuth | null>;
}

interface Entry {
  socket: WebSocket;
  token: string | undefined;
  ip: string | null;
  /** User of the session, once known (for events about members). */
  userId: string | null;
  cached: RequestAuth | null;
  /** When `cached` was read from the database (ms since epoch); 0 = nothing cached. */
  cachedAt: number;
  /** Bumped by every invalidation, so a read that started before one is not cached. */
  generation: number;
  closed: boolean;
}

export interface ConnectionRegistryOptions {
  now?: () => number;
  sweepMs?: number;
}

/** The WebSocket connections of one process. Use `connectionRegistry(db, events)`. */
export class ConnectionRegistry {
  private readonly entries = new Set<Entry>();
  private readonly byUser = new Map<string, Set<Entry>>();
  /** Handshakes admitted and not yet closed, per IP address (`admit`). */
  private readonly perIp = new Map<string, number>();
  private unlisten: (() => void) | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  private readonly sweepMs: number;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    options: ConnectionRegistryOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.sweepMs = options.sweepMs ?? SWEEP_MS;
  }

  /** Open connections (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** Sockets of `ip` admitted and still open on this process. */
  socketsOf(ip: string): number {
    return this.perIp.get(ip) ?? 0;
  }

  /**
   * Admits a WebSocket handshake from `ip` when it holds fewer than `max` (the `WS_MAX_PER_IP`
   * setting, default `MAX_SOCKETS_PER_IP`) open sockets here, counting it until `transport` (the TCP socket under the handshake) closes.
   * Returns false, counting nothing, when the address is at the cap.
   */
  admit(
    ip: string,
    transport: { once(event: "close", listener: () => void): unknown },
    max: number = MAX_SOCKETS_PER_IP,
  ): boolean {
    const open = this.perIp.get(ip) ?? 0;
    if (open >= max) return false;
    this.perIp.set(ip, open + 1);
    transport.once("close", () => {
      const left = (this.perIp.get(ip) ?? 1) - 1;
      if (left > 0) this.perIp.set(ip, left);
      else this.perIp.delete(ip);
    });
    return true;
  }

  /**
   * Registers a new connection with the session token of its handshake; forgets it when the
   * socket closes.
   */
  open(socket: WebSocket, token: string | undefined, ip: string | null): Connection {
    const entry: Entry = {
      socket,
      token,
      ip,
      userId: null,
      cached: null,
      cachedAt: 0,
      generation: 0,
      closed: false,
    };
    this.entries.add(entry);
    this.start();
    socket.once("close", () => this.forget(entry));
    return { auth: () => this.authOf(entry) };
  }

  /** The auth of `entry` as of now; closes the socket when the session has ended. */
  private async authOf(entry: Entry): Promise<RequestAuth | null> {
    if (entry.closed) return null;
    const cached = entry.cached;
    const now = this.now();
    if (cached && now - entry.cachedAt < CACHE_MS) {
      if (sessionExpiresAt(cached.session).getTime() > now) return cached;
      // Ran out in memory: the database check below deletes and logs it (authenticate).
    }
    const generation = entry.generation;
    const { auth } = await authenticate(this.db, entry.token, entry.ip, new Date(now));
    if (entry.closed) return null;
    if (!auth) {
      this.end(entry);
      return null;
    }
    if (generation === entry.generation) {
      entry.cached = auth;
      entry.cachedAt = now;
    }
    this.indexUser(entry, auth.viewer.id);
    return auth;
  }

  private indexUser(entry: Entry, userId: string): void {
    if (entry.userId === userId) return;
    if (entry.userId) this.byUser.get(entry.userId)?.delete(entry);
    entry.userId = userId;
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(entry);
  }

  /** Drops the cached auth and asks the database again; the socket closes if the session ended. */
  private recheck(entry: Entry): void {
    entry.generation++;
    entry.cached = null;
    entry.cachedAt = 0;
    this.authOf(entry).catch(() => {
      // The database is unreachable: keep the socket; the next operation asks again.
    });
  }

  private end(entry: Entry): void {
    if (entry.closed) return;
    entry.closed = true;
    try {
      entry.socket.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
    } catch {
      entry.socket.terminate();
    }
    this.forget(entry);
  }

  private forget(entry: Entry): void {
    entry.closed = true;
    this.entries.delete(entry);
    if (entry.userId) {
      const set = this.byUser.get(entry.userId);
      set?.delete(entry);
      if (set?.size === 0) this.byUser.delete(entry.userId);
    }
    if (this.entries.size === 0) this.stop();
  }

  private start(): void {
    if (!this.unlisten) {
      this.unlisten = this.events.on(["member.changed", "sessions.ended", "session.touched", "bus.reconnected"], (e) =>
        this.dispatch(e),
      );
    }
    if (!this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), this.sweepMs);
      this.sweeper.unref();
    }
  }

  private stop(): void {
    this.unlisten?.();
    this.unlisten = null;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  private dispatch(event: AppEvent): void {
    switch (event.type) {
      case "member.changed":
        for (const userId of event.userIds) {
          for (const entry of [...(this.byUser.get(userId) ?? [])]) this.recheck(entry);
        }
        return;
      case "sessions.ended": {
        const ended = new Set(event.sessionIds);
        for (const entry of [...this.entries]) {
          if (entry.cached && ended.has(entry.cached.session.id)) this.recheck(entry);
        }
        return;
      }
      case "session.touched": {
        const at = new Date(event.lastActiveAt);
        for (const entry of this.entries) {
          const cached = entry.cached;
          if (cached && cached.session.id === event.sessionId && at > cached.session.lastActiveAt) {
            entry.cached = { ...cached, session: { ...cached.session, lastActiveAt: at } };
          }
        }
        return;
      }
      case "bus.reconnected":
        // Events may have been missed while the bus was down: trust nothing cached.
        for (const entry of [...this.entries]) this.recheck(entry);
        return;
      default:
        return;
    }
  }

  /** Closes the connections whose session ran out in memory (idle or absolute limit). */
  private sweep(): void {
    const now = this.now();
    for (const entry of [...this.entries]) {
      const cached = entry.cached;
      if (cached && sessionExpiresAt(cached.session).getTime() <= now) this.recheck(entry);
    }
  }
}

const registries = new WeakMap<EventBus, ConnectionRegistry>();

/** The process's connection registry for this event bus (one per bus). */
export function connectionRegistry(db: Db, events: EventBus): ConnectionRegistry {
  let registry = registries.get(events);
  if (!registry) {
    registry = new ConnectionRegistry(db, events);
    registries.set(events, registry);
  }
  return registry;
}
