/**
 * For scripts that start the real server from a checkout (bench/faults.ts, bench/matching.ts):
 * builds the client when no build exists, rebuilds the server bundle from the current sources
 * (esbuild, about a second: scripts/build-server.mjs), then runs dist/server/main.js in this
 * process. Production uses `npm start` (`node dist/server/main.js`) after `npm run build`.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
function run(script) {
  const result = spawnSync("npm", ["run", "-s", script], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!existsSync(path.join(root, "dist/client/index.html"))) {
  console.log("No client build found: building it once (npm run build:client)…");
  run("build:client");
}
run("build:server");
await import(pathToFileURL(path.join(root, "dist/server/main.js")).href);
