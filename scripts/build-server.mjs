/**
 * `npm run build:server`: bundles the server into plain JavaScript with esbuild (ADR 0011), so
 * that `npm start` runs no TypeScript loader.
 *
 * - dist/server/main.js — the server (src/server/main.ts), one ES module;
 * - dist/server/admin-grant.js — `npm run admin:grant` (scripts/admin-grant.ts);
 * - dist/server/pglite-template.tar.gz — the embedded database, migrated and seeded, that a
 *   first start loads instead of running initdb; made by running dist/server/pglite-template.js
 *   (scripts/pglite-template.ts) once the bundles are written. `--no-template` skips it.
 *
 * Our own code (src/server, src/common) is bundled; packages stay `import`s, resolved from
 * node_modules at run time. Every package the bundle imports must be a production dependency
 * and every production dependency must be imported by the bundle: the build fails otherwise,
 * so the image's `npm ci --omit=dev` installs exactly what the server needs (issue #11 §4).
 * world-countries' 1.4 MB country file is bundled cut down to the four fields the seed reads
 * (src/server/db/seed/reference-data.ts), so that package is a build-time dependency.
 * Source maps are written beside the bundle (dist/server, never served); `node
 * --enable-source-maps dist/server/main.js` uses them.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "dist/server");

/** world-countries' countries.json reduced to what `buildCountryRows` reads. */
const trimWorldCountries = {
  name: "trim-world-countries",
  setup(b) {
    b.onLoad({ filter: /[\\/]world-countries[\\/]countries\.json$/ }, (args) => {
      const countries = JSON.parse(readFileSync(args.path, "utf8"));
      const kept = countries.map((c) => ({
        cca2: c.cca2,
        unMember: c.unMember,
        name: { common: c.name.common },
        translations: c.translations?.per ? { per: { common: c.translations.per.common } } : {},
      }));
      return { contents: JSON.stringify(kept), loader: "json" };
    });
  },
};

/** Bundles a JSON package file even though packages are otherwise left external. */
const bundleJsonOf = (packages) => ({
  name: "bundle-json",
  setup(b) {
    const filter = new RegExp(
      `^(${packages.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})/.+\\.json$`,
    );
    b.onResolve({ filter }, (args) => ({ path: path.join(root, "node_modules", args.path) }));
  },
});

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: "src/server/main.ts",
    "admin-grant": "scripts/admin-grant.ts",
    "pglite-template": "scripts/pglite-template.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  plugins: [bundleJsonOf(["world-countries", "i18n-iso-countries"]), trimWorldCountries],
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
});

// Bare imports left in the bundle ↔ production dependencies.
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const deps = new Set(Object.keys(pkg.dependencies ?? {}));
const builtins = new Set(builtinModules);
const imported = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imp of output.imports) {
    if (!imp.external) continue;
    const spec = imp.path;
    if (spec.startsWith("node:") || builtins.has(spec)) continue;
    const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
    imported.add(name);
  }
}
const missing = [...imported].filter((n) => !deps.has(n));
const unused = [...deps].filter((n) => !imported.has(n));
if (missing.length || unused.length) {
  if (missing.length) console.error(`build-server: imported but not in "dependencies": ${missing.join(", ")}`);
  if (unused.length)
    console.error(`build-server: in "dependencies" but not imported by the server: ${unused.join(", ")}`);
  process.exit(1);
}
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith(".js"))
  .map(([file, o]) => `${path.relative(root, file)} ${(o.bytes / 1024).toFixed(0)} KB`);
console.log(`server built: ${bytes.join(", ")}; runtime packages: ${[...imported].sort().join(", ")}`);

if (!process.argv.includes("--no-template")) {
  const made = spawnSync(process.execPath, [path.join(outdir, "pglite-template.js")], { cwd: root, stdio: "inherit" });
  if (made.status !== 0) process.exit(made.status ?? 1);
}
