/**
 * Process configuration, read once from the environment and validated with zod.
 * `loadConfig` throws a readable one-line error naming every bad setting (fail fast at start).
 * Every setting is documented in README.md.
 */
import path from "node:path";
import proxyAddr from "@fastify/proxy-addr";
import { z } from "zod";
import type { StorageConfig } from "./files/storage";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** postgres://… — when unset, an embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** Folder for the embedded database, mail files and uploads. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** smtp(s)://user:pass@host:port — when unset, mail is written as .eml files. */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((v) => /^smtps?:$/.test(new URL(v).protocol), "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default("Export Club <no-reply@export-club.local>"),
  /** The account that signs up with this address becomes admin and is approved at once. */
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  /**
   * Public origin of the site (`https://club.example.com`): the origin of every link in mail, and
   * accepted by the same-origin check. Required in production; elsewhere the listening address.
   */
  PUBLIC_ORIGIN: z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((v) => /^https?:$/.test(new URL(v).protocol), "must be an http:// or https:// URL")
      .optional(),
  ),
  /** Number for the landing page's SMS and WhatsApp buttons (international format). */
  CONTACT_PHONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\+?[1-9]\d{1,14}$/)
      .optional(),
  ),
  INSTAGRAM_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LINKEDIN_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * The reverse proxies whose `X-Forwarded-*` headers count: addresses, CIDR ranges or the names
   * `loopback`, `linklocal`, `uniquelocal`, comma-separated (`127.0.0.1,10.0.0.0/8`). Empty or
   * `false`: no proxy, the socket's peer is the client. `true` is refused (`parseTrustProxy`).
   */
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Open WebSockets one IP address may hold on one process (per-IP cap, issue #10 §5). */
  WS_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * When the daily digest goes out (issue #17 §2): a five-field cron expression in UTC, run by the
   * job queue (jobs/queue.ts). Default 05:30 UTC (09:00 in Tehran).
   */
  DIGEST_CRON: z
    .string()
    .trim()
    .regex(/^([\d*/,-]+\s+){4}[\d*/,-]+$/, "a cron expression of five fields, such as 30 5 * * *")
    .default("30 5 * * *"),
  /** Create a demo admin on the first start of the embedded database (true/false). */
  DEMO_ADMIN: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Where uploads are stored: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket; issue #16 §4). */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  /** The bucket (required when STORAGE_DRIVER=s3). */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
  /** Region of the bucket; `auto` for Cloudflare R2. */
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default("us-east-1")),
  /** Endpoint of a non-AWS service (R2, MinIO, …): https://…; AWS's own when unset. */
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((v) => /^https?:$/.test(new URL(v).protocol), "must be an http:// or https:// URL")
      .optional(),
  ),
  /** Keys; when both are unset the AWS SDK's own chain applies (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** Path-style addresses (`endpoint/bucket/key`), as MinIO usually needs (true/false). */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Prepended to every object key, e.g. `uploads/`; letters, digits, `._-/`, not starting with `/`. */
  S3_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]*$/, "letters, digits, . _ - and / between parts")
    .default("uploads/"),
});

export type Config = ReturnType<typeof loadConfig>;

const TRUST_PROXY_FORM =
  "list the proxies' addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8), or leave it empty for no proxy";

/**
 * `TRUST_PROXY` as the list of trusted proxies (empty: none), or the reason it is refused.
 * `true` (every hop believed, so any client could name its own address in `X-Forwarded-For` and
 * escape every per-IP limit) and a hop count (Fastify then trusts no peer for `X-Forwarded-Host`
 * and `-Proto`, and a count silently trusts whatever sits in front) are refused; so is an entry
 * that is not an IPv4/IPv6 address, a CIDR range or one of proxy-addr's names. ASVS 5.0 V4.1.3
 * (docs/architecture.md, Security model: Proxies).
 */
export function parseTrustProxy(value: string): string[] | string {
  const text = value.trim();
  if (text === "" || text === "false") return [];
  if (text === "true") return `true (trust every hop) is no longer accepted: ${TRUST_PROXY_FORM}`;
  const entries = text.split(",").map((e) => e.trim());
  for (const entry of entries) {
    if (/^\d+$/.test(entry)) return `a hop count (${entry}) is not accepted: ${TRUST_PROXY_FORM}`;
    try {
      proxyAddr.compile([entry]);
    } catch {
      return `"${entry}" is not an address, a CIDR range, loopback, linklocal or uniquelocal: ${TRUST_PROXY_FORM}`;
    }
  }
  return entries;
}

/** `http://host:port` of the listening socket, with `localhost` for a wildcard address. */
function listeningOrigin(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Parses `env` (default `process.env`) into the typed configuration.
 * @throws Error, one line: `Invalid configuration: SETTING: reason; …`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema
    .superRefine((e, ctx) => {
      // Mail links never come from request headers (a forged Host would otherwise put its own
      // address into a genuine reset mail): production names its origin.
      if (e.NODE_ENV === "production" && !e.PUBLIC_ORIGIN)
        ctx.addIssue({
          code: "custom",
          path: ["PUBLIC_ORIGIN"],
          message:
            "required in production (the site's public URL, e.g. https://club.example.com: every link in mail names it)",
        });
      if (e.STORAGE_DRIVER !== "s3") return;
      if (!e.S3_BUCKET)
        ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "required when STORAGE_DRIVER=s3" });
      if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
        const missing = e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
        ctx.addIssue({ code: "custom", path: [missing], message: "set both S3 keys or neither" });
      }
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration: ${lines.join("; ")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const storage: StorageConfig =
    e.STORAGE_DRIVER === "s3"
      ? {
          driver: "s3",
          bucket: e.S3_BUCKET ?? "",
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : { driver: "local", dir: path.join(dataDir, "uploads") };
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL?.trim().toLowerCase(),
    /** The origin of every link in mail: PUBLIC_ORIGIN, else (outside production) the listening address. */
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : listeningOrigin(e.HOST, e.PORT),
    contactPhone: e.CONTACT_PHONE,
    instagramUrl: e.INSTAGRAM_URL,
    linkedinUrl: e.LINKEDIN_URL,
    logLevel: e.LOG_LEVEL,
    /** Trusted reverse proxies (addresses, CIDR ranges); empty when the peer is the client. */
    trustProxy: e.TRUST_PROXY,
    wsMaxPerIp: e.WS_MAX_PER_IP,
    digestCron: e.DIGEST_CRON,
    demoAdmin: e.DEMO_ADMIN,
    /** Where uploads are stored (files/storage.ts). */
    storage,
  };
}
