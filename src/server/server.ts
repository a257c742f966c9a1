/**
 * Starts the whole server in this process: configuration → database → migrations → reference
 * data → event bus → HTTP app → mail worker and job queue → listen. `main.ts` (production) and the end-to-end
 * server (`e2e/support/server.ts`, which adds its login route through `extendApp`) both call it.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import type { Config } from "./config";
import { migrateDatabase, openDatabase } from "./db/client";
import { seedCatalog } from "./db/seed/catalog";
import { ensureDemoAdmin } from "./db/seed/demo-admin";
import { seedReferenceData } from "./db/seed/reference";
import { startJobs } from "./jobs/queue";
import { EventBus } from "./live/events";
import { startMailWorker } from "./mail/worker";
import type { AppDeps } from "./trpc/context";

/** How long a shutdown lets running requests finish before closing their connections. */
export const SHUTDOWN_GRACE_MS = 5_000;

export interface StartOptions {
  /** Registers extra routes before the app starts listening (the end-to-end server's login route). */
  extendApp?(app: FastifyInstance, deps: AppDeps): Promise<void>;
}

export interface RunningServer {
  app: FastifyInstance;
  deps: AppDeps;
  /** Stops accepting, finishes requests, stops the workers and closes the database. */
  stop(): Promise<void>;
}

/** Starts the server with `config` and listens on its host and port. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  // Connection losses that belong to no request (an idle pooled client, the LISTEN connection)
  // are logged, never thrown (issue #10 §2); the app's logger takes over once it exists.
  let log: { warn(obj: object, msg: string): void } | undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    fromTemplate: true,
    onError(err, source) {
      if (log) log.warn({ err, source }, "database connection lost");
      else console.warn(`database ${source} connection lost: ${err.message}`);
    },
  });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  await seedCatalog(database.db);

  const events = new EventBus();
  await events.start(database);
  const deps: AppDeps = { database, config, events };
  const app = await buildApp(deps);
  log = app.log;
  await opts.extendApp?.(app, deps);

  if (database.kind === "pglite" && config.demoAdmin) {
    const created = await ensureDemoAdmin(database.db);
    if (created) {
      app.log.warn(
        { email: created.email },
        `Demo admin created on the embedded database. Sign in with ${created.email} / ${created.password} (shown once).`,
      );
    }
  }

  const mail = startMailWorker({ db: database.db, config, log: app.log });
  // Mail written by jobs has no request to take the origin from (ADR 19).
  const origin = config.publicOrigin;
  const jobs = await startJobs({
    database,
    config,
    storage: app.storage,
    mail,
    log: app.log,
    links: { origin },
  });
  deps.jobs = jobs;

  await app.listen({ port: config.port, host: config.host });

  return {
    app,
    deps,
    async stop() {
      // Idle keep-alive connections are closed at once (Fastify's default); requests still
      // running after the grace period (a slow upload) have their connections closed, so
      // app.close() resolves and the process exits 0 before main.ts's failsafe (issue #11 §5).
      const grace = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      grace.unref();
      await app.close();
      clearTimeout(grace);
      await jobs.stop();
      await mail.stop();
      await events.stop();
      await database.close();
    },
  };
}
