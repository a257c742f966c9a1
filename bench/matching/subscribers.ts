/**
 * The matching benchmark's subscribers, on the parent's side: `workers` child processes
 * (`worker.ts`, forked through tsx), each playing an equal share of the members on tRPC's own
 * client. Separate processes, so that one event's 1,300 messages do not queue behind the client
 * code of every earlier one in a single event loop (ADR 9 measured 30–70 ms of that per event
 * with 2,000 clients in one process) and the bench process stays free to send mutations and
 * read the NOTIFY.
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { MatchProfile } from "../../src/server/domain/matching";
import { logger, now, round, trackChild } from "../harness";
import type { FromWorker, Link, ToWorker } from "./worker";

const log = logger("bench:matching");
const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), "worker.ts");

/** One value of a subscription. */
export interface Arrival {
  t: number;
  requests: number;
  offers: number;
  /** Every board's count, in BOARDS order. */
  posts: number[];
}

/** One member's subscription, as the parent sees it (values collected from its worker). */
export interface Sub {
  userId: string;
  cookie: string;
  profile: MatchProfile;
  /** Index of its worker. */
  worker: number;
  /** Values in order of arrival, stamped with `now()` in the worker; `posts`: every board's count in BOARDS order. */
  arrivals: Arrival[];
  openedAt: number;
  firstAt: number | null;
  errors: string[];
  closes: number;
}

interface Worker {
  child: ChildProcess;
  /** Handlers waiting for a message type. */
  waiting: Map<FromWorker["type"], ((m: FromWorker) => void)[]>;
  onArrival: ((m: Extract<FromWorker, { type: "arrival" }>) => void) | null;
}

function waitFor<T extends FromWorker["type"]>(w: Worker, type: T): Promise<Extract<FromWorker, { type: T }>> {
  return new Promise((resolve) => {
    const list = w.waiting.get(type) ?? [];
    list.push(resolve as (m: FromWorker) => void);
    w.waiting.set(type, list);
  });
}

/** The subscriber processes; `start(n)` forks them, `stop()` ends them. */
export class SubscriberPool {
  private subs: Sub[] = [];
  /** CPU time of each worker as of its last collect, ms. */
  private cpu: number[] = [];

  private constructor(private readonly workers: Worker[]) {}

