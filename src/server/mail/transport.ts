/**
 * How an e-mail leaves the process: SMTP when `SMTP_URL` is set, otherwise an RFC 822 `.eml`
 * file under `<DATA_DIR>/mail/` (development and demos need no mail server).
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";

/** One message as the worker hands it to a transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra header fields (e.g. `List-Unsubscribe`, `List-Unsubscribe-Post`); null or absent for none. */
  headers?: Record<string, string> | null;
}

/** A pino-compatible logger (Fastify's `app.log`, `pino()`, or a child of either). */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Delivers messages; `send` rejects when the message was not accepted. */
export interface MailTransport {
  /** Human-readable kind, for logs: `smtp` or `file`. */
  readonly kind: "smtp" | "file";
  send(msg: OutgoingMail): Promise<void>;
  /** Releases sockets, if any. */
  close(): void;
}

/** Longest one SMTP delivery may take, all steps included, before it is abandoned as failed. */
export const SMTP_SEND_TIMEOUT_MS = 45_000;
const SMTP_STEP_TIMEOUT_MS = 10_000;

/**
 * Creates the transport for `config`: nodemailer SMTP from `smtpUrl` (10 s connection,
 * greeting and socket-inactivity timeouts, 45 s for a whole delivery), or, without it, a
 * writer of `.eml` files named `<UTC timestamp>-<random>.eml` (sortable by creation time)
 * under `<dataDir>/mail/`, logging each file's path and subject at info level.
 */
export function createMailTransport(config: Pick<Config, "smtpUrl" | "dataDir">, log: MailLogger): MailTransport {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: SMTP_STEP_TIMEOUT_MS,
      greetingTimeout: SMTP_STEP_TIMEOUT_MS,
      socketTimeout: SMTP_STEP_TIMEOUT_MS,
      dnsTimeout: SMTP_STEP_TIMEOUT_MS,
    });
    return {
      kind: "smtp",
      async send(msg) {
        await smtp.sendMail({
          from: msg.from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html ?? undefined,
          headers: msg.headers ?? undefined,
          signal: AbortSignal.timeout(SMTP_SEND_TIMEOUT_MS),
        });
      },
      close: () => smtp.close(),
    };
  }

  const dir = path.join(config.dataDir, "mail");
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "file",
    async send(msg) {
      const info = await composer.sendMail({
        from: msg.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? undefined,
        headers: msg.headers ?? undefined,
      });
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("stream transport did not return a buffer");
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, emlFileName(new Date()));
      // Write under a temporary name first so a reader never sees half a message.
      const tmp = `${file}.tmp`;
      await writeFile(tmp, raw);
      await rename(tmp, file);
      log.info({ path: file, subject: msg.subject }, "mail written to file (no SMTP_URL set)");
    },
    close: () => composer.close(),
  };
}

/** `20250131T120501123Z-<8 hex>.eml`: lexical order = creation order (to the millisecond). */
function emlFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, "");
  return `${stamp}-${randomBytes(4).toString("hex")}.eml`;
}
