import type { AddressInfo } from "node:net";
import { it } from "vitest";
import WebSocket from "ws";
import { createPeerApp, createTestApp } from "../test/app";

function handshakeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on("open", () => { ws.close(); resolve(101); });
    ws.on("unexpected-response", (_req, res) => { resolve(res.statusCode ?? 0); res.resume(); ws.terminate(); });
    ws.on("error", (err) => { if (!/Unexpected server response|closed before/i.test(String(err))) reject(err); });
  });
}

for (const mode of ["none", "403", "101"]) {
  it(mode, async () => {
    const t = await createTestApp();
    const peer = await createPeerApp(t);
    await peer.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = peer.app.server.address() as AddressInfo;
    const url = `ws://127.0.0.1:${port}/trpc`;
    if (mode === "403") console.log("status", await handshakeStatus(url, {}));
    if (mode === "101") console.log(await handshakeStatus(url, { origin: `http://127.0.0.1:${port}` }));
    const conns = () => new Promise((r) => peer.app.server.getConnections((_e, n) => r(n)));
    console.log("conns", await conns()); await new Promise((r) => setTimeout(r, 300)); console.log("conns later", await conns());
    const t0 = Date.now();
    await peer.app.close();
    console.log(mode, "closed in", Date.now() - t0);
    await peer.close();
    await t.close();
  }, 15000);
}
