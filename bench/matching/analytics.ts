/**
 * Matching benchmark, analytics phase (issue #17 §3): every admin analytics chart's query timed
 * over HTTP as an admin, on the seeded data, for the page's default range (the last 12 weeks) and
 * for the longest range allowed (two years). Target: p95 ≤ 200 ms per chart and range.
 *
 * The matching seed has members, posts, responses and ratings; this phase adds, once per
 * database (skipped when they are there already), what the other charts read: 3,000 applicants
 * (pending, approved and rejected over 400 days), 20,000 knowledge submissions and their points,
 * 40,000 like credits and the active days of 150,000 sign-ins. It runs after the other phases, so their figures
 * are measured on the data they always were.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import { ANALYTICS_CHARTS, ANALYTICS_MAX_RANGE_DAYS, defaultRange, isoDay } from "../../src/common/analytics";
import type { Db } from "../../src/server/db/client";
import * as schema from "../../src/server/db/schema";
import { rebuildActiveMemberChanges } from "../../src/server/domain/analytics";
import { loadAvg, logger, round, type Summary, summarize } from "../harness";
import type { BenchSql } from "../pg-sql";
import { httpRequest, trpcData } from "./queries";
import { createSessions } from "./seed";

const log = logger("bench:analytics");

export const ANALYTICS_TARGETS = { chartP95Ms: 200 };

export interface AnalyticsOptions {
  analyticsSamples: number;
}

/** Adds the analytics-only data (see the module comment) unless a previous run added it. */
async function seedAnalytics(sql: BenchSql): Promise<Record<string, unknown>> {
  const [have] = await sql<{ n: number }[]>`select count(*)::int as n from shared_knowledge`;
  if ((have?.n ?? 0) >= 20_000) return { skipped: "already seeded" };
  const t0 = performance.now();
  await sql`
    with u as (
      insert into users (email, password_hash, created_at)
      select 'bench-applicant-' || g || '@bench.example', 'x', now() - random() * interval '400 days'
      from generate_series(1, 3000) g returning id, created_at
    )
    insert into profiles (user_id, name, activities, user_type, approval_status, applied_at, reviewed_at)
    select id, 'Bench Applicant', '{exporter}', 'individual',
           s::approval_status, created_at, case when s = 'pending' then null else created_at + interval '2 days' end
    from u cross join lateral (select (array['pending', 'approved', 'rejected'])[1 + floor(random() * 3)::int] as s) x`;
  await sql`
    with m as (select user_id, row_number() over (order by user_id) as i from profiles where approval_status = 'approved'),
    k as (
      insert into shared_knowledge (user_id, title, content, share_type, category, status, reviewed_at, points_awarded, created_at)
      select m.user_id, 'Bench knowledge ' || g, 'Bench knowledge content', 'experience', 'bench',
             s::review_status, case when s = 'pending' then null else t + interval '1 day' end,
             case when s = 'approved' then 100 end, t
      from generate_series(1, 20000) g
      join m on m.i = 1 + (g % (select count(*) from m))
      cross join lateral (select now() - random() * interval '400 days' as t,
                                 (array['pending', 'approved', 'approved', 'rejected'])[1 + floor(random() * 4)::int] as s) x
      returning id, user_id, status, reviewed_at
    )
    insert into points_ledger (user_id, delta, reason, source_id, created_at)
    select user_id, 100, 'knowledge_approved', 'bench-k' || id, reviewed_at from k where status = 'approved'`;
  await sql`
    with m as (select user_id, row_number() over (order by user_id) as i from profiles where approval_status = 'approved')
    insert into points_ledger (user_id, delta, reason, source_id, created_at)
    select m.user_id, 2, 'knowledge_liked', 'bench-like-' || g, now() - random() * interval '400 days'
    from generate_series(1, 40000) g join m on m.i = 1 + (g % (select count(*) from m))`;
  // Active days as sign-ins record them (`recordActiveDay`): 150,000 sign-ins over 400 days, a
  // day kept once per member; then the active-members changes computed from them.
  await sql`
    with m as (select user_id, row_number() over (order by user_id) as i from profiles where approval_status = 'approved')
    insert into member_active_days (user_id, day)
    select m.user_id, ((now() - random() * interval '400 days') at time zone 'UTC')::date
    from generate_series(1, 150000) g join m on m.i = 1 + (g % (select count(*) from m))
    on conflict do nothing`;
  await rebuildActiveMemberChanges(drizzle(sql.pool, { schema, casing: "snake_case" }) as unknown as Db);
  await sql`analyze`;
  return {
    applicants: 3000,
    knowledge: 20_000,
    ledgerRows: "approvals + 40,000 likes",
    signIns: 150_000,
    ms: round(performance.now() - t0),
  };
}

