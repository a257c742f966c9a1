/**
 * The job queue (issue #17 §2; ADR 19): the server's scheduled work runs on pg-boss, a job queue
 * kept in Postgres (schema `pgboss`, installed and upgraded by pg-boss itself on start), so that
 * with several app processes on one database each job runs once:
 *
 * - cron schedules live in the database, and each cron tick creates one job whichever process
 *   notices it first (pg-boss's throttled send: one job per name and minute);
 * - a job is fetched by one worker only (`FOR UPDATE SKIP LOCKED`), and every queue has the
 *   `singleton` policy, so at most one job of a name is active at a time across processes;
 * - a job that throws is retried with backoff; one that outlives its expiry is failed and retried.
 *
 * | job          | when                          | work                                                   |
 * |--------------|-------------------------------|--------------------------------------------------------|
 * | `digest`     | `DIGEST_CRON` (daily)         | the daily digests (domain/digest.ts)                   |
 * | `mail-retry` | every minute                  | outbox messages whose earlier attempt failed           |
 * | `posts-expiry` | every minute                | closes posts past `expires_at`                         |
 * | `cleanup`    | every 10 minutes              | expired sessions, old rate-limit hits, reset links, passkey challenges, pending sign-ins, device cookies, orphan uploads, expired data exports |
 * | `data-export` | on request, and every minute | builds the members' requested archives (domain/myData.ts) |
 *
 * The outbox's first attempts stay on the mail worker's own 5-second poll (mail/worker.ts), so
 * new mail leaves within seconds. pg-boss talks to the database through `Database.query` (the
 * app's pool, or the embedded PGlite), never a pool of its own.
 */
import PgBoss from "pg-boss";
import { pruneDeviceCookies } from "../auth/device-cookie";
import { prunePasskeyChallenges } from "../auth/passkeys";
import { pruneExpiredPendingSignIns } from "../auth/pendingSignIn";
import { pruneRateLimits } from "../auth/rate-limit";
import { pruneExpiredSessions } from "../auth/session";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { type DigestLinks, sendDigests } from "../domain/digest";
import { buildRequestedExports, expireDataExports } from "../domain/myData";
import { pruneResetTokens } from "../domain/passwordReset";
import { closeExpiredPosts } from "../domain/posts";
import type { FileStorage } from "../files/storage";
import { pruneOrphanUploads } from "../files/uploads";
import type { MailWorker } from "../mail/worker";

/** The queue's Postgres schema. */
export const JOBS_SCHEMA = "pgboss";

/** The scheduled jobs' names. */
export const JOB_NAMES = ["digest", "mail-retry", "posts-expiry", "cleanup", "data-export"] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** A job's schedule and limits: `cron` in UTC; `expireInSeconds` is how long one run may take. */
interface JobSpec {
  cron: string;
  expireInSeconds: number;
  retryLimit: number;
}

/** Each job's schedule (the digest's comes from `DIGEST_CRON`). */
export function jobSpecs(config: Pick<Config, "digestCron">): Record<JobName, JobSpec> {
  return {
    digest: { cron: config.digestCron, expireInSeconds: 30 * 60, retryLimit: 5 },
    "mail-retry": { cron: "* * * * *", expireInSeconds: 5 * 60, retryLimit: 0 },
    "posts-expiry": { cron: "* * * * *", expireInSeconds: 5 * 60, retryLimit: 0 },
    cleanup: { cron: "*/10 * * * *", expireInSeconds: 10 * 60, retryLimit: 0 },
    // Sent when a member asks (`AppDeps.jobs`); the minute's tick picks up any request whose
    // send was lost (a process that stopped between the commit and the send).
    "data-export": { cron: "* * * * *", expireInSeconds: 30 * 60, retryLimit: 2 },
  };
}

/** What the jobs need from the running server. */
export interface JobDeps {
  database: Database;
  config: Pick<Config, "digestCron">;
  storage: FileStorage;
  mail: Pick<MailWorker, "runOnce">;
  links: DigestLinks;
  log: {
    info(obj: object, msg: string): void;
    debug(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** How long the `mail-retry` job keeps sending while retries succeed. */
const MAIL_RETRY_WINDOW_MS = 50_000;

/**
 * The work of each job. `scheduledAt` is when the job was created (its cron tick): the digest
 * covers posts up to it, so a retried digest job covers the same period.
 */
export function jobHandlers(deps: JobDeps): Record<JobName, (scheduledAt: Date) => Promise<object>> {
  const db = deps.database.db;
  return {
    digest: (scheduledAt) => sendDigests(db, { until: scheduledAt, links: deps.links }),
    "mail-retry": async () => {
      const start = Date.now();
      let sent = 0;
      for (let n = 1; n > 0 && Date.now() - start < MAIL_RETRY_WINDOW_MS; sent += n) {
        n = await deps.mail.runOnce("retries");
      }
      return { sent };
    },
    "posts-expiry": async () => ({ closed: await closeExpiredPosts(db) }),
    cleanup: async () => {
      await Promise.all([
        pruneExpiredSessions(db),
        pruneExpiredPendingSignIns(db),
        pruneRateLimits(db),
        pruneResetTokens(db),
        pruneDeviceCookies(db),
        prunePasskeyChallenges(db),
        pruneOrphanUploads(db, deps.storage),
        expireDataExports(db, deps.storage),
      ]);
      return {};
    },
    "data-export": () => buildRequestedExports(db, deps.storage, { origin: deps.links.origin, log: deps.log }),
  };
}

/** Handle returned by {@link startJobs}. */
export interface JobQueue {
  /** Creates a job now (as a cron tick would); resolves to its id, or null when throttled. */
  send(name: JobName): Promise<string | null>;
  /** Stops fetching, waits up to 10 s for running jobs, then stops pg-boss. */
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on `deps.database`: installs or upgrades its schema, creates the queues,
 * (re)writes the cron schedules and starts one worker per job (polling every 2 s by default).
 * @throws when the database cannot be reached or the schema cannot be installed.
 */
export async function startJobs(deps: JobDeps, opts: { pollingIntervalSeconds?: number } = {}): Promise<JobQueue> {
  const { database, log } = deps;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.query(text, values) },
    schema: JOBS_SCHEMA,
    // Completed and failed jobs are kept a week for inspection, then deleted by pg-boss.
    deleteAfterDays: 7,
  });
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  await boss.start();

  const specs = jobSpecs(deps.config);
  const handlers = jobHandlers(deps);
  for (const name of JOB_NAMES) {
    const spec = specs[name];
    await boss.createQueue(name, {
      name,
      policy: "singleton",
      retryLimit: spec.retryLimit,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: spec.expireInSeconds,
    });
    await boss.schedule(name, spec.cron, {}, { tz: "UTC" });
    await boss.work(
      name,
      { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        const started = Date.now();
        const result = await handlers[name](job.createdOn);
        // A run that found nothing to do is logged at debug level only (two such runs a minute).
        const worked = Object.values(result).some((v) => typeof v === "number" && v > 0);
        (worked ? log.info : log.debug).call(
          log,
          { job: name, id: job.id, ms: Date.now() - started, ...result },
          "job done",
        );
        return result;
      },
    );
  }
  return {
    send: (name) => boss.send(name, {}),
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
