/**
 * Fuzzing every procedure over HTTP (issue #10 §4): bad input is answered 4xx with a clear
 * message, never 5xx, and a refused call changes nothing.
 *
 * Each procedure of appRouter gets inputs derived from its zod input (src/test/fuzz.ts: the
 * input's JSON Schema, with NUL and control characters, lone surrogates, bidi marks, SQL and
 * markup fragments, very long strings, int4/int8 edges, year-zero dates and wrong types mixed
 * in). Every input is sent through the real Fastify app (`app.inject`, so the tRPC adapter, the
 * error formatter and src/server/errors.ts are exercised), each as an admin or as a member
 * (drawn; an admin-only procedure gets admins once a member was refused), each from an address of its own so that IP rate limits do not hide the handlers. Asserted:
 *
 * - no response has a status ≥ 500;
 * - every error response carries a message (one of the spec's `Msg` texts, or a validation text);
 * - a 400 writes no row of any table (a trigger on every table logs each written row; counters of
 *   refused attempts, `rate_limit_hits`, are meant to grow and are left out).
 *
 * Seeded and bounded (`FUZZ_RUNS` inputs per procedure, default 14 on Postgres and 4 on PGlite;
 * `FUZZ_SEED`), so the file runs in under a minute on Postgres. Subscriptions (badges.onChange)
 * are skipped: over HTTP they are server-sent event streams, and their input-less handler is
 * covered by the live tests. Each input is one property run; fast-check stops a procedure at its
 * first failure (`endOnFailure`, no shrinking: calls change the database) and prints the input.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { SERVICE_TYPES } from "../../common/help";
import { EVENT_TYPES, KNOWLEDGE_COUNTRIES, PRODUCT_CATEGORY_CODES } from "../../common/knowledge";
import { SUB_ACTIVITIES } from "../../common/memberRequests";
import { Msg } from "../../common/messages";
import { POST_FORMS } from "../../common/posts";
import { EXPERIENCE_OPTIONS, EXPERTISE_AREAS } from "../../common/profile";
import { type Actor, createTestApp, type TestApp, type TrpcResult } from "../../test/app";
import { rowsOf } from "../../test/db";
import { inputArbitrary } from "../../test/fuzz";
import { appRouter } from "./router";

/** Inputs per procedure: 14 on Postgres (CI); 4 on the in-process PGlite, where each call is several times slower. */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.DATABASE_URL ? 14 : 4));
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/** What this test reads of a procedure's definition (tRPC v11; as in authorization.test.ts). */
interface ProcedureDef {
  type: "query" | "mutation" | "subscription";
  inputs: z.ZodType[];
}
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
const PATHS = Object.keys(procedures)
  .filter((p) => procedures[p]!._def.type !== "subscription")
  .sort();

/**
 * Valid values of fields whose rule is a refinement (a JSON Schema cannot show it), so that
 * inputs get past validation and carry their hostile neighbours to the handlers.
 */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  category: fc.constantFrom(...KNOWLEDGE_COUNTRIES, ...EVENT_TYPES, ...PRODUCT_CATEGORY_CODES),
  subActivity: fc.constantFrom(...Object.values(SUB_ACTIVITIES).flat()),
  yearsExportExperience: fc.constantFrom(...EXPERIENCE_OPTIONS),
  countryCode: fc.constantFrom("DE", "TR", "AE", "CN"),
  targetCountry: fc.constantFrom("DE", "TR", "AE", "CN"),
};

const SERVICE_PAIRS = Object.entries(SUB_ACTIVITIES).flatMap(([activityType, subs]) =>
  subs.map((subActivity) => ({ activityType, subActivity })),
);

/**
 * Valid combinations of fields that a refinement ties together, laid over most generated
 * inputs of these procedures so that their other fields, hostile or not, reach the handler.
 */
const SKELETONS: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  "knowledge.share": fc.oneof(
    fc.record({ shareType: fc.constant("country"), category: fc.constantFrom(...KNOWLEDGE_COUNTRIES) }),
    fc.record({ shareType: fc.constant("experience"), category: fc.constantFrom(...EVENT_TYPES) }),
    fc.record({
      shareType: fc.constantFrom("regulations", "documents"),
      category: fc.constantFrom(...PRODUCT_CATEGORY_CODES),
    }),
  ),
  "memberRequests.send": fc.constantFrom(...SERVICE_PAIRS.filter((p) => p.subActivity !== "arbitration")),
  "posts.create": fc.oneof(
    fc
      .record({ form: fc.constant("export_services.request"), sector: fc.constant("energy") })
      .chain((r) => fc.constantFrom(...SERVICE_PAIRS).map((pair) => ({ ...r, ...pair }))),
    fc.record({ form: fc.constantFrom(...POST_FORMS) }),
  ),
  "help.submit": fc.oneof(
    fc.record({ helpType: fc.constant("country_knowledge"), targetCountry: fc.constantFrom("DE", "TR") }),
    fc.record({
      helpType: fc.constantFrom("product_experience", "documents", "collaboration"),
      productCategory: fc.constantFrom(...PRODUCT_CATEGORY_CODES),
    }),
    fc.record({
      helpType: fc.constant("hire_expert"),
      expertiseAreas: fc.subarray([...EXPERTISE_AREAS], { minLength: 1 }),
    }),
    fc.record({ helpType: fc.constant("trade_services"), serviceType: fc.constantFrom(...SERVICE_TYPES) }),
  ),
  "profile.update": fc.constant({ activitySelections: { mainCategories: [], details: {} } }),
};

