/**
 * Delivers the e-mail outbox (`email_outbox`, filled by `enqueueMail`).
 *
 * Claiming is safe across any number of processes: due rows are locked with
 * `FOR UPDATE SKIP LOCKED` inside a short transaction that also pushes their `next_attempt_at`
 * forward by a lease, so once the transaction commits no other worker picks them up while this
 * one sends (outside any transaction). Each result is then recorded: sent, or a failure with
 * exponential backoff. Rows are never deleted, so no message is lost; delivery is at least once
 * (a process that dies after the server accepted a message but before recording it will send
 * it again when the lease expires). A database that is briefly unreachable when a delivery is
 * to be recorded as sent (a Postgres restart) is waited for while the lease holds, so a restart
 * does not cause a second send (issue #10 §2).
 */
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { isDatabaseUnavailable } from "../db/errors";
import { emailOutbox } from "../db/schema";
import { createMailTransport, type MailLogger, type MailTransport } from "./transport";

/** Messages claimed per run. */
const BATCH_SIZE = 20;
/** How long claimed rows stay invisible to other workers. */
const LEASE_MS = 2 * 60_000;
/**
 * No new send starts after this long since the claim; the rest of the batch is released.
 * Together with the transport's per-send limit (45 s) this keeps every result inside the lease.
 */
const SEND_WINDOW_MS = 60_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 2_000;
/** Margin kept before the lease ends when waiting for the database to record a delivery. */
const LEASE_MARGIN_MS = 10_000;

/**
 * Runs `write` until it succeeds, waiting out a database outage (250 ms doubling to 2 s) until
 * `deadline` (ms since epoch). Other errors, and an outage past the deadline, are thrown.
 */
async function untilRecorded(write: () => Promise<unknown>, deadline: number): Promise<void> {
  for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      await write();
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + delay > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Which due messages a pass takes: never tried yet (`first`: the worker's own poll, so new mail
 * leaves within seconds), tried and failed before (`retries`: the job queue's `mail-retry` job,
 * every minute: jobs/queue.ts), or both.
 */
export type OutboxPass = "first" | "retries" | "all";

/** Handle returned by {@link startMailWorker}. */
export interface MailWorker {
  /** Stops polling and waits for a run in progress to finish. */
  stop(): Promise<void>;
  /**
   * Runs one claim-and-send pass now (after any run in progress) over the due messages of
   * `which` (default all: first attempts and retries); resolves to the number sent.
   */
  runOnce(which?: OutboxPass): Promise<number>;
}

/**
 * Delay before the next attempt after `attempts` failed ones (1 = first failure):
 * 5 s · 2^(attempts−1), ±25 % jitter, capped at one hour.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exp = BACKOFF_BASE_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20);
  const jittered = exp * (0.75 + random() * 0.5);
  return Math.round(Math.min(jittered, BACKOFF_MAX_MS));
}

/**
 * Starts the outbox worker: a pass over first attempts every `pollMs` (default 5 s; the first one
 * after `pollMs`), never two at once, immediately again while batches come back full; retries are
 * the job queue's (`runOnce("retries")` from the `mail-retry` job). Errors are logged and
 * the loop goes on. `transport` defaults to {@link createMailTransport} for `config`.
 */
export function startMailWorker(opts: {
  db: Db;
  config: Config;
  log: MailLogger;
  pollMs?: number;
  transport?: MailTransport;
}): MailWorker {
  const { db, config, log } = opts;
  const pollMs = opts.pollMs ?? 5_000;
  const ownsTransport = !opts.transport;
  const transport = opts.transport ?? createMailTransport(config, log);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** Tail of the run queue: every run starts after the previous one settled. */
  let tail: Promise<unknown> = Promise.resolve();

  function enqueueRun(which: OutboxPass): Promise<{ claimed: number; sent: number }> {
    const run = tail.then(() => runBatch(which));
    tail = run.catch(() => {});
    return run;
  }

  async function runBatch(which: OutboxPass): Promise<{ claimed: number; sent: number }> {
    const claimedAt = Date.now();
    const tried =
      which === "first" ? eq(emailOutbox.attempts, 0) : which === "retries" ? gt(emailOutbox.attempts, 0) : undefined;
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`), tried))
        .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
        .limit(BATCH_SIZE)
        .for("update", { skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(emailOutbox)
          .set({ nextAttemptAt: sql`now() + ${LEASE_MS}::integer * interval '1 millisecond'` })
          .where(
            inArray(
              emailOutbox.id,
              due.map((m) => m.id),
            ),
          );
      }
      return due;
    });

    let sent = 0;
    for (const [i, msg] of batch.entries()) {
      if (stopped || Date.now() - claimedAt > SEND_WINDOW_MS) {
        // Hand the rest back at once rather than letting the lease run out.
        const rest = batch.slice(i).map((m) => m.id);
        await db
          .update(emailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(and(inArray(emailOutbox.id, rest), eq(emailOutbox.status, "pending")));
        break;
      }
      try {
        await transport.send({
          from: config.mailFrom,
          to: msg.toAddress,
          subject: msg.subject,
          text: msg.textBody,
          html: msg.htmlBody,
          headers: msg.headers,
        });
      } catch (err) {
        const attempts = msg.attempts + 1;
        const delay = retryDelayMs(attempts);
        const message = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);
        await db
          .update(emailOutbox)
          .set({
            attempts: sql`${emailOutbox.attempts} + 1`,
            lastError: message,
            nextAttemptAt: sql`now() + ${delay}::integer * interval '1 millisecond'`,
          })
          .where(and(eq(emailOutbox.id, msg.id), eq(emailOutbox.status, "pending")));
        log.warn(
          { err, mailId: msg.id, kind: msg.kind, attempts, retryInMs: delay },
          "mail delivery failed; will retry",
        );
        continue;
      }
      // The server accepted it: recording that must not be lost to a database restart, or the
      // message would be sent again when the lease runs out. No other worker takes the row
      // while the lease holds, so waiting until shortly before its end is safe.
      await untilRecorded(
        () =>
          db
            .update(emailOutbox)
            .set({ status: "sent", sentAt: sql`now()` })
            .where(and(eq(emailOutbox.id, msg.id), eq(emailOutbox.status, "pending"))),
        claimedAt + LEASE_MS - LEASE_MARGIN_MS,
      );
      sent++;
      log.info({ mailId: msg.id, kind: msg.kind, transport: transport.kind }, "mail sent");
    }
    return { claimed: batch.length, sent };
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    timer = undefined;
    enqueueRun("first").then(
      ({ claimed }) => schedule(claimed >= BATCH_SIZE ? 0 : pollMs),
      (err: unknown) => {
        log.error({ err }, "mail worker run failed");
        schedule(pollMs);
      },
    );
  }

  schedule(pollMs);

  return {
    async runOnce(which = "all") {
      return (await enqueueRun(which)).sent;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await tail;
      if (ownsTransport) transport.close();
    },
  };
}
