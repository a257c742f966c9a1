/**
 * Proxies by list (docs/architecture.md, Security model: Proxies; ASVS 5.0 V4.1.3): `TRUST_PROXY`
 * names the reverse proxies whose `X-Forwarded-*` headers count, `true` is refused at start, and
 * the per-IP sign-in limit keys on the real client — over HTTP (`app.inject`, whose
 * `remoteAddress` is the socket's peer) against a real database.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { Msg } from "../common/messages";
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from "../test/app";
import { securityEventsOf } from "../test/fixtures";
import { loadConfig, parseTrustProxy } from "./config";
import { connectionRegistry } from "./live/connections";

/** The reverse proxy of these tests: a private range, as behind a load balancer. */
const PROXY_RANGE = "10.0.0.0/8";
const PROXY = "10.1.2.3";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: `127.0.0.1, ${PROXY_RANGE}` } });
});

afterAll(async () => {
  await t?.close();
});

let counter = 0;
function email(prefix: string): string {
  counter++;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** One failed sign-in (an unknown address) from `remoteAddress`, with extra headers. */
function failedSignIn(remoteAddress: string, headers: Record<string, string> = {}) {
  return t.mutation("auth.signIn", { email: email("spray"), password: DEFAULT_PASSWORD }, { remoteAddress, headers });
}

describe("TRUST_PROXY", () => {
  it("takes addresses, CIDR ranges and proxy-addr's names; empty or false means no proxy", () => {
    expect(parseTrustProxy("")).toEqual([]);
    expect(parseTrustProxy("false")).toEqual([]);
    expect(parseTrustProxy("127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback")).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: "192.0.2.1" }).trustProxy).toEqual(["192.0.2.1"]);
  });

  it("refuses true, a hop count and a malformed entry, in one line naming the setting and the new form", () => {
    for (const value of ["true", "2", "10.0.0.0/33", "proxy.example", "10.0.0.1,,"]) {
      let message = "";
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message, value).toMatch(/^Invalid configuration: TRUST_PROXY: /);
      expect(message, value).toContain("e.g. 127.0.0.1,10.0.0.0/8");
      expect(message, value).not.toContain("\n");
    }
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: true \(trust every hop\) is no longer accepted/,
    );
  });
});

