/**
 * Matching benchmark, phase 1: the data at scale and the members' sessions. Everything in SQL
 * (`INSERT … SELECT generate_series(…)`, deterministic with setseed) on one connection, so temp
 * tables and session settings carry from one statement to the next.
 */
import { createHash, randomBytes } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { Activity } from "../../src/common/constants";
import { requestTypesFor } from "../../src/common/memberRequests";
import type { MatchProfile } from "../../src/server/domain/matching";
import { logger, round } from "../harness";
import { type BenchSql, connectSql } from "../pg-sql";

const log = logger("bench:matching");

/** Likely export destinations: 60% of profile and request countries come from here. */
export const POPULAR_COUNTRIES = [
  "AE",
  "IQ",
  "TR",
  "AF",
  "CN",
  "RU",
  "OM",
  "QA",
  "AM",
  "AZ",
  "KZ",
  "IN",
  "DE",
  "PK",
  "SA",
];

/** How much to seed. */
export interface SeedSize {
  members: number;
  requests: number;
  responses: number;
  archives: number;
}

/**
 * Seeds `size.members` approved members with random profiles, `size.requests` active requests
 * over 90 days, `size.responses` responses (+ one notification each) and a few thousand archive
 * rows into the migrated database at `url`; then VACUUM ANALYZE. Returns the row counts and the
 * profiles' shape.
 */
