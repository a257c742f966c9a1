/**
 * Admin analytics (issue #17 §3): one SQL statement per chart, each computing its figures in the
 * database (nothing is loaded row by row into Node). Every weekly chart answers one row per ISO
 * week of the range (Monday 00:00 UTC, `date_trunc('week', …)` on the UTC time), weeks without
 * data included as zeros. A range is `from` 00:00 UTC to the end of `to` (both days included;
 * common/analytics.ts), so the first and last weeks may be partial.
 *
 * Definitions (what each figure counts):
 * - applications: profiles whose `applied_at` is in the week (applicants), and those reviewed in
 *   the week (`reviewed_at`) that are approved or rejected now;
 * - members by activity / tier / target country: approved, unsuspended members today, whatever
 *   the range (a member with two activities or several target countries counts in each);
 * - posts: requests and offers created in the week, per service area (consultancy offers are
 *   services, not posts, so that bar is empty);
 * - responses: of the posts created in the week, the share answered at least once so far
 *   (response rate) and the median time from the post to its first response, in hours
 *   (`posts.first_response_at`, kept by the response's transaction);
 * - ratings: the ratings given in the range (`rated_at`), per star (1–3);
 * - knowledge: submissions created in the week, those approved in the week, and the points
 *   credited in the week (ledger rows other than tier purchases: awards minus withdrawn likes);
 * - active members: for each week, approved unsuspended members active in the 7 and in the 30
 *   days up to the week's end (or the range's end). "Active" is what the database keeps: a
 *   sign-in or an Extend Session (`security_events` login_successful, session_refreshed), the
 *   account's last sign-in (`users.last_active_at`), or the last activity of a session still
 *   stored (`sessions.last_active_at`; expired sessions are deleted).
 */
import { type SQL, sql } from "drizzle-orm";
import { ANALYTICS_TOP_COUNTRIES, type AnalyticsRange, defaultRange } from "../../common/analytics";
import type { DbOrTx } from "../db/client";

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The bounds of a range as SQL: the start and the exclusive end (timestamptz), and the week series. */
function bounds(range: AnalyticsRange | undefined) {
  const r = range ?? defaultRange();
  const start = sql`(${r.from}::date::timestamp at time zone 'UTC')`;
  const end = sql`((${r.to}::date + 1)::timestamp at time zone 'UTC')`;
  const weeks = sql`(select generate_series(date_trunc('week', ${r.from}::date::timestamp),
      date_trunc('week', ${r.to}::date::timestamp), interval '1 week') as week)`;
  return { start, end, weeks };
}

/** A timestamptz column's ISO week (Monday, UTC) as a timestamp. */
const weekOf = (column: SQL) => sql`date_trunc('week', ${column} at time zone 'UTC')`;

/** "YYYY-MM-DD" of a week's Monday. */
const weekLabel = sql.raw(`to_char(w.week, 'YYYY-MM-DD')`);

const approvedMember = sql`p.approval_status = 'approved' and u.suspended_at is null`;

export interface ApplicationsWeek {
  /** Monday of the week, "YYYY-MM-DD" (UTC). */
  week: string;
  applicants: number;
  approved: number;
  rejected: number;
}

/** Applicants, approvals and rejections per week. */
export async function applications(db: DbOrTx, range?: AnalyticsRange): Promise<ApplicationsWeek[]> {
  const { start, end, weeks } = bounds(range);
  return rowsOf<ApplicationsWeek>(
    await db.execute(sql`
      with a as (
        select ${weekOf(sql`applied_at`)} as week, count(*) as n
        from profiles where applied_at >= ${start} and applied_at < ${end} group by 1
      ), r as (
        select ${weekOf(sql`reviewed_at`)} as week,
               count(*) filter (where approval_status = 'approved') as approved,
               count(*) filter (where approval_status = 'rejected') as rejected
        from profiles
        where reviewed_at >= ${start} and reviewed_at < ${end} and approval_status <> 'pending'
        group by 1
      )
      select ${weekLabel} as week, coalesce(a.n, 0)::int as applicants,
             coalesce(r.approved, 0)::int as approved, coalesce(r.rejected, 0)::int as rejected
      from ${weeks} w left join a on a.week = w.week left join r on r.week = w.week
      order by w.week`),
  );
}