describe("the client's address behind proxies", () => {
  it("a rotating X-Forwarded-For from an unlisted peer changes nothing: the 21st failure is refused", async () => {
    const peer = "203.0.113.40";
    for (let i = 0; i < 20; i++) {
      const res = await failedSignIn(peer, { "x-forwarded-for": `198.18.${i}.${i + 1}` });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await failedSignIn(peer, { "x-forwarded-for": "198.18.99.99" });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(Msg.loginRateLimited);
    // Logged under the peer's address, never the forged one.
    const failed = await securityEventsOf(t.db, "login_failed");
    expect(failed.filter((e) => e.ip === peer)).toHaveLength(20);
    expect(failed.filter((e) => e.ip?.startsWith("198.18."))).toHaveLength(0);
  });

  it("through a listed proxy the client's own address is the key: clients behind it do not share a limit", async () => {
    // Thirty failures, from thirty clients behind one proxy: none is refused for the proxy's sake.
    for (let i = 0; i < 30; i++) {
      const res = await failedSignIn(PROXY, { "x-forwarded-for": `198.51.100.${100 + i}` });
      expect(res.status, `client ${i + 1}`).toBe(401);
    }
    const failed = await securityEventsOf(t.db, "login_failed");
    expect(failed.filter((e) => e.ip === "198.51.100.100")).toHaveLength(1);
    expect(failed.filter((e) => e.ip === PROXY)).toHaveLength(0);
  });

  it("through a listed proxy one client is still limited, whatever it puts before the proxy's own entry", async () => {
    const client = "198.51.100.200";
    for (let i = 0; i < 20; i++) {
      // The client forges an X-Forwarded-For; the proxy appends the address it saw.
      const res = await failedSignIn(PROXY, { "x-forwarded-for": `192.0.2.${i + 1}, ${client}` });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await failedSignIn(PROXY, { "x-forwarded-for": `192.0.2.99, ${client}` });
    expect(refused.status).toBe(429);
    // Another client behind the same proxy is not refused.
    expect((await failedSignIn(PROXY, { "x-forwarded-for": "198.51.100.201" })).status).toBe(401);
    const failed = await securityEventsOf(t.db, "login_failed");
    expect(failed.filter((e) => e.ip === client)).toHaveLength(20);
  });

  it("a chain of listed proxies is walked back to the first address that is not one", async () => {
    const res = await failedSignIn(PROXY, { "x-forwarded-for": "198.51.100.210, 10.9.9.9" });
    expect(res.status).toBe(401);
    const failed = await securityEventsOf(t.db, "login_failed");
    expect(failed.filter((e) => e.ip === "198.51.100.210")).toHaveLength(1);
  });

  it("X-Forwarded-Host and -Proto from an unlisted peer change nothing: a forged origin is still cross-origin", async () => {
    const forged = {
      host: "localhost",
      origin: "https://evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    };
    const fromStranger = await t.inject({
      method: "POST",
      url: "/trpc/auth.signIn",
      payload: { email: email("host"), password: DEFAULT_PASSWORD },
      origin: "none",
      headers: forged,
      remoteAddress: "203.0.113.41",
    });
    expect(fromStranger.statusCode).toBe(403);
    // The same headers from the listed proxy are the proxy's word for the public origin.
    const fromProxy = await t.inject({
      method: "POST",
      url: "/trpc/auth.signIn",
      payload: { email: email("host"), password: DEFAULT_PASSWORD },
      origin: "none",
      headers: forged,
      remoteAddress: PROXY,
    });
    expect(fromProxy.statusCode).toBe(401);
  });

  it("without TRUST_PROXY every forwarded header is ignored", async () => {
    const plain = await createTestApp();
    try {
      const peer = "203.0.113.42";
      for (let i = 0; i < 20; i++) {
        const res = await plain.mutation(
          "auth.signIn",
          { email: email("plain"), password: DEFAULT_PASSWORD },
          { remoteAddress: peer, headers: { "x-forwarded-for": `198.18.1.${i + 1}` } },
        );
        expect(res.status, `attempt ${i + 1}`).toBe(401);
      }
      const refused = await plain.mutation(
        "auth.signIn",
        { email: email("plain"), password: DEFAULT_PASSWORD },
        { remoteAddress: peer, headers: { "x-forwarded-for": "198.18.1.99" } },
      );
      expect(refused.status).toBe(429);
    } finally {
      await plain.close();
    }
  });

  it("the WebSocket cap per address counts the client a listed proxy names, not the proxy", async () => {
    const capped = await createTestApp({ env: { TRUST_PROXY: "127.0.0.1", WS_MAX_PER_IP: "2" } });
    const open: WebSocket[] = [];
    try {
      await capped.app.listen({ port: 0, host: "127.0.0.1" });
      const port = (capped.app.server.address() as AddressInfo).port;
      const user = await capped.createUser({ status: "approved" });
      const { token } = await capped.sessionFor(user);
      const handshake = (client: string) =>
        new Promise<WebSocket | number>((resolve) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/trpc`, {
            headers: {
              cookie: `${capped.cookieName}=${token}`,
              origin: `http://127.0.0.1:${port}`,
              "x-forwarded-for": client,
            },
          });
          ws.on("open", () => resolve(ws));
          ws.on("unexpected-response", (_req, res) => {
            resolve(res.statusCode ?? 0);
            res.resume();
            ws.terminate();
          });
          ws.on("error", () => {});
        });
      for (let i = 0; i < 2; i++) {
        const ws = await handshake("198.51.100.50");
        expect(ws, `socket ${i + 1}`).toBeInstanceOf(WebSocket);
        open.push(ws as WebSocket);
      }
      expect(await handshake("198.51.100.50")).toBe(429);
      // Another client behind the same proxy has its own two.
      const other = await handshake("198.51.100.51");
      expect(other).toBeInstanceOf(WebSocket);
      open.push(other as WebSocket);
      const registry = connectionRegistry(capped.db, capped.deps.events);
      expect(registry.socketsOf("198.51.100.50")).toBe(2);
      expect(registry.socketsOf("127.0.0.1")).toBe(0);
    } finally {
      for (const ws of open) ws.terminate();
      await capped.close();
    }
  });
});
