/**
 * Cross-process events over Postgres LISTEN/NOTIFY (DESIGN.md §1, §5). `publish` runs inside
 * the transaction that makes the change, so a rolled-back change never emits. Every process
 * listens on one channel and fans events out to its in-process subscribers.
 */
import { EventEmitter, on } from "node:events";
import { sql } from "drizzle-orm";
import type { Database, DbOrTx } from "./db/client";

export const EVENTS_CHANNEL = "export_club_events";

/** Everything that moves a live badge. `userIds` narrows who needs to recount (none = everyone). */
export type AppEvent =
  | { type: "applicants.changed" }
  | { type: "member.changed"; userIds: string[] };

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

  /** Starts listening on the database channel. */
  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
      try {
        const event = JSON.parse(payload) as AppEvent;
        this.emitter.emit(event.type, event);
      } catch {
        // Not ours; ignore.
      }
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    this.emitter.removeAllListeners();
  }

  /**
   * Yields each event of the given types, in order, until `signal` aborts.
   */
  async *stream(types: AppEventType[], signal: AbortSignal | undefined): AsyncGenerator<AppEvent> {
    const ac = new AbortController();
    const onAbort = () => ac.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const merged = new EventEmitter();
    const forward = (e: AppEvent) => merged.emit("e", e);
    for (const t of types) this.emitter.on(t, forward);
    try {
      for await (const [event] of on(merged, "e", { signal: ac.signal })) {
        yield event as AppEvent;
      }
    } catch (err) {
      if ((err as { name?: string }).name !== "AbortError") throw err;
    } finally {
      for (const t of types) this.emitter.off(t, forward);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}