/** `input` with the procedure's skeleton laid over it, most of the time. */
function withSkeleton(path: string, arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const skeleton = SKELETONS[path];
  if (!skeleton) return arbitrary;
  return fc
    .tuple(arbitrary, fc.option(skeleton, { freq: 4 }))
    .map(([input, over]) =>
      over && typeof input === "object" && input !== null && !Array.isArray(input) ? { ...input, ...over } : input,
    );
}

let t: TestApp;
let calls = 0;
let addressCounter = 0;
const started = Date.now();
const statusCounts = new Map<number, number>();

// Starting an in-memory PGlite and adding the triggers takes longer than the default hook limit under load.
beforeAll(async () => {
  t = await createTestApp();
  await installWriteLog();
}, 120_000);

afterAll(async () => {
  await t?.close();
  const byStatus = [...statusCounts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  console.info(
    `fuzz: ${calls} calls over ${PATHS.length} procedures in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}, ${NUM_RUNS} inputs each): ${byStatus}`,
  );
});

/**
 * Every row written to any table is logged by a trigger into `fuzz_write_log`, in the writing
 * transaction (a rolled-back write leaves no entry). Counters of refused attempts
 * (`rate_limit_hits`) are meant to grow on refusals and are left out.
 */
async function installWriteLog(): Promise<void> {
  await t.db.execute(
    sql.raw(`create table fuzz_write_log (id bigint generated always as identity primary key, tbl text not null)`),
  );
  await t.db.execute(
    sql.raw(`create function fuzz_log_write() returns trigger language plpgsql as $$
      begin insert into fuzz_write_log (tbl) values (TG_TABLE_NAME); return null; end $$`),
  );
  const rows = await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('fuzz_write_log', 'rate_limit_hits')`,
  );
  for (const { table_name } of rowsOf<{ table_name: string }>(rows)) {
    await t.db.execute(
      sql`create trigger fuzz_log_write after insert or update or delete on ${sql.identifier(table_name)} for each row execute function fuzz_log_write()`,
    );
  }
}

/** The id of the last logged write (0 when none). */
async function lastWrite(): Promise<number> {
  const [row] = rowsOf<{ id: string | number | null }>(
    await t.db.execute(sql`select max(id) as id from fuzz_write_log`),
  );
  return Number(row?.id ?? 0);
}

/** Tables written since the write `since`. */
async function writtenSince(since: number): Promise<string[]> {
  const rows = await t.db.execute(sql`select distinct tbl from fuzz_write_log where id > ${since} order by tbl`);
  return rowsOf<{ tbl: string }>(rows).map((r) => r.tbl);
}

/** A new client address per call (10.x.y.z): per-IP rate limits would otherwise refuse most calls. */
function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function send(path: string, input: unknown, actor: Actor): Promise<TrpcResult> {
  calls++;
  const call = { token: actor.token, remoteAddress: nextAddress() };
  const res =
    procedures[path]!._def.type === "query"
      ? await t.query(path, input, call)
      : await t.mutation(path, JSON.stringify(input ?? null), {
          ...call,
          headers: { "content-type": "application/json" },
        });
  statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
  return res;
}

/** Short description of an input for a failure message. */
function show(input: unknown): string {
  const text = JSON.stringify(input) ?? String(input);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

describe("fuzzing every procedure: bad input is a 4xx with a message and changes nothing", () => {
  it("covers the router", () => {
    expect(PATHS.length).toBeGreaterThan(40);
  });

  it.each(PATHS)("%s", async (path) => {
    const def = procedures[path]!._def;
    // Fresh callers per procedure: one procedure may sign its caller out or change its password.
    const admin = await t.actor("admin");
    const member = await t.actor("member");
    const applicant = await t.createUser({ status: "pending" });
    const uuids = [admin.user!.id, member.user!.id, applicant.id];
    const schema = def.inputs[0];
    const arbitrary = schema
      ? withSkeleton(
          path,
          fc.oneof(
            {
              weight: 3,
              arbitrary: inputArbitrary(schema, { shapedRate: 0.3, invalidRate: 0.02, hints: HINTS, uuids }),
            },
            {
              weight: 2,
              arbitrary: inputArbitrary(schema, { shapedRate: 0.2, invalidRate: 0.2, hints: HINTS, uuids }),
            },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
          ),
        )
      : fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 1 }));
    let memberRefused = false;
    let mark = await lastWrite();
    const runs = schema ? NUM_RUNS : Math.min(NUM_RUNS, 2);

    await fc.assert(
      fc.asyncProperty(arbitrary, fc.constantFrom("admin", "member"), async (input, kind) => {
        // An admin procedure refuses members before reading the input: once is enough.
        const actor = kind === "member" && !memberRefused ? member : admin;
        const before = mark;
        const res = await send(path, input, actor);
        mark = await lastWrite();
        const who = `${path} as ${actor.kind} with ${show(input)}`;
        expect(res.status, `${who}: ${res.error?.message}`).toBeLessThan(500);
        if (res.status >= 400) {
          // A clear message: a spec text, or zod's own text for a value no form can send.
          expect(res.error?.message, who).toEqual(expect.any(String));
          expect(res.error?.message.length, who).toBeGreaterThan(0);
        }
        if (actor === member && res.status === 403 && res.error?.message === Msg.adminOnly) memberRefused = true;
        if (res.status === 400) {
          const written = mark > before ? await writtenSince(before) : [];
          expect(written, `${who}: refused, yet written`).toEqual([]);
        }
      }),
      { numRuns: runs, seed: SEED, endOnFailure: true },
    );
  });
});
