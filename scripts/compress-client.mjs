/**
 * Runs after `vite build` (`npm run build:client`, ADR 0011):
 *
 * 1. Moves the source maps out of the served folder: dist/client/**\/*.map → dist/sourcemaps/
 *    (same relative paths). Vite writes them as "hidden" maps (no sourceMappingURL comment), so
 *    browsers never ask for them and the public site does not hand out the sources; an error
 *    tracker or a developer can still use them.
 * 2. Precompresses every compressible file of dist/client (JS, CSS, HTML, SVG, JSON, …) of at
 *    least 1 KB into `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9), kept
 *    only when smaller than the file. @fastify/static (`preCompressed: true`) serves them to
 *    browsers that accept them, so no request pays for compression at run time.
 *
 * Prints one line per encoding with the totals.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "dist/client");
const mapsDir = path.join(root, "dist/sourcemaps");
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|wasm)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let maps = 0;
for (const file of [...files(clientDir)]) {
  if (file.endsWith(".br") || file.endsWith(".gz"))
    unlinkSync(file); // a stale run's output
  else if (file.endsWith(".map")) {
    const target = path.join(mapsDir, path.relative(clientDir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
    maps++;
  }
}

const totals = { raw: 0, br: 0, gz: 0, files: 0 };
for (const file of [...files(clientDir)]) {
  if (!COMPRESSIBLE.test(file)) continue;
  const size = statSync(file).size;
  if (size < MIN_BYTES) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  totals.files++;
  totals.raw += size;
  if (br.length < size) {
    writeFileSync(`${file}.br`, br);
    totals.br += br.length;
  }
  if (gz.length < size) {
    writeFileSync(`${file}.gz`, gz);
    totals.gz += gz.length;
  }
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `client precompressed: ${totals.files} files, ${kb(totals.raw)} → br ${kb(totals.br)}, gzip ${kb(totals.gz)}; ${maps} source maps moved to dist/sourcemaps`,
);
