/**
 * `npm start`: builds the client when no build exists, then runs the server (TypeScript via
 * tsx's loader) in this process.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (!existsSync(path.join(root, "dist/client/index.html"))) {
  console.log("No client build found: building it once (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { tsImport } = await import("tsx/esm/api");
await tsImport(pathToFileURL(path.join(root, "src/server/main.ts")).href, import.meta.url);
