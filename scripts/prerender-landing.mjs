/**
 * Runs after `vite build` and before `scripts/compress-client.mjs` (`npm run build:client`):
 * prerenders the landing page in every language (docs/decisions/0015-prerendered-landing.md).
 *
 * 1. Builds `src/client/prerender.tsx` for Node with the client's Vite config (same plugins, so
 *    the same Lingui messages and CSS-module class names) into dist/prerender/.
 * 2. For each locale writes dist/client/landing.<locale>.html: the built index.html with the
 *    page's markup inside `<div id="root" data-prerendered="<locale>">`, `<html lang dir>`, the
 *    light colour scheme Mantine would set and the page's title. The server sends it for
 *    `GET /landing` in the language of the `locale` cookie; the browser hydrates it.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "dist/client");
const outDir = path.join(root, "dist/prerender");
const LOCALES = ["en", "fa"];

await build({
  configFile: path.join(root, "vite.config.ts"),
  logLevel: "warn",
  build: {
    ssr: path.join(root, "src/client/prerender.tsx"),
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

const { prerenderLanding } = await import(pathToFileURL(path.join(outDir, "prerender.js")).href);
const template = readFileSync(path.join(clientDir, "index.html"), "utf8");
const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

for (const locale of LOCALES) {
  const page = await prerenderLanding(locale);
  const html = template
    .replace(/<html[^>]*>/, `<html lang="${page.lang}" dir="${page.dir}" data-mantine-color-scheme="light">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${locale}">${page.html}</div>`);
  if (!html.includes(`data-prerendered="${locale}"`)) throw new Error('index.html has no empty <div id="root">');
  writeFileSync(path.join(clientDir, `landing.${locale}.html`), html);
  console.log(`prerendered /landing (${locale}): ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`);
}
rmSync(outDir, { recursive: true, force: true });