export async function seed(url: string, opts: SeedSize): Promise<Record<string, unknown>> {
  const sql = connectSql(url, { max: 1 });
  const t0 = performance.now();
  const step = async (label: string, fn: () => Promise<unknown>) => {
    const s = performance.now();
    await fn();
    log(`  seed: ${label} (${round((performance.now() - s) / 1000, 1)} s)`);
  };
  try {
    const [ref] = await sql<{ countries: number; sectors: number; products: number }[]>`
      select (select count(*)::int from countries) as countries,
             (select count(*)::int from industrial_sectors) as sectors,
             (select count(*)::int from products) as products`;
    if (!ref || ref.countries === 0 || ref.sectors === 0 || ref.products === 0) {
      throw new Error(`reference data missing after /readyz: ${JSON.stringify(ref)}`);
    }
    // Deterministic data; FK triggers off while bulk loading (consistent by construction).
    await sql`select setseed(0.4242)`;
    await sql`set session_replication_role = replica`;
    await sql`set work_mem = '64MB'`;
    // Literal (utility statements take no bind parameters); the codes are constants above.
    const pop = `array[${POPULAR_COUNTRIES.map((c) => `'${c.replace(/[^A-Z]/g, "")}'`).join(",")}]::text[]`;
    await sql.unsafe(`
      create temp table ref as
      select array(select code from countries order by code) as allc,
             array(select code from countries where code = any(${pop}) order by code) as pop,
             array(select code from industrial_sectors order by sort_order) as secs,
             array(select id from products order by id) as prods,
             array(select sector from products order by id) as psec`);
    // A country: 60% from the popular destinations, else any.
    const pickCountry = `(case when random() < 0.6 then ref.pop[1 + floor(random() * cardinality(ref.pop))::int]
                              else ref.allc[1 + floor(random() * cardinality(ref.allc))::int] end)`;

    await step(`${opts.members} users`, async () => {
      await sql.unsafe(
        `create temp table bm as select g as idx, gen_random_uuid() as id from generate_series(1, ${opts.members}) g`,
      );
      await sql`create unique index on bm (idx)`;
      // One shared dummy hash: nobody signs in with a password here.
      await sql`
        insert into users (id, email, password_hash, created_at, last_active_at)
        select id, 'bench-member-' || idx || '@bench.example',
               '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$YmVuY2hiZW5jaGJlbmNoYmVuY2hiZW5jaGJlbmNo',
               now() - random() * interval '400 days', now() - random() * interval '30 days'
        from bm`;
    });
    await step(`${opts.members} profiles`, async () => {
      await sql.unsafe(`
        with s as materialized (
          select bm.idx, bm.id, 1 + floor(random() * 5)::int as nc, 1 + floor(random() * 3)::int as ns,
                 random() as ra, random() as rt, random() as rp
          from bm
        )
        insert into profiles (user_id, name, activities, user_type, approval_status, applied_at, reviewed_at,
                              tier, points, years_export_experience, target_countries, industrial_sectors)
        select s.id, 'Bench Member ' || s.idx,
               array[(case when s.ra < 0.6 then 'exporter' when s.ra < 0.8 then 'export_expert'
                           else 'export_service_provider' end)::activity],
               (case when s.rt < 0.7 then 'individual' else 'organization' end)::user_type,
               'approved', now() - interval '400 days', now() - interval '399 days',
               (case when s.rp < 0.75 then 'turquoise' when s.rp < 0.95 then 'silver' else 'gold' end)::tier,
               floor(s.rp * 500)::int, floor(s.rt * 20)::int,
               (select array_agg(distinct c) from (select ${pickCountry} as c from generate_series(1, s.nc)) q),
               (select array_agg(distinct x)
                  from (select ref.secs[1 + floor(random() * cardinality(ref.secs))::int] as x
                        from generate_series(1, s.ns)) q)
        from s cross join ref`);
    });
    await step(`${opts.requests} requests`, async () => {
      // 50% product form (sector copied from the product; country 30% of those), 30% country only,
      // 20% export-services form (chosen sector; country half the time).
      await sql.unsafe(`
        with x as materialized (
          select g, random() as rk, random() as rc, random() as rt, random() as ru, random() as rs,
                 (1 + floor(random() * ${opts.members}))::int as ui,
                 now() - random() * interval '90 days' as ts
          from generate_series(1, ${opts.requests}) g
        ), y as (
          select x.*, (1 + floor(random() * cardinality(ref.prods)))::int as pi,
                 (1 + floor(random() * cardinality(ref.secs)))::int as si,
                 (1 + floor(rt * 3))::int as ai,
                 ${pickCountry} as country
          from x cross join ref
        )
        insert into posts (user_id, product_id, target_country, sector, request_type, activity_type,
                           sub_activity, description, urgency, status, created_at, area, kind, expires_at)
        select bm.id,
               case when y.rk < 0.5 then ref.prods[y.pi] end,
               case when y.rk < 0.5 and y.rc < 0.3 then y.country
                    when y.rk >= 0.5 and y.rk < 0.8 then y.country
                    when y.rk >= 0.8 and y.rc < 0.5 then y.country end,
               case when y.rk < 0.5 then ref.psec[y.pi] when y.rk >= 0.8 then ref.secs[y.si] end,
               (case when y.rk >= 0.8 then (array['co_marketing','knowledge_sharing','commercial_assistance'])[y.ai]
                     else (array['co_marketing','commercial_assistance','product_sourcing','knowledge_sharing'])[1 + floor(y.rt * 4)::int]
                end)::request_type,
               (case when y.rk >= 0.8 then (array['marketing','legal','commercial'])[y.ai] end)::service_activity,
               case when y.rk >= 0.8 then (array['market_research','contract','logistics'])[y.ai] end,
               substr('We are looking for reliable partners and buyers in this market for our products; please contact us with your offer, prices, delivery terms and references from previous export work.', 1, 40 + floor(y.rs * 140)::int),
               (case when y.ru < 0.2 then 'urgent' else 'normal' end)::urgency,
               'active', y.ts, 'membership', 'request', now() + interval '30 days'
        from y cross join ref join bm on bm.idx = y.ui
        order by y.ts`);
      await sql`
        create temp table rq as
        select row_number() over (order by id)::int as idx, id, user_id, created_at from posts`;
      await sql`create unique index on rq (idx)`;
    });
    await step(`${opts.responses} responses + notifications`, async () => {
      const over = Math.ceil(opts.responses * 1.03) + 100;
      await sql.unsafe(`
        with x as materialized (
          select (1 + floor(random() * (select count(*) from rq)))::int as qi,
                 (1 + floor(random() * ${opts.members}))::int as ui, random() as r1, random() as r2
          from generate_series(1, ${over})
        ), y as (
          select distinct on (q.id, m.id) q.id as post_id, q.user_id as requester_id, q.created_at as qc,
                 m.id as responder_id, x.r1, x.r2
          from x join rq q on q.idx = x.qi join bm m on m.idx = x.ui
          where m.id <> q.user_id
          order by q.id, m.id
        ), z as (
          select * from y order by r1 limit ${opts.responses}
        )
        insert into post_responses (post_id, responder_id, requester_id, message, contact_email, contact_phone,
                                    rating, rated_at, revealed_at, created_at)
        select post_id, responder_id, requester_id,
               'We can help with this request: we have handled similar shipments and can share references.',
               'responder@bench.example', case when r2 < 0.5 then '+989121234567' end,
               case when r2 < 0.3 then 1 + floor(r1 * 3)::int end,
               case when r2 < 0.3 then qc + (now() - qc) * (0.5 + r2) end,
               case when r2 < 0.6 then qc + (now() - qc) * (0.4 + r2 / 2) end,
               qc + (now() - qc) * r2 * 0.5
        from z`);
      await sql`
        insert into notifications (user_id, kind, title, response_id, is_read, created_at)
        select requester_id, 'response_received', 'Response to Your Request', id, random() < 0.9, created_at
        from post_responses`;
    });
    await step(`${opts.archives} archive rows`, async () => {
      await sql.unsafe(`
        insert into post_archives (post_id, user_id, created_at)
        select distinct on (q.id, m.id) q.id, m.id, now() - random() * interval '30 days'
        from (select (1 + floor(random() * (select count(*) from rq)))::int as qi,
                     (1 + floor(random() * ${opts.members}))::int as ui
              from generate_series(1, ${opts.archives})) x
        join rq q on q.idx = x.qi join bm m on m.idx = x.ui
        where m.id <> q.user_id
        on conflict do nothing`);
    });
    await sql`reset session_replication_role`;
    await step("vacuum analyze", async () => {
      for (const t of ["users", "profiles", "posts", "post_responses", "notifications", "post_archives"]) {
        await sql.unsafe(`vacuum analyze ${t}`);
      }
    });
    const [counts] = await sql<Record<string, number>[]>`
      select (select count(*)::int from users) as users,
             (select count(*)::int from profiles where approval_status = 'approved') as approved_members,
             (select count(*)::int from posts where status = 'active') as active_requests,
             (select count(*)::int from posts where product_id is not null) as with_product,
             (select count(*)::int from posts where target_country is not null) as with_country,
             (select count(*)::int from posts where product_id is null and target_country is null) as sector_only,
             (select count(*)::int from post_responses) as responses,
             (select count(*)::int from notifications) as notifications,
             (select count(*)::int from post_archives) as archived,
             (select count(*)::int from countries) as countries,
             (select count(*)::int from industrial_sectors) as sectors,
             (select count(*)::int from products) as products,
             (select pg_size_pretty(pg_database_size(current_database()))) as database_size`;
    const [shape] = await sql<Record<string, unknown>[]>`
      select round(avg(cardinality(target_countries)), 2)::float as avg_countries,
             round(avg(cardinality(industrial_sectors)), 2)::float as avg_sectors,
             (select json_object_agg(a, n) from (select activities[1]::text as a, count(*) as n from profiles group by 1) q) as activities
      from profiles`;
    return { seconds: round((performance.now() - t0) / 1000, 1), ...counts, profileShape: shape };
  } finally {
    await sql.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Sessions (like src/server/auth/session.ts: token `<id>.<secret>`, each 15 random bytes in
// lowercase base32 — the only shape the app accepts —, SHA-256 hex of the secret stored)

/** Inserts one session per user; returns each user's cookie header (`session=<token>`). */
export async function createSessions(sql: BenchSql, userIds: string[]): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  const rows = userIds.map((userId) => {
    const id = encodeBase32LowerCaseNoPadding(randomBytes(15));
    const secret = encodeBase32LowerCaseNoPadding(randomBytes(15));
    cookies.set(userId, `session=${id}.${secret}`);
    return { id, user_id: userId, secret_hash: createHash("sha256").update(secret).digest("hex") };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await sql`insert into sessions (id, user_id, secret_hash)
      select * from unnest(${chunk.map((r) => r.id)}::text[], ${chunk.map((r) => r.user_id)}::uuid[], ${chunk.map((r) => r.secret_hash)}::text[])`;
  }
  return cookies;
}

/** The match profiles of `userIds`, read straight from the database (as `loadMatchProfile`). */
export async function loadProfiles(sql: BenchSql, userIds: string[]): Promise<Map<string, MatchProfile>> {
  const rows = await sql<{ user_id: string; countries: string[]; sectors: string[]; activities: string[] }[]>`
    select user_id, target_countries as countries, industrial_sectors as sectors, activities::text[] as activities
    from profiles where user_id = any(${userIds}::uuid[])`;
  const out = new Map<string, MatchProfile>();
  for (const r of rows) {
    out.set(r.user_id, {
      userId: r.user_id,
      countries: r.countries,
      sectors: r.sectors,
      types: requestTypesFor(r.activities as Activity[]),
      tags: [],
    });
  }
  return out;
}
