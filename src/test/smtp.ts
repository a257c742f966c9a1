/**
 * A real SMTP server for mail tests (`smtp-server`, no TLS, no auth) and a helper to find a
 * port nothing listens on (to simulate a mail server that is down).
 */
import net from "node:net";
import { SMTPServer } from "smtp-server";

/** A TCP port on 127.0.0.1 that nothing listens on (at the time of the call). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export interface ReceivedMail {
  /** Envelope sender. */
  from: string | undefined;
  /** Envelope recipients. */
  to: string[];
  /** The whole RFC 822 message. */
  raw: string;
  /** When the message was accepted (ms since epoch). */
  at: number;
}

export interface TestSmtpServer {
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** Starts a plain SMTP server on 127.0.0.1:`port` collecting every message it accepts. */
export async function startSmtpServer(port: number): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
