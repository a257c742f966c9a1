/**
 * drizzle/0011_posts.sql on filled tables (docs/decisions/0016-service-area-posts.md, Tests):
 * a database migrated with drizzle/ cut before 0011 gets member requests (active, closed,
 * help-linked), responses (rated and credited, revealed), an archive and a notification; then
 * the full drizzle/ folder runs. Every id and value carries over, the links still resolve, the
 * migrated requests are membership requests, the active one expires 30 days after the upgrade,
 * and the identity sequences continue past the old ids. Later migrations that fill new columns
 * or tables from old rows are checked on the same data (0021 first response times, 0022 active
 * days).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "../../test/app";
import { createBlankTestDatabase, rowsOf, type TestDatabase } from "../../test/db";
import { activeMembers } from "../domain/analytics";
import { insertMemberRequest, listReceived } from "../domain/memberRequests";
import { averageRating } from "../domain/offers";
import { type Db, MIGRATIONS_FOLDER, migrateDatabase } from "./client";
import { seedCatalog } from "./seed/catalog";
import { seedReferenceData } from "./seed/reference";

/** The first migration this test checks: drizzle/ is cut just before it. */
const FIRST_NEW = "0011_posts";

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of drizzle/ holding the migrations before `tag` only (SQL files and a trimmed journal). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "export-club-migrations-"));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as Journal;
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 1) throw new Error(`${tag} is not in drizzle/meta/_journal.json`);
  const entries = journal.entries.slice(0, cut);
  for (const e of entries) cpSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  cpSync(path.join(MIGRATIONS_FOLDER, "meta"), path.join(dir, "meta"), { recursive: true });
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }, null, 2));
  return dir;
}

type Row = Record<string, unknown>;

/** A timestamp of a raw row (a string or a Date, by driver) in milliseconds. */
const timeOf = (v: unknown): number => new Date(v as string | Date).getTime();

let tdb: TestDatabase;
let db: Db;
let folder: string;

const rows = async (query: SQL): Promise<Row[]> => rowsOf<Row>(await db.execute(query));
const one = async (query: SQL): Promise<Row> => {
  const [r] = await rows(query);
  if (!r) throw new Error("no row");
  return r;
};

beforeAll(async () => {
  tdb = await createBlankTestDatabase();
  db = tdb.database.db;
  folder = migrationsBefore(FIRST_NEW);
}, 120_000);