  /** Forks `n` workers and waits until each has loaded. */
  static async start(n: number): Promise<SubscriberPool> {
    const workers = Array.from({ length: Math.max(1, n) }, () => {
      const child = fork(WORKER, [], {
        execArgv: ["--import", "tsx"],
        serialization: "advanced",
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      trackChild(child);
      const w: Worker = { child, waiting: new Map(), onArrival: null };
      child.on("message", (m: FromWorker) => {
        if (m.type === "arrival") w.onArrival?.(m);
        const list = w.waiting.get(m.type);
        const next = list?.shift();
        next?.(m);
      });
      return w;
    });
    await Promise.all(workers.map((w) => waitFor(w, "ready")));
    return new SubscriberPool(workers);
  }

  private send(w: Worker, message: ToWorker): void {
    w.child.send(message);
  }

  /**
   * Opens one subscription per member over `link`, the members dealt round-robin to the
   * workers, `concurrency` opening at a time in all; resolves when each has its first value
   * (or gave up after 60 s).
   */
  async open(
    origin: string,
    link: Link,
    members: { userId: string; cookie: string; profile: MatchProfile }[],
    concurrency: number,
  ): Promise<{ subs: Sub[]; seconds: number; failed: number }> {
    const n = this.workers.length;
    this.subs = members.map((m, i) => ({
      ...m,
      worker: i % n,
      arrivals: [],
      openedAt: 0,
      firstAt: null,
      errors: [],
      closes: 0,
    }));
    const t0 = now();
    const opened = await Promise.all(
      this.workers.map((w, k) => {
        const reply = waitFor(w, "opened");
        this.send(w, {
          type: "open",
          origin,
          link,
          concurrency: Math.max(1, Math.round(concurrency / n)),
          members: this.subs.flatMap((s, i) => (s.worker === k ? [{ i, cookie: s.cookie }] : [])),
        });
        return reply;
      }),
    );
    let failed = 0;
    for (const reply of opened) {
      for (const [i, openedAt, firstAt] of reply.opened) {
        const s = this.subs[i] as Sub;
        s.openedAt = openedAt;
        s.firstAt = firstAt;
        if (firstAt === null) failed++;
      }
    }
    await this.collect();
    const seconds = round((now() - t0) / 1000, 1);
    log(`  ${this.subs.length} subscribers on ${n} workers (${link}) opened in ${seconds} s, ${failed} failed`);
    return { subs: this.subs, seconds, failed };
  }

  /** CPU time used by all workers so far, as of the last collect (ms). */
  cpuMs(): number {
    return this.cpu.reduce((a, b) => a + b, 0);
  }

  /** Fetches every value, error and close the workers recorded since the last collect. */
  async collect(): Promise<void> {
    const replies = await Promise.all(
      this.workers.map((w) => {
        const reply = waitFor(w, "collected");
        this.send(w, { type: "collect" });
        return reply;
      }),
    );
    this.cpu = replies.map((r) => r.cpuMs);
    for (const r of replies) {
      for (const [i, t, requests, offers, posts] of r.values)
        this.subs[i]?.arrivals.push({ t, requests, offers, posts });
      for (const [i, message] of r.errors) this.subs[i]?.errors.push(message);
      for (const i of r.closes) {
        const s = this.subs[i];
        if (s) s.closes++;
      }
    }
    for (const s of this.subs) s.arrivals.sort((a, b) => a.t - b.t);
  }

  /**
   * Waits until each subscriber's board counts have reached `targets[i]` (BOARDS order, -1: any;
   * the workers check as values arrive; nothing crosses IPC meanwhile), or `timeoutMs` passed;
   * then collects. Resolves to the time waited (ms) and whether every worker was done.
   */
  async settle(targets: number[][], timeoutMs: number): Promise<{ ms: number; settled: boolean }> {
    const t0 = now();
    const done = this.workers.map((w, k) => {
      const reply = waitFor(w, "settled");
      const mine: [number, number[]][] = [];
      for (const [i, n] of targets.entries()) if ((this.subs[i] as Sub).worker === k) mine.push([i, n]);
      this.send(w, { type: "expect", targets: mine });
      return reply;
    });
    const settled = await Promise.race([
      Promise.all(done).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
    ]);
    const ms = round(now() - t0);
    await this.collect();
    return { ms, settled };
  }

  /**
   * Asks for the next value of subscriber `i` at once (a single message), runs `action`, and
   * resolves with that value's time, or null after `timeoutMs`.
   */
  async nextValueOf(i: number, action: () => Promise<void>, timeoutMs: number): Promise<number | null> {
    const s = this.subs[i] as Sub;
    const w = this.workers[s.worker] as Worker;
    const arrived = new Promise<number>((resolve) => {
      w.onArrival = (m) => {
        if (m.i === i) resolve(m.t);
      };
    });
    this.send(w, { type: "watch", i });
    await action();
    const t = await Promise.race([arrived, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
    w.onArrival = null;
    return t;
  }

  /** Closes every subscription and its connection (the workers keep running). */
  async closeAll(): Promise<void> {
    await this.collect();
    await Promise.all(
      this.workers.map((w) => {
        const reply = waitFor(w, "closed");
        this.send(w, { type: "close" });
        return reply;
      }),
    );
  }

  /** Ends the worker processes. */
  async stop(): Promise<void> {
    await Promise.all(
      this.workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.child.exitCode !== null || w.child.signalCode !== null) return resolve();
            w.child.once("exit", () => resolve());
            w.child.disconnect();
            setTimeout(() => {
              w.child.kill("SIGKILL");
            }, 5_000).unref();
          }),
      ),
    );
  }
}
