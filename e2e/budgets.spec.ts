/**
 * Byte budgets (e2e/support/budgets.ts): the JavaScript and CSS the landing page and a member's
 * first dashboard load, counted as the built server sends them with Brotli, and no source map
 * served. The pages are opened in Chromium only to learn which files they load; each file is then
 * fetched again with `accept-encoding: br` through Playwright's request context and counted by the
 * bytes the server sent (its Content-Length, the precompressed `.br` file:
 * docs/decisions/0011-build-and-delivery.md), whatever encoding Chromium chose.
 *
 * A failure names each script with its largest source modules and packages, read from the build's
 * hidden source maps in dist/sourcemaps (scripts/chunk-modules.mjs): what to look at first.
 */
import { readdirSync } from "node:fs";
import { get as httpGet } from "node:http";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { describeChunk } from "../scripts/chunk-modules.mjs";
import { BUDGETS_KB } from "./support/budgets";
import { expect, login, newPerson, openLanding, test } from "./support/fixtures";

const ASSETS_DIR = path.resolve(import.meta.dirname, "../dist/client/assets");

interface Sent {
  url: string;
  /** Bytes of the body as sent (compressed when `encoding` is set). */
  bytes: number;
  encoding: string | null;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files: Sent[]) => files.reduce((sum, f) => sum + f.bytes, 0);

/**
 * The scripts and stylesheets of `origin` that `page` fetches while `open` runs and until the network
 * has been idle, in the order first requested.
 */
async function assetsLoadedBy(
  page: Page,
  origin: string,
  open: () => Promise<void>,
): Promise<{ js: string[]; css: string[] }> {
  const js = new Set<string>();
  const css = new Set<string>();
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.origin !== origin) return;
    if (/\.m?js$/.test(url.pathname) || req.resourceType() === "script") js.add(url.pathname);
    else if (url.pathname.endsWith(".css") || req.resourceType() === "stylesheet") css.add(url.pathname);
  });
  await open();
  await page.waitForLoadState("networkidle");
  return { js: [...js], css: [...css] };
}

/** The body bytes of a GET of `url` with `accept-encoding: <encoding>`, as they arrive (not decoded). */
function rawBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { "accept-encoding": encoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    }).on("error", reject);
  });
}

/** GETs each path with `accept-encoding: br` and returns the bytes the server sent for it. */
async function asSent(request: APIRequestContext, paths: string[]): Promise<Sent[]> {
  const out: Sent[] = [];
  for (const url of paths) {
    const res = await request.get(url, { headers: { "accept-encoding": "br" } });
    expect(res.status(), url).toBe(200);
    const headers = res.headers();
    const encoding = headers["content-encoding"] ?? null;
    // Playwright hands back the body decoded, so a compressed body is counted by its
    // Content-Length (a precompressed file); one compressed on the fly (a file under 1 KB has no
    // .br beside it) goes out chunked, so its compressed bytes are read off the socket instead.
    const length = !encoding
      ? (await res.body()).length
      : headers["content-length"]
        ? Number(headers["content-length"])
        : await rawBytes(res.url(), encoding);
    out.push({ url, bytes: length, encoding });
  }
  return out.sort((a, b) => b.bytes - a.bytes);
}

/** The report of a budget: the total, each file as sent, and the largest modules of the largest scripts. */
function report(what: string, files: Sent[], budgetKb: number, explainScripts = 3): string {
  const lines = [
    `${what}: ${kb(total(files))} as sent (budget ${budgetKb} KB) in ${files.length} file(s):`,
    ...files.map((f) => `  ${kb(f.bytes).padStart(9)}  ${f.url} (${f.encoding ?? "identity"})`),
  ];
  for (const f of files.filter((s) => /\.m?js$/.test(s.url)).slice(0, explainScripts)) {
    try {
      lines.push("", describeChunk(f.url, 12));
    } catch (err) {
      lines.push("", `${f.url}: ${(err as Error).message}`);
    }
  }
  lines.push("", "Any chunk: node scripts/chunk-modules.mjs <file> [--packages]");
  return lines.join("\n");
}

/** Fails unless every file that can be (≥ 1 KB, so it has a .br beside it) went out as Brotli. */
function expectBrotli(files: Sent[]): void {
  const plain = files.filter((f) => f.encoding !== "br" && f.bytes >= 1024);
  expect(
    plain.map((f) => `${f.url} (${f.encoding ?? "identity"})`),
    "sent without Brotli",
  ).toEqual([]);
}

test.describe("byte budgets (e2e/support/budgets.ts)", () => {
  test("the landing page's JavaScript and CSS fit their budgets on the wire", async ({ page, baseURL }) => {
    const { js, css } = await assetsLoadedBy(page, new URL(baseURL ?? "").origin, () => openLanding(page));
    const scripts = await asSent(page.request, js);
    const styles = await asSent(page.request, css);
    expectBrotli([...scripts, ...styles]);
    const jsReport = report("landing JS", scripts, BUDGETS_KB.landingJs);
    const cssReport = report("landing CSS", styles, BUDGETS_KB.landingCss);
    test.info().annotations.push({ type: "landing JS", description: kb(total(scripts)) });
    test.info().annotations.push({ type: "landing CSS", description: kb(total(styles)) });
    console.log(`${jsReport}\n\n${cssReport}`);
    expect.soft(total(scripts), jsReport).toBeLessThanOrEqual(BUDGETS_KB.landingJs * 1024);
    expect.soft(total(styles), cssReport).toBeLessThanOrEqual(BUDGETS_KB.landingCss * 1024);
  });

  test("a member's first load of the dashboard fits its JavaScript budget on the wire", async ({ page, baseURL }) => {
    await login(page, newPerson("Budget", "Bahrami"));
    const { js } = await assetsLoadedBy(page, new URL(baseURL ?? "").origin, async () => {
      await page.goto("/dashboard");
      await expect(page.getByTestId("welcome")).toBeVisible({ timeout: 30_000 });
    });
    const scripts = await asSent(page.request, js);
    expectBrotli(scripts);
    const jsReport = report("dashboard JS (first load, signed in)", scripts, BUDGETS_KB.dashboardJs);
    test.info().annotations.push({ type: "dashboard JS", description: kb(total(scripts)) });
    console.log(jsReport);
    expect(total(scripts), jsReport).toBeLessThanOrEqual(BUDGETS_KB.dashboardJs * 1024);
  });

  test("no source map is served", async ({ request }) => {
    const scripts = readdirSync(ASSETS_DIR).filter((f) => /\.m?js$/.test(f));
    expect(scripts.length, "no built scripts: run npm run build").toBeGreaterThan(0);
    const served: string[] = [];
    const commented: string[] = [];
    for (const file of scripts) {
      const url = `/assets/${file}`;
      const map = await request.get(`${url}.map`);
      if (map.status() === 200 && /"mappings"\s*:/.test(await map.text())) served.push(`${url}.map`);
      const body = await request.get(url);
      expect(body.status(), url).toBe(200);
      if (/[#@]\s*sourceMappingURL=/.test(await body.text())) commented.push(url);
    }
    expect(served, "source maps served (they belong in dist/sourcemaps, not dist/client)").toEqual([]);
    expect(commented, "scripts that name a source map (build.sourcemap must stay 'hidden')").toEqual([]);
  });
});
