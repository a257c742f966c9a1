/**
 * Direct badge frames (ADR 0009; DESIGN.md §5; issue #4's live-badge benchmark).
 *
 * `badges.onChange` is an ordinary tRPC subscription: its first value, every recount and its end
 * go through tRPC's WebSocket adapter. One update is different: a new request reaches most open
 * subscriptions at once (in the benchmark about two thirds of 2,000), and per message tRPC's
 * subscription loop (iterator step, promise race, response transform, JSON) costs more than the
 * socket write itself. For that fan-out the badge hub writes the message tRPC would have written,
 * `{"id":…,"result":{"type":"data","data":{…}}}`, on the subscription's own socket. The client
 * is tRPC's `wsLink` either way and cannot tell the two apart.
 *
 * The message goes out as one WebSocket text frame (RFC 6455 §5.2) written with one `write` on the
 * connection's TCP socket, which `ws` would otherwise split into a corked header and payload; ws's
 * own `send` is used when the connection negotiated an extension (permessage-deflate) or the
 * message is large. Without compression (and Blob payloads, which the server never sends) every
 * `ws` send is a synchronous write to the same socket, so frames stay whole and in order.
 *
 * To address the subscription, the client picks a random `key` and passes it as the
 * subscription's input. `watchBadgeSubscriptions(socket, tcp)` reads each connection's messages next
 * to tRPC and remembers key → message id for `badges.onChange` subscriptions; the procedure claims its
 * entry with `directChannel(socket, key)`. No socket (HTTP, server-side callers), no key or no
 * entry: no channel, and every value goes through tRPC.
 */
import { Socket } from "node:net";
import type { WebSocket } from "ws";
import { z } from "zod";
import { subscriptionKeySchema } from "../../common/subscriptionKey";

/** The procedure path whose subscription messages are watched. */
export const BADGES_SUBSCRIPTION_PATH = "badges.onChange";

/** Keys remembered per connection and not yet claimed; the oldest is dropped past this. */
const MAX_UNCLAIMED = 16;

/** The fields of a tRPC WebSocket subscription message that the direct frames need. */
const subscriptionMessage = z.object({
  id: z.union([z.number(), z.string()]),
  jsonrpc: z.literal("2.0").optional(),
  method: z.literal("subscription"),
  params: z.object({
    path: z.literal(BADGES_SUBSCRIPTION_PATH),
    input: z.object({ key: subscriptionKeySchema }),
  }),
});

interface Addressee {
  id: number | string;
  jsonrpc?: "2.0";
}

interface Watched {
  /** The TCP socket under the WebSocket (the upgrade request's socket). */
  tcp: Socket;
  /** Announced and not yet claimed subscriptions, by key. */
  keys: Map<string, Addressee>;
}

const watched = new WeakMap<WebSocket, Watched>();

function textOf(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}

/**
 * Starts remembering the `badges.onChange` subscriptions (with a key) that arrive on `socket`,
 * whose TCP socket is `tcp` (the upgrade request's `req.socket`). Call it when the connection
 * opens, before any message can arrive; calling it again is a no-op. Messages are only read: tRPC
 * still parses, validates and runs every one of them.
 */
export function watchBadgeSubscriptions(socket: WebSocket, tcp: Socket | undefined): void {
  if (watched.has(socket) || !(tcp instanceof Socket)) return; // no TCP socket (e.g. injectWS): no channels
  const keys = new Map<string, Addressee>();
  watched.set(socket, { tcp, keys });
  socket.on("message", (data, isBinary) => {
    if (isBinary) return;
    const text = textOf(data);
    // Most messages are not badge subscriptions: skip them without parsing. A message this misses
    // (the path written with JSON escapes) only leaves its subscription on the tRPC path, or
    // lets it claim an older announcement of the same key on the same connection, whose id then
    // gets its values: the client's own badges, never another connection's.
    if (!text.includes(BADGES_SUBSCRIPTION_PATH)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // tRPC answers it with a parse error
    }
    for (const candidate of Array.isArray(parsed) ? parsed : [parsed]) {
      const message = subscriptionMessage.safeParse(candidate);
      if (!message.success) continue;
      const { id, jsonrpc, params } = message.data;
      keys.delete(params.input.key);
      keys.set(params.input.key, jsonrpc ? { id, jsonrpc } : { id });
      if (keys.size > MAX_UNCLAIMED) keys.delete(keys.keys().next().value as string);
    }
  });
}

/** Writes values of one subscription straight to its socket, as tRPC data messages. */
export interface DirectChannel<T> {
  /** Sends `value` as the subscription's next value. False (nothing sent) once the socket is not open. */
  send(value: T): boolean;
}

/**
 * The direct channel of the subscription that `socket` announced with `key`, or null when there
 * is none (no socket, no key, or no such subscription message seen). Each announcement is claimed
 * once.
 */
export function directChannel<T>(socket: WebSocket | null, key: string | undefined): DirectChannel<T> | null {
  if (!socket || !key) return null;
  const entry = watched.get(socket);
  const addressee = entry?.keys.get(key);
  if (!entry || !addressee) return null;
  entry.keys.delete(key);
  const { tcp } = entry;
  // tRPC's own response, `{ id, jsonrpc, result: { type: "data", data } }`, with no transformer.
  const head =
    `{"id":${JSON.stringify(addressee.id)},` +
    (addressee.jsonrpc ? `"jsonrpc":"2.0",` : "") +
    `"result":{"type":"data","data":`;
  return {
    send(value) {
      if (socket.readyState !== socket.OPEN || !tcp.writable) return false;
      const message = `${head}${JSON.stringify(value)}}}`;
      const frame = socket.extensions === "" ? textFrame(message) : null;
      if (frame) tcp.write(frame);
      else socket.send(message);
      return true;
    },
  };
}

/** Largest payload `textFrame` frames (a 16-bit length); larger messages go through ws. */
const MAX_FRAMED_BYTES = 0xffff;

/**
 * `text` as one final, unmasked WebSocket text frame (RFC 6455 §5.2: FIN + opcode 1, then a
 * 7-bit or 16-bit payload length), or null when it is longer than MAX_FRAMED_BYTES.
 */
export function textFrame(text: string): Buffer | null {
  const length = Buffer.byteLength(text, "utf8");
  if (length > MAX_FRAMED_BYTES) return null;
  const headerLength = length < 126 ? 2 : 4;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) frame[1] = length;
  else {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  }
  frame.write(text, headerLength, "utf8");
  return frame;
}
