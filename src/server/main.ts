/**
 * Process entry: configuration → database → migrations → reference data → workers → HTTP.
 * Shuts down gracefully on SIGINT/SIGTERM (stop accepting, finish requests, close the pool).
 */

import { buildApp } from "./app";
import { pruneRateLimits } from "./auth/rate-limit";
import { pruneExpiredSessions } from "./auth/session";
import { loadConfig } from "./config";
import { migrateDatabase, openDatabase } from "./db/client";
import { seedCatalog } from "./db/seed/catalog";
import { ensureDemoAdmin } from "./db/seed/demo-admin";
import { seedReferenceData } from "./db/seed/reference";
import { EventBus } from "./events";
import { pruneOrphanUploads } from "./files/uploads";
import { startMailWorker } from "./mail/worker";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  // Connection losses that belong to no request (an idle pooled client, the LISTEN connection)
  // are logged, never thrown (issue #10 §2); the app's logger takes over once it exists.
  let log: { warn(obj: object, msg: string): void } | undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
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
  const app = await buildApp({ database, config, events });
  log = app.log;

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
  const housekeeping = setInterval(
    () => {
      Promise.all([
        pruneExpiredSessions(database.db),
        pruneRateLimits(database.db),
        pruneOrphanUploads(database.db, config.dataDir),
      ]).catch((err) => app.log.error({ err }, "housekeeping failed"));
    },
    10 * 60 * 1000,
  );
  housekeeping.unref();

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    clearInterval(housekeeping);
    await app.close();
    await mail.stop();
    await events.stop();
    await database.close();
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