export interface MembersBy<K extends string = string> {
  key: K;
  members: number;
}

/** Approved, unsuspended members per activity (every activity listed, zeros included). */
export async function membersByActivity(db: DbOrTx): Promise<MembersBy[]> {
  return rowsOf<MembersBy>(
    await db.execute(sql`
      with c as (
        select a as key, count(*) as n
        from profiles p join users u on u.id = p.user_id cross join unnest(p.activities) a
        where ${approvedMember} group by 1
      )
      select e::text as key, coalesce(c.n, 0)::int as members
      from unnest(enum_range(null::activity)) e left join c on c.key = e
      order by array_position(enum_range(null::activity), e)`),
  );
}

/** Approved, unsuspended members per tier, lowest tier first (zeros included). */
export async function membersByTier(db: DbOrTx): Promise<MembersBy[]> {
  return rowsOf<MembersBy>(
    await db.execute(sql`
      with c as (
        select p.tier as key, count(*) as n
        from profiles p join users u on u.id = p.user_id where ${approvedMember} group by 1
      )
      select e::text as key, coalesce(c.n, 0)::int as members
      from unnest(enum_range(null::tier)) e left join c on c.key = e
      order by array_position(enum_range(null::tier), e)`),
  );
}

export interface MembersByCountry {
  /** The `ANALYTICS_TOP_COUNTRIES` target countries (ISO alpha-2) with most members, most first. */
  countries: MembersBy[];
  /** Approved, unsuspended members in all. */
  members: number;
  /** Of them, members with no target country. */
  withoutCountry: number;
}

/** Approved, unsuspended members per target country: the top countries, the total and those without one. */
export async function membersByCountry(db: DbOrTx): Promise<MembersByCountry> {
  const [row] = rowsOf<{ countries: MembersBy[] | null; members: number; without_country: number }>(
    await db.execute(sql`
      with m as materialized (
        select p.target_countries from profiles p join users u on u.id = p.user_id where ${approvedMember}
      ), c as (
        select code as key, count(*)::int as members from m cross join unnest(m.target_countries) code
        group by 1 order by 2 desc, 1 limit ${ANALYTICS_TOP_COUNTRIES}
      )
      select (select json_agg(c order by c.members desc, c.key) from c) as countries,
             (select count(*) from m)::int as members,
             (select count(*) from m where cardinality(m.target_countries) = 0)::int as without_country`),
  );
  return { countries: row?.countries ?? [], members: row?.members ?? 0, withoutCountry: row?.without_country ?? 0 };
}

export interface PostsWeekArea {
  week: string;
  area: string;
  requests: number;
  offers: number;
}

/** Requests and offers created per week and service area (every area of every week, zeros included). */
export async function postsPerArea(db: DbOrTx, range?: AnalyticsRange): Promise<PostsWeekArea[]> {
  const { start, end, weeks } = bounds(range);
  return rowsOf<PostsWeekArea>(
    await db.execute(sql`
      with c as (
        select ${weekOf(sql`created_at`)} as week, area,
               count(*) filter (where kind = 'request') as requests,
               count(*) filter (where kind = 'offer') as offers
        from posts where created_at >= ${start} and created_at < ${end} group by 1, 2
      )
      select ${weekLabel} as week, a::text as area,
             coalesce(c.requests, 0)::int as requests, coalesce(c.offers, 0)::int as offers
      from ${weeks} w cross join unnest(enum_range(null::post_area)) a
      left join c on c.week = w.week and c.area = a
      order by w.week, array_position(enum_range(null::post_area), a)`),
  );
}

export interface ResponsesWeek {
  week: string;
  /** Posts created in the week. */
  posts: number;
  /** Of them, posts answered at least once so far. */
  answered: number;
  /** answered / posts, 0–1 (4 decimals); null without posts. */
  rate: number | null;
  /** Median hours from a post to its first response (2 decimals); null when none was answered. */
  medianHours: number | null;
}

