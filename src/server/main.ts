/**
 * Process entry: reads the configuration, starts the server (`server.ts`) and shuts it down
 * gracefully on SIGINT/SIGTERM (stop accepting, finish requests for up to 5 s, then close the
 * connections still open, close the pool) with exit code 0. A wrong setting stops the start
 * with one line naming it (`startup-errors.ts`), exit code 1.
 */
import { loadConfig } from "./config";
import { startServer } from "./server";
import { startupErrorLine } from "./startup-errors";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config);
  } catch (err) {
    // A wrong setting stops with one line naming it; anything else keeps its stack trace.
    const line = startupErrorLine(err, config);
    console.error(line ?? err);
    process.exit(1);
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.stop();
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
