/**
 * A private PostgreSQL cluster for fault tests (issue #10 §2): `initdb` into a temporary
 * folder, a server on a free port of 127.0.0.1 with trust authentication, and the means to
 * restart, stop and start it as an operator would (`pg_ctl`). Used by
 * `src/server/db/outage.test.ts` and `bench/faults.ts`; never touches the shared server.
 *
 * The binaries come from `/usr/lib/postgresql/<newest>/bin` (or `PG_BIN`). Postgres refuses to
 * run as root, so when this process is root every command runs as the `postgres` OS user
 * (`runuser -u postgres --`) and the folder is handed to that user.
 */
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The folder holding `initdb` and `pg_ctl`, or null when PostgreSQL's server is not installed. */
export function findPgBin(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(path.join(fromEnv, "pg_ctl"))) return fromEnv;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface PrivateCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  port: number;
  /** The temporary folder (data directory, socket and log inside). */
  dir: string;
  /** `pg_ctl restart -m fast -w`: resolves once the server accepts connections again. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m <mode> -w` (default fast). */
  stop(mode?: "smart" | "fast" | "immediate"): Promise<void>;
  /** `pg_ctl start -w`. */
  start(): Promise<void>;
  /** Stops the server (immediate) if it runs and removes the folder. Never throws. */
  destroy(): Promise<void>;
}

/**
 * Creates and starts a cluster. `settings` become `-c name=value` server options (e.g.
 * `{ fsync: "off" }` for a quick test). Throws when PostgreSQL is not installed or the
 * cluster does not start; a half-made folder is removed first.
 */
export async function startPrivateCluster(
  opts: { port?: number; settings?: Record<string, string> } = {},
): Promise<PrivateCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error("PostgreSQL server binaries not found (set PG_BIN)");
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), "export-club-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  const pg = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    ...Object.entries(opts.settings ?? {}).map(([k, v]) => `-c ${k}=${v}`),
  ].join(" ");
  const ctl = (args: string[]) => pg("pg_ctl", ["-D", data, "-w", "-t", "60", ...args]);
  const start = async () => {
    await ctl(["-l", log, "-o", serverOptions, "start"]);
  };
  try {
    await pg("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    await start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async restart() {
      await ctl(["-m", "fast", "-l", log, "-o", serverOptions, "restart"]);
    },
    async stop(mode = "fast") {
      await ctl(["-m", mode, "stop"]);
    },
    start,
    async destroy() {
      await ctl(["-m", "immediate", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