export interface Responses {
  weeks: ResponsesWeek[];
  /** The same figures over the whole range. */
  total: Omit<ResponsesWeek, "week">;
}

/** Response rate and median time to first response, per week of the posts' creation and over the range. */
export async function responses(db: DbOrTx, range?: AnalyticsRange): Promise<Responses> {
  const { start, end, weeks } = bounds(range);
  const rows = rowsOf<{
    week: string | null;
    posts: number;
    answered: number;
    rate: number | null;
    median_hours: number | null;
  }>(
    await db.execute(sql`
      with f as (
        select ${weekOf(sql`created_at`)} as week, extract(epoch from first_response_at - created_at) as secs
        from posts where created_at >= ${start} and created_at < ${end}
      ), g as (
        select week, grouping(week) as total, count(*) as posts, count(secs) as answered,
               percentile_cont(0.5) within group (order by secs) filter (where secs is not null) as median
        from f group by grouping sets ((week), ())
      )
      select case when w.week is null then null else ${weekLabel} end as week,
             coalesce(g.posts, 0)::int as posts, coalesce(g.answered, 0)::int as answered,
             case when coalesce(g.posts, 0) = 0 then null else round(g.answered::numeric / g.posts, 4)::float8 end as rate,
             round((g.median / 3600)::numeric, 2)::float8 as median_hours
      from ${weeks} w left join g on g.week = w.week and g.total = 0
      union all
      select null, coalesce(sum(posts), 0)::int, coalesce(sum(answered), 0)::int,
             case when coalesce(sum(posts), 0) = 0 then null else round(sum(answered)::numeric / sum(posts), 4)::float8 end,
             round((max(median) / 3600)::numeric, 2)::float8
      from g where total = 1
      order by 1 nulls last`),
  );
  const toFigures = (r: (typeof rows)[number]) => ({
    posts: r.posts,
    answered: r.answered,
    rate: r.rate,
    medianHours: r.median_hours,
  });
  const totalRow = rows.find((r) => r.week === null);
  return {
    weeks: rows.filter((r) => r.week !== null).map((r) => ({ week: r.week as string, ...toFigures(r) })),
    total: totalRow ? toFigures(totalRow) : { posts: 0, answered: 0, rate: null, medianHours: null },
  };
}

export interface Ratings {
  /** Ratings given in the range per star, 1 to 3 (zeros included). */
  stars: { stars: number; ratings: number }[];
  /** Their average (2 decimals); null without ratings. */
  average: number | null;
}

/** The distribution of the ratings given in the range. */
export async function ratings(db: DbOrTx, range?: AnalyticsRange): Promise<Ratings> {
  const { start, end } = bounds(range);
  const rows = rowsOf<{ stars: number; ratings: number; average: number | null }>(
    await db.execute(sql`
      with c as (
        select rating::int as stars, count(*) as n from post_responses
        where rating is not null and rated_at >= ${start} and rated_at < ${end} group by 1
      )
      select s as stars, coalesce(c.n, 0)::int as ratings,
             (select round(sum(stars * n)::numeric / nullif(sum(n), 0), 2)::float8 from c) as average
      from generate_series(1, 3) s left join c on c.stars = s order by s`),
  );
  return { stars: rows.map((r) => ({ stars: r.stars, ratings: r.ratings })), average: rows[0]?.average ?? null };
}

export interface KnowledgeWeek {
  week: string;
  /** Knowledge submissions created in the week. */
  submissions: number;
  /** Submissions approved in the week (and still approved). */
  approved: number;
  /** Points credited in the week: every ledger row but tier purchases (likes withdrawn count negative). */
  points: number;
}

