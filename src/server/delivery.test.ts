/**
 * How the server delivers the client and its answers (issue #11 §1, ADR 0011): precompressed
 * Brotli and gzip files for the built client, Brotli or gzip for dynamic answers of 1 KB or
 * more, `Vary: accept-encoding` on every compressible answer, hashed assets cached for a year,
 * index.html revalidated, source maps not served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/db";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { EventBus } from "./live/events";

const JS = `export const x = ${JSON.stringify("a".repeat(5000))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const landing = (locale: string) => INDEX.replace('<div id="root">', `<div id="root" data-prerendered="${locale}">`);

describe("delivery of the client and of API answers", () => {
  let testDb: TestDatabase;
  let events: EventBus;
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "export-club-delivery-"));
    const clientDir = path.join(dir, "client");
    mkdirSync(path.join(clientDir, "assets"), { recursive: true });
    const js = path.join(clientDir, "assets/index-abc123.js");
    writeFileSync(js, JS);
    writeFileSync(`${js}.br`, brotliCompressSync(JS));
    writeFileSync(`${js}.gz`, gzipSync(JS));
    writeFileSync(path.join(clientDir, "index.html"), INDEX);
    for (const locale of ["en", "fa"]) writeFileSync(path.join(clientDir, `landing.${locale}.html`), landing(locale));
    testDb = await createTestDatabase();
    events = new EventBus();
    await events.start(testDb.database);
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: path.join(dir, "data") });
    app = await buildApp({ database: testDb.database, config, events }, { logger: false, clientDir });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await events?.stop();
    await testDb?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("serves a hashed asset's Brotli file to a browser that accepts br, cached for a year", async () => {
    const res = await get("/assets/index-abc123.js", "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it("serves the gzip file to a gzip-only client and the plain file to one that accepts neither", async () => {
    const gz = await get("/assets/index-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/);
    expect(plain.body).toBe(JS);
  });

  it("sends /landing prerendered in the language of the locale cookie, revalidated, varying by cookie (ADR 15)", async () => {
    const page = (cookie?: string, url = "/landing") =>
      app.inject({ method: "GET", url, headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
    for (const [cookie, locale] of [
      [undefined, "en"],
      ["locale=en", "en"],
      ["locale=fa", "fa"],
      ["locale=xx", "en"],
    ] as const) {
      const res = await page(cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toBe(landing(locale));
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toMatch(/cookie/i);
    }
    // With a query string (a dialog to open) or on another page: the plain index.html.
    expect((await page("locale=fa", "/landing?auth=signin")).body).toBe(INDEX);
    expect((await page("locale=fa", "/dashboard")).body).toBe(INDEX);
  });

  it("has index.html revalidated, whether asked for by name or as the SPA fallback", async () => {
    for (const url of ["/index.html", "/", "/dashboard"]) {
      const r = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers["cache-control"], url).toBe("no-cache");
      expect(r.body, url).toContain('<div id="root">');
    }
  });

  it("compresses a dynamic answer of 1 KB or more with Brotli, or gzip, and says it varies", async () => {
    const br = await get("/trpc/reference.countries", "br, gzip");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/);
    const json = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(json.result.data.length).toBeGreaterThan(100);
    const gz = await get("/trpc/reference.countries", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/trpc/reference.countries");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/);
    expect(JSON.parse(plain.body)).toEqual(json);
  });

  it("leaves small answers uncompressed", async () => {
    const res = await get("/healthz", "br, gzip");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers 404 for a missing asset and never serves a file outside the client folder", async () => {
    expect((await get("/assets/missing-abc123.js")).statusCode).toBe(404);
    for (const url of ["/../package.json", "/assets/%2e%2e/%2e%2e/package.json", "/%2e%2e/package.json", "/.env"]) {
      const res = await get(url);
      // Either refused or the SPA fallback (index.html): never the file named.
      if (res.statusCode === 200) expect(res.body, url).toContain('<div id="root">');
      else expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('"name": "export-club"');
    }
  });

  it("serves no source map", async () => {
    const res = await get("/assets/index-abc123.js.map");
    expect(res.statusCode).toBe(404);
  });
});