afterAll(async () => {
  await tdb?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe(`migration ${FIRST_NEW}`, () => {
  it("keeps every member request, response, archive, notification and link, as membership requests that expire", async () => {
    await migrateDatabase(tdb.database, folder);
    expect(await rows(sql`select 1 from information_schema.tables where table_name = 'posts'`)).toHaveLength(0);
    await seedReferenceData(db);
    await seedCatalog(db);

    const requester = await createMember(db, { countries: ["DE"] });
    const rater = await createMember(db, { countries: ["DE"] });
    const revealer = await createMember(db, { countries: ["DE"] });
    const viewer = await createMember(db, { countries: ["DE"] });
    const ignorer = await createMember(db, { countries: ["DE"] });
    const [product] = await rows(sql`select id, sector from products order by id limit 1`);
    if (!product) throw new Error("no product");

    // ── Rows in the old tables ──
    const active = await one(sql`
      insert into member_requests (user_id, product_id, target_country, sector, request_type, description, urgency, created_at)
      values (${requester.id}, ${product.id}, 'DE', ${product.sector}, 'co_marketing', 'Active one', 'urgent', now() - interval '10 days')
      returning id::int as id`);
    const closed = await one(sql`
      insert into member_requests (user_id, target_country, request_type, description, status, created_at)
      values (${requester.id}, 'DE', 'knowledge_sharing', 'Closed one', 'closed', now() - interval '40 days')
      returning id::int as id`);
    const helped = await one(sql`
      insert into member_requests (user_id, target_country, request_type, title, description, created_at)
      values (${requester.id}, 'DE', 'commercial_assistance', 'Help wanted', 'Help-linked one', now() - interval '2 days')
      returning id::int as id`);
    const help = await one(sql`
      insert into help_requests (user_id, member_request_id, help_type, title, description, target_country)
      values (${requester.id}, ${helped.id}, 'country_knowledge', 'Help wanted', 'Help-linked one', 'DE')
      returning id::int as id`);
    const rated = await one(sql`
      insert into member_responses (request_id, responder_id, requester_id, message, contact_email, rating, rated_at)
      values (${active.id}, ${rater.id}, ${requester.id}, 'We can help', 'rater@example.com', 3, now())
      returning id::int as id`);
    const revealed = await one(sql`
      insert into member_responses (request_id, responder_id, requester_id, message, contact_phone, revealed_at)
      values (${active.id}, ${revealer.id}, ${requester.id}, 'Call us', '+441234567', now())
      returning id::int as id`);
    await db.execute(sql`
      insert into member_responses (request_id, responder_id, requester_id, message)
      values (${closed.id}, ${rater.id}, ${requester.id}, 'Too late')`);
    await db.execute(sql`
      insert into points_ledger (user_id, delta, reason, source_id)
      values (${rater.id}, 10, 'helpful_answer', ${String(rated.id)})`);
    await db.execute(
      sql`insert into archived_member_requests (request_id, user_id) values (${helped.id}, ${ignorer.id})`,
    );
    const notification = await one(sql`
      insert into notifications (user_id, kind, title, response_id)
      values (${requester.id}, 'response_received', 'Response to Your Request', ${rated.id})
      returning id::int as id`);

    const before = {
      requests: await rows(sql`select * from member_requests order by id`),
      responses: await rows(sql`select * from member_responses order by id`),
      archives: await rows(sql`select * from archived_member_requests order by request_id, user_id`),
      notifications: await rows(sql`select * from notifications order by id`),
      help: await rows(sql`select * from help_requests order by id`),
      ledger: await rows(sql`select * from points_ledger order by id`),
    };
    expect(before.requests).toHaveLength(3);
    expect(before.responses).toHaveLength(3);

    // Activity as it was kept before the active days (0022, ADR 20): sign-ins and Extend Session,
    // a failed sign-in (not activity), an account's last activity, a stored session's.
    await db.execute(sql`
      insert into security_events (user_id, event_type, created_at) values
        (${requester.id}, 'login_successful', '2024-03-04T08:00:00Z'),
        (${requester.id}, 'session_refreshed', '2024-03-05T08:00:00Z'),
        (${requester.id}, 'login_successful', '2024-03-05T09:00:00Z'),
        (${viewer.id}, 'login_failed', '2024-03-06T08:00:00Z')`);
    await db.execute(sql`update users set last_active_at = '2024-03-10T08:00:00Z' where id = ${rater.id}`);
    await db.execute(sql`
      insert into sessions (id, user_id, secret_hash, created_at, last_active_at)
      values ('migration-test-session', ${revealer.id}, 'x', '2024-03-12T08:00:00Z', '2024-03-12T09:00:00Z')`);

    // ── The upgrade ──
    const upgradedAt = Date.now();
    await migrateDatabase(tdb.database);

    for (const old of ["member_requests", "member_responses", "archived_member_requests"]) {
      expect(await rows(sql`select 1 from information_schema.tables where table_name = ${old}`)).toHaveLength(0);
    }
    const after = {
      posts: await rows(sql`select * from posts order by id`),
      responses: await rows(sql`select * from post_responses order by id`),
      archives: await rows(sql`select * from post_archives order by post_id, user_id`),
      notifications: await rows(sql`select * from notifications order by id`),
      help: await rows(sql`select * from help_requests order by id`),
      ledger: await rows(sql`select * from points_ledger order by id`),
    };
    // Every old column keeps its value (request_id is now post_id).
    const renamed = ({ request_id, ...rest }: Row) => ({ ...rest, post_id: request_id });
    expect(after.posts).toEqual(before.requests.map((r) => expect.objectContaining(r)));
    expect(after.responses).toEqual(before.responses.map((r) => expect.objectContaining(renamed(r))));
    expect(after.archives).toEqual(before.archives.map((r) => expect.objectContaining(renamed(r))));
    expect(after.notifications).toEqual(before.notifications.map((r) => expect.objectContaining(r)));
    // 0020_notifications: an old response notification gets the params the client links with.
    expect(after.notifications.map((n) => n.params)).toEqual([
      { responseId: rated.id, postId: active.id, postKind: "request" },
    ]);
    expect(after.help).toEqual(before.help);
    expect(after.ledger).toEqual(before.ledger);

    // The new columns: membership requests; the active ones expire 30 days after the upgrade.
    for (const p of after.posts) {
      expect(p).toMatchObject({
        area: "membership",
        kind: "request",
        countries: [],
        sectors: [],
        reach: [],
        details: {},
        by_expert: false,
        closed_at: null,
      });
      const expiresAt = timeOf(p.expires_at);
      if (p.status === "active") {
        const days = (expiresAt - upgradedAt) / (24 * 3600_000);
        expect(days).toBeGreaterThan(29.99);
        expect(days).toBeLessThan(30.01);
      } else {
        expect(expiresAt).toBe(timeOf(p.created_at));
      }
    }

    // The links resolve through the new names.
    expect(
      await one(sql`
        select r.id::int as response_id, p.id::int as post_id from notifications n
        join post_responses r on r.id = n.response_id join posts p on p.id = r.post_id
        where n.id = ${notification.id}`),
    ).toEqual({ response_id: rated.id, post_id: active.id });
    expect(
      await one(
        sql`select p.id::int as id from help_requests h join posts p on p.id = h.member_request_id where h.id = ${help.id}`,
      ),
    ).toEqual({ id: helped.id });
    expect(
      await one(sql`
        select r.id::int as id from points_ledger l join post_responses r on r.id::text = l.source_id
        where l.reason = 'helpful_answer'`),
    ).toEqual({ id: rated.id });

    // What members see: the received list without the closed request and the ignored one, the rating.
    const ids = async (userId: string) => (await listReceived(db, userId, { limit: 50 })).items.map((i) => i.id);
    expect(await ids(viewer.id)).toEqual([helped.id, active.id]);
    expect(await ids(ignorer.id)).toEqual([active.id]);
    expect(await ids(rater.id)).toEqual([helped.id]);
    expect(await averageRating(db, rater.id)).toEqual({ average: 3, count: 1 });
    expect(
      await one(sql`select revealed_at is not null as revealed from post_responses where id = ${revealed.id}`),
    ).toEqual({ revealed: true });

    // The identity sequences carry on past the old ids.
    const maxPost = Math.max(...before.requests.map((r) => Number(r.id)));
    const maxResponse = Math.max(...before.responses.map((r) => Number(r.id)));
    const next = await insertMemberRequest(db, requester.id, {
      productId: null,
      targetCountry: "DE",
      sector: null,
      requestType: "co_marketing",
      activityType: null,
      subActivity: null,
      description: "After the upgrade",
      urgency: "normal",
    });
    expect(next.id).toBeGreaterThan(maxPost);
    const nextResponse = await one(sql`
      insert into post_responses (post_id, responder_id, requester_id, message)
      values (${next.id}, ${viewer.id}, ${requester.id}, 'New answer') returning id::int as id`);
    expect(Number(nextResponse.id)).toBeGreaterThan(maxResponse);

    // The analytics migration (issue #17 §3) gave every answered post its first response's time.
    expect(
      await rows(sql`
        select p.id::int as id, p.first_response_at = min(r.created_at) as first
        from posts p join post_responses r on r.post_id = p.id
        where p.id in (${active.id}, ${closed.id}) group by p.id order by p.id`),
    ).toEqual([
      { id: active.id, first: true },
      { id: closed.id, first: true },
    ]);
    expect(await one(sql`select first_response_at from posts where id = ${helped.id}`)).toEqual({
      first_response_at: null,
    });

    // The active-days migration (ADR 20) kept the days of that activity, and the chart reads them.
    expect(await rows(sql`select user_id, day::text as day from member_active_days order by day, user_id`)).toEqual([
      { user_id: requester.id, day: "2024-03-04" },
      { user_id: requester.id, day: "2024-03-05" },
      { user_id: rater.id, day: "2024-03-10" },
      { user_id: revealer.id, day: "2024-03-12" },
    ]);
    expect(await activeMembers(db, { from: "2024-03-04", to: "2024-03-17" })).toEqual([
      { week: "2024-03-04", active7: 2, active30: 2 },
      { week: "2024-03-11", active7: 1, active30: 3 },
    ]);
  }, 120_000);
});
