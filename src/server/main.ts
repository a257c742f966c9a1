/**
 * Process entry: reads the configuration, starts the server (`server.ts`) and shuts it down
 * gracefully on SIGINT/SIGTERM (stop accepting, finish requests, close the pool).
 */
import { loadConfig } from "./config";
import { startServer } from "./server";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const server = await startServer(config);

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