/** Knowledge submissions, approvals and points awarded per week. */
export async function knowledge(db: DbOrTx, range?: AnalyticsRange): Promise<KnowledgeWeek[]> {
  const { start, end, weeks } = bounds(range);
  return rowsOf<KnowledgeWeek>(
    await db.execute(sql`
      with s as (
        select ${weekOf(sql`created_at`)} as week, count(*) as n
        from shared_knowledge where created_at >= ${start} and created_at < ${end} group by 1
      ), a as (
        select ${weekOf(sql`reviewed_at`)} as week, count(*) as n
        from shared_knowledge where status = 'approved' and reviewed_at >= ${start} and reviewed_at < ${end} group by 1
      ), l as (
        select ${weekOf(sql`created_at`)} as week, sum(delta) as n
        from points_ledger where reason <> 'tier_upgrade' and created_at >= ${start} and created_at < ${end} group by 1
      )
      select ${weekLabel} as week, coalesce(s.n, 0)::int as submissions, coalesce(a.n, 0)::int as approved,
             coalesce(l.n, 0)::int as points
      from ${weeks} w left join s on s.week = w.week left join a on a.week = w.week left join l on l.week = w.week
      order by w.week`),
  );
}

export interface ActiveWeek {
  week: string;
  /** Members active in the 7 days up to the week's end (or the range's end, if sooner). */
  active7: number;
  /** Members active in the 30 days up to then. */
  active30: number;
}

/**
 * Active members (7 and 30 days) at the end of each week of the range; see the module's
 * definition. Computed without a scan per week: a member's active days (UTC) each cover
 * the end dates from the day after to the window's length later, cut at the member's next active
 * day so that one member's days never cover the same end date twice; counting the starts and the
 * ends of those spans up to a week's end date gives the members active then.
 */
export async function activeMembers(db: DbOrTx, range?: AnalyticsRange): Promise<ActiveWeek[]> {
  const r = range ?? defaultRange();
  const { start, end } = bounds(r);
  const since = sql`(${start} - interval '30 days')`;
  return rowsOf<ActiveWeek>(
    await db.execute(sql`
      with act as (
        select user_id, created_at as at from security_events
        where event_type in ('login_successful', 'session_refreshed') and user_id is not null
          and created_at >= ${since} and created_at < ${end}
        union all
        select user_id, last_active_at from sessions where last_active_at >= ${since} and last_active_at < ${end}
        union all
        select id, last_active_at from users where last_active_at >= ${since} and last_active_at < ${end}
      ), members as (
        select p.user_id from profiles p join users u on u.id = p.user_id where ${approvedMember}
      ), days as (
        -- Not made distinct: a second activity on the same day makes an empty span (it starts
        -- and ends on the same date), which counts nothing, and saves hashing every row.
        select act.user_id, (act.at at time zone 'UTC')::date as day
        from act where act.user_id in (select user_id from members)
      ), spans as (
        select day + 1 as s, least(day + 7, nx) + 1 as f7, least(day + 30, nx) + 1 as f30
        from (select day, coalesce(lead(day) over (partition by user_id order by day), 'infinity'::date) as nx from days) d
      ), marks as (
        -- Per date: spans starting (s), and 7-day and 30-day spans ending (f7, f30); one pass.
        select s, f7, f30, count(*) as n from spans group by grouping sets ((s), (f7), (f30))
      ), e as (
        select w.week, least(w.week::date + 7, ${r.to}::date + 1) as e
        from (select generate_series(date_trunc('week', ${r.from}::date::timestamp),
                date_trunc('week', ${r.to}::date::timestamp), interval '1 week') as week) w
      ), run as (
        -- Running sums by date; a week's end date sees every start and end up to that date.
        select week, sum(d7) over (order by at) as active7, sum(d30) over (order by at) as active30
        from (
          select null::timestamp as week, s as at, n as d7, n as d30 from marks where s is not null
          union all select null, f7, -n, 0 from marks where f7 is not null
          union all select null, f30, 0, -n from marks where f30 is not null
          union all select week, e, 0, 0 from e
        ) x
      )
      select to_char(week, 'YYYY-MM-DD') as week, active7::int, active30::int
      from run where week is not null order by week`),
  );
}