/** Times every chart for both ranges; returns per chart and range the summary, and the worst p95. */
export async function measureAnalytics(
  sql: BenchSql,
  origin: string,
  opts: AnalyticsOptions,
  result: Record<string, unknown>,
): Promise<{ worstP95: number | null; byChart: Record<string, Record<string, Summary | null>> }> {
  log("seeding the analytics data…");
  const seeded = await seedAnalytics(sql);
  const [admin] = await sql<{ user_id: string }[]>`
    select user_id from profiles where approval_status = 'approved' order by user_id limit 1`;
  if (!admin) throw new Error("no approved member to make admin");
  await sql`insert into user_roles (user_id, role) values (${admin.user_id}, 'admin') on conflict do nothing`;
  const cookie = (await createSessions(sql, [admin.user_id])).get(admin.user_id) as string;

  const today = new Date();
  const longest = {
    from: isoDay(new Date(today.getTime() - ANALYTICS_MAX_RANGE_DAYS * 86_400_000)),
    to: isoDay(today),
  };
  const ranges = { default12Weeks: defaultRange(today), twoYears: longest };
  const pathOf = (chart: string, range: { from: string; to: string }) =>
    `/trpc/analytics.${chart}?input=${encodeURIComponent(JSON.stringify(range))}`;
  const time = async (urlPath: string) => {
    const t0 = performance.now();
    const res = await httpRequest(origin, "GET", urlPath, { cookie });
    const ms = performance.now() - t0;
    trpcData(res, urlPath.split("?")[0] as string);
    return ms;
  };

  log(`analytics: ${ANALYTICS_CHARTS.length} charts × 2 ranges, ${opts.analyticsSamples} samples each…`);
  const loadBefore = loadAvg();
  const samples = Object.fromEntries(
    ANALYTICS_CHARTS.map((chart) => [chart, { default12Weeks: [] as number[], twoYears: [] as number[] }]),
  );
  for (const chart of ANALYTICS_CHARTS) {
    for (const range of Object.values(ranges)) {
      for (let i = 0; i < 3; i++) await time(pathOf(chart, range)); // warm-up
    }
  }
  // Interleaved, so load changes on this shared machine hit every chart alike.
  for (let i = 0; i < opts.analyticsSamples; i++) {
    for (const chart of ANALYTICS_CHARTS) {
      samples[chart]?.default12Weeks.push(await time(pathOf(chart, ranges.default12Weeks)));
      samples[chart]?.twoYears.push(await time(pathOf(chart, ranges.twoYears)));
    }
  }
  const byChart = Object.fromEntries(
    Object.entries(samples).map(([chart, byRange]) => [
      chart,
      Object.fromEntries(Object.entries(byRange).map(([name, values]) => [name, summarize(values)])),
    ]),
  );
  const p95s = Object.values(byChart).flatMap((r) => Object.values(r).map((s) => s?.p95 ?? Number.POSITIVE_INFINITY));
  const worstP95 = p95s.length ? Math.max(...p95s) : null;
  result.analytics = { seeded, ranges, loadAvgBefore: loadBefore, loadAvgAfter: loadAvg(), byChart };
  return { worstP95, byChart };
}
