/**
 * LISTEN/NOTIFY over node-postgres that survives a Postgres restart (issue #10 §2, ADR 0010).
 *
 * One dedicated connection (LISTEN is per session, so it cannot come from the pool) carries
 * every channel. When it breaks (server restart, admin shutdown, network), the listener
 * reconnects with a short backoff (100 ms doubling to 1 s, forever until closed), LISTENs to
 * every channel again and then calls each subscription's `onReconnect`: notifications sent
 * while it was away are lost, so the subscriber must treat a reconnect as "anything may have
 * changed" (the event bus turns it into `bus.reconnected`).
 */
import pg from "pg";

/** A function that reports connection trouble; never throws. */
export type DbErrorReporter = (err: Error, source: "pool" | "listener") => void;

interface Subscription {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 1_000;
const REPORT_EVERY_MS = 10_000;

export class PgListener {
  private client: pg.Client | null = null;
  /** Channels the current connection LISTENs to. */
  private listened = new Set<string>();
  /** The connection attempt under way, if any (first connect or a reconnect). */
  private connecting: Promise<pg.Client> | null = null;
  private readonly channels = new Map<string, Set<Subscription>>();
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = RETRY_FIRST_MS;
  private closed = false;
  /** Set once the first connection succeeded: later connections are reconnects. */
  private everConnected = false;
  private lastReportAt = 0;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly report: DbErrorReporter,
  ) {}

  /**
   * LISTENs on `channel`; resolves to the unsubscribe function once the server confirmed.
   * Rejects when the first connection cannot be made (start-up fails fast); later losses are
   * repaired in the background.
   */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>> {
    if (this.closed) throw new Error("listener is closed");
    const sub: Subscription = { onPayload, onReconnect };
    let subs = this.channels.get(channel);
    if (!subs) {
      subs = new Set();
      this.channels.set(channel, subs);
    }
    subs.add(sub);
    try {
      const client = this.client ?? (await this.connect());
      // A connection opened before this channel was added has not LISTENed to it yet.
      if (!this.listened.has(channel)) {
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
        this.listened.add(channel);
      }
    } catch (err) {
      subs.delete(sub);
      if (subs.size === 0) this.channels.delete(channel);
      throw err;
    }
    return async () => {
      const set = this.channels.get(channel);
      if (!set?.delete(sub) || set.size > 0) return;
      this.channels.delete(channel);
      this.listened.delete(channel);
      const client = this.client;
      // Best effort: a broken connection has no LISTEN left anyway.
      await client?.query(`UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  /** Ends the connection and stops reconnecting. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  /** Opens the connection, LISTENs on every channel, and wires the loss handling. */
  private connect(): Promise<pg.Client> {
    this.connecting ??= (async () => {
      const client = new pg.Client(this.config);
      let ready = false;
      let lost = false;
      const onLost = (err?: Error) => {
        // Before `ready`, a failure rejects the attempt below instead.
        if (!ready || lost) return;
        lost = true;
        if (this.client === client) this.client = null;
        if (this.closed) return;
        this.report(err ?? new Error("LISTEN connection ended"), "listener");
        client.end().catch(() => {});
        this.scheduleReconnect();
      };
      // Attached first: an 'error' event without a listener would throw out of the socket handler.
      client.on("error", onLost);
      client.on("end", () => onLost());
      client.on("notification", (msg) => {
        for (const sub of this.channels.get(msg.channel) ?? []) sub.onPayload(msg.payload ?? "");
      });
      const listened = new Set<string>();
      try {
        await client.connect();
        for (const channel of this.channels.keys()) {
          await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
          listened.add(channel);
        }
      } catch (err) {
        client.end().catch(() => {});
        throw err;
      }
      if (this.closed) {
        await client.end().catch(() => {});
        throw new Error("listener is closed");
      }
      this.client = client;
      this.listened = listened;
      ready = true;
      this.retryDelay = RETRY_FIRST_MS;
      const reconnected = this.everConnected;
      this.everConnected = true;
      if (reconnected) {
        for (const subs of this.channels.values()) {
          for (const sub of subs) {
            try {
              sub.onReconnect?.();
            } catch (err) {
              this.report(err instanceof Error ? err : new Error(String(err)), "listener");
            }
          }
        }
      }
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer || this.channels.size === 0) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((err: unknown) => {
        if (this.closed) return;
        // One report per REPORT_EVERY_MS while the server stays away, not one per attempt.
        const now = Date.now();
        if (now - this.lastReportAt >= REPORT_EVERY_MS) {
          this.lastReportAt = now;
          this.report(err instanceof Error ? err : new Error(String(err)), "listener");
        }
        this.scheduleReconnect();
      });
    }, delay);
    // Reconnecting alone never keeps the process alive.
    this.retryTimer.unref();
  }
}
