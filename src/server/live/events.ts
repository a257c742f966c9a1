/**
 * Cross-process events over Postgres LISTEN/NOTIFY (DESIGN.md §1, §5). `publish` runs inside
 * the transaction that makes the change, so a rolled-back change never emits. Every process
 * listens on one channel and fans events out to its in-process subscribers.
 */
import { EventEmitter, on } from "node:events";
import { sql } from "drizzle-orm";
import type { Board } from "../../common/posts";
import type { Database, DbOrTx } from "../db/client";

export const EVENTS_CHANNEL = "export_club_events";

/** Everything that moves a live badge. `userIds` narrows who needs to recount (none = everyone). */
export type AppEvent =
  | { type: "applicants.changed" }
  /** Knowledge submissions were added or reviewed (admin inbox badge). */
  | { type: "knowledge.changed" }
  /** Services were published, edited or reviewed (admin services badge). */
  | { type: "services.changed" }
  /** Contact form messages were added, read, handled, reopened, answered or deleted (admin contact badge). */
  | { type: "contact.changed" }
  /** Something about these members changed (profile, role, answered/ignored requests): recount. */
  | { type: "member.changed"; userIds: string[] }
  /**
   * A new active post of `board` with its routing columns: subscribers check it against their
   * profile in memory (`postMatches`; ADR 16). Arrays are capped by the forms (20 countries, 24
   * sectors), so the NOTIFY stays far below 8,000 bytes.
   */
  | {
      type: "post.created";
      postId: number;
      userId: string;
      board: Board;
      targetCountry: string | null;
      sector: string | null;
      requestType: string | null;
      countries: string[];
      sectors: string[];
      reach: string[];
    }
  /**
   * These sessions were deleted — by the app, a housekeeping job or anyone with SQL. Published
   * only by the `sessions_ended` trigger (drizzle/0023_sessions_ended.sql), at most 100 ids
   * per event; open WebSockets of these sessions close.
   */
  | { type: "sessions.ended"; sessionIds: string[] }
  /** A session's idle timer restarted (heartbeat or Extend Session); subscriptions track it in memory. */
  | { type: "session.touched"; sessionId: string; lastActiveAt: string }
  /** Offers or their notifications changed for these requesters. */
  | { type: "offers.changed"; userIds: string[] }
  /** Notifications of these members were created or read (the bell's unread count; issue 17 §1). */
  | { type: "notifications.changed"; userIds: string[] }
  /**
   * This process's LISTEN connection was lost and is back (a Postgres restart): every event
   * sent meanwhile is lost, so anything kept live must be reloaded. Emitted locally, never
   * published (issue #10 §2).
   */
  | { type: "bus.reconnected" };

export type AppEventType = AppEvent["type"];

/** Queues `event` for delivery when the surrounding transaction commits. */
export async function publish(db: DbOrTx, event: AppEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

export class EventBus {
  private readonly emitter = new EventEmitter();
  private unlisten: (() => Promise<void>) | undefined;

  constructor() {
    // Every open subscription adds a listener; thousands are expected.
    this.emitter.setMaxListeners(0);
  }

  /**
   * Starts listening on the database channel. After the connection was lost and made again
   * (Postgres only), emits `bus.reconnected` to this process's subscribers.
   */
  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(
      EVENTS_CHANNEL,
      (payload) => {
        try {
          const event = JSON.parse(payload) as AppEvent;
          this.emitter.emit(event.type, event);
        } catch {
          // Not ours; ignore.
        }
      },
      { onReconnect: () => this.emitter.emit("bus.reconnected", { type: "bus.reconnected" } satisfies AppEvent) },
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    this.emitter.removeAllListeners();
  }

  /**
   * Calls `handler` synchronously, in order, for every event of the given types until the
   * returned function is called. For process-wide consumers (the badge hub); per-client
   * consumers use `stream`.
   */
  on(types: AppEventType[], handler: (event: AppEvent) => void): () => void {
    const listener = (e: AppEvent) => handler(e);
    for (const t of types) this.emitter.on(t, listener);
    return () => {
      for (const t of types) this.emitter.off(t, listener);
    };
  }

  /**
   * Events of the given types, in order, from the moment of this call until `signal` aborts.
   * Listeners attach immediately (not on the first pull), so a subscription that creates the
   * stream before reading its initial count misses nothing that commits in between.
   */
  stream(types: AppEventType[], signal: AbortSignal | undefined): AsyncGenerator<AppEvent> {
    const ac = new AbortController();
    const merged = new EventEmitter();
    const forward = (e: AppEvent) => merged.emit("e", e);
    for (const t of types) this.emitter.on(t, forward);
    const events = on(merged, "e", { signal: ac.signal });
    let cleaned = false;
    const cleanup = () => {
      if (cleaned) return;
      cleaned = true;
      for (const t of types) this.emitter.off(t, forward);
      signal?.removeEventListener("abort", onAbort);
      ac.abort();
    };
    const onAbort = () => cleanup();
    if (signal?.aborted) cleanup();
    else signal?.addEventListener("abort", onAbort, { once: true });
    return (async function* () {
      try {
        for await (const [event] of events) yield event as AppEvent;
      } catch (err) {
        if ((err as { name?: string }).name !== "AbortError") throw err;
      } finally {
        cleanup();
      }
    })();
  }
}
