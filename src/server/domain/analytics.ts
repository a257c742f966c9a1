/**
 * Admin analytics (issue #17 §3): one SQL statement per chart (two for responses), each computing
 * its figures in the database (nothing is loaded row by row into Node). Every weekly chart answers
 * one row per ISO week of the range (Monday 00:00 UTC, `date_trunc('week', …)` on the UTC time),
 * weeks without data included as zeros. A range is `from` 00:00 UTC to the end of `to` (both days
 * included; common/analytics.ts), so the first and last weeks may be partial.
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
 * - active members: for each week, members active in the 7 and in the 30 days up to the week's
 *   end (or the range's end). "Active" is a sign-in or the member area's activity heartbeat
 *   (Extend Session included), recorded as the member's active day when it happens, while the
 *   account is an approved, unsuspended member (`recordActiveDay`): a member suspended later
 *   still counts for the weeks they were active in. Read from `active_member_changes`, not from
 *   the sign-ins themselves (ADR 20).
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

/**
 * Response rate and median time to first response, per week of the posts' creation and over the
 * range. Each week is its own aggregate over a range of `posts_created_analytics_idx` (read from
 * the index alone), so no statement sorts the range's posts by week; the seconds are `float8`
 * (`date_part`), which sort for the median a third faster than `extract`'s `numeric`. The weeks
 * and the whole range are two statements sent together (ADR 20: p95 190 → 110 ms at bench scale).
 */
export async function responses(db: DbOrTx, range?: AnalyticsRange): Promise<Responses> {
  const { start, end, weeks } = bounds(range);
  const figures = (from: SQL, to: SQL) => sql`
    select count(*) as posts, count(first_response_at) as answered,
           percentile_cont(0.5) within group (order by date_part('epoch', first_response_at - created_at))
             filter (where first_response_at is not null) as median
    from posts where created_at >= ${from} and created_at < ${to}`;
  const weekStart = sql`greatest(w.week at time zone 'UTC', ${start})`;
  const weekEnd = sql`least((w.week + interval '1 week') at time zone 'UTC', ${end})`;
  type Row = { week: string | null; posts: number; answered: number; rate: number | null; median_hours: number | null };
  const select = (from: SQL) => sql`
    select week, posts::int, answered::int,
           case when posts = 0 then null else round(answered::numeric / posts, 4)::float8 end as rate,
           round((median / 3600)::numeric, 2)::float8 as median_hours
    from ${from} order by week`;
  // The weeks and the whole range are two statements, sent at once: each sorts its posts' times
  // for the median on its own connection (on PGlite's one connection they simply run in turn).
  const [weekRows, totalRows] = await Promise.all([
    db.execute(
      select(
        sql`(select ${weekLabel} as week, g.* from ${weeks} w cross join lateral (${figures(weekStart, weekEnd)}) g) x`,
      ),
    ),
    db.execute(select(sql`(select null::text as week, t.* from (${figures(start, end)}) t) x`)),
  ]);
  const toFigures = (r: Row) => ({ posts: r.posts, answered: r.answered, rate: r.rate, medianHours: r.median_hours });
  const [totalRow] = rowsOf<Row>(totalRows);
  return {
    weeks: rowsOf<Row>(weekRows).map((r) => ({ week: r.week as string, ...toFigures(r) })),
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

/** The windows of the active-members chart, in days. */
export const ACTIVE_WINDOWS = [7, 30] as const;

/** The windows as an SQL `values` list, `len` in days. */
const windows = sql.raw(`(values ${ACTIVE_WINDOWS.map((n) => `(${n})`).join(", ")}) as w(len)`);

/**
 * Records that the member `userId` was active at `at` (ms precision, any time zone): sets
 * `users.last_active_at`, and when the account is an approved, unsuspended member and `at`'s UTC
 * day is a new active day for it, stores the day and adds its change to the active-members
 * counts. The day `d` covers the dates `d + 1` to `d + N`; between the member's previous active
 * day `p` and next one `q` it adds only the dates not yet covered, `[max(d + 1, p + N + 1),
 * min(d + N + 1, q + 1))`, so a member counts once per date whatever the order days arrive in.
 *
 * Call it inside the transaction that records the activity: its first statement locks the
 * account's row, so one member's days are added one at a time; the change rows are written in
 * date order, so two members' transactions cannot deadlock on them.
 */
export async function recordActiveDay(tx: DbOrTx, userId: string, at: Date): Promise<void> {
  const iso = at.toISOString();
  await tx.execute(sql`update users set last_active_at = ${iso} where id = ${userId}`);
  await tx.execute(sql`
    with d as (
      insert into member_active_days (user_id, day)
      select ${userId}, (${iso}::timestamptz at time zone 'UTC')::date
      where exists (
        select 1 from profiles p join users u on u.id = p.user_id
        where p.user_id = ${userId} and ${approvedMember}
      )
      on conflict do nothing
      returning day
    ), n as (
      -- The statement's snapshot: the member's days without the one being added.
      select d.day,
             (select max(o.day) from member_active_days o where o.user_id = ${userId} and o.day < d.day) as p,
             (select min(o.day) from member_active_days o where o.user_id = ${userId} and o.day > d.day) as q
      from d
    ), span as (
      select len, greatest(day + 1, p + len + 1) as s, least(day + len + 1, q + 1) as f from n cross join ${windows}
    ), change as (
      select s as day, len, 1 as delta from span where s < f
      union all
      select f, len, -1 from span where s < f
    )
    insert into active_member_changes (day, active7, active30)
    select day, coalesce(sum(delta) filter (where len = 7), 0), coalesce(sum(delta) filter (where len = 30), 0)
    from change group by day order by day
    on conflict (day) do update set active7 = active_member_changes.active7 + excluded.active7,
                                    active30 = active_member_changes.active30 + excluded.active30`);
}

/**
 * Computes `active_member_changes` again from `member_active_days` (the migration that made them
 * does the same; the benchmark uses it after inserting days in bulk). Each day in date order adds
 * the dates after its member's previous day's window: `[max(d + 1, p + N + 1), d + N + 1)`.
 */
export async function rebuildActiveMemberChanges(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from active_member_changes`);
  await db.execute(sql`
    insert into active_member_changes (day, active7, active30)
    select day, coalesce(sum(delta) filter (where len = 7), 0), coalesce(sum(delta) filter (where len = 30), 0)
    from (
      select greatest(day + 1, p + len + 1) as day, len, 1 as delta
      from (select day, lag(day) over (partition by user_id order by day) as p from member_active_days) d
      cross join ${windows}
      union all
      select day + len + 1, len, -1 from member_active_days cross join ${windows}
    ) c
    group by day`);
}

/**
 * Active members (7 and 30 days) at the end of each week of the range; see the module's
 * definition. Each week's end date sums the changes up to it: a few hundred rows, whatever the
 * number of sign-ins.
 */
export async function activeMembers(db: DbOrTx, range?: AnalyticsRange): Promise<ActiveWeek[]> {
  const r = range ?? defaultRange();
  const { weeks } = bounds(r);
  return rowsOf<ActiveWeek>(
    await db.execute(sql`
      select ${weekLabel} as week, coalesce(c.active7, 0)::int as active7, coalesce(c.active30, 0)::int as active30
      from ${weeks} w
      cross join lateral (
        select sum(active7) as active7, sum(active30) as active30 from active_member_changes
        where day <= least(w.week::date + 7, ${r.to}::date + 1)
      ) c
      order by w.week`),
  );
}
