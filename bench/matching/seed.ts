/**
 * Matching benchmark, phase 1: the data at scale and the members' sessions. Everything in SQL
 * (`INSERT … SELECT generate_series(…)`, deterministic with setseed) on one connection, so temp
 * tables and session settings carry from one statement to the next.
 */
import { createHash, randomBytes } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { POST_VALIDITY_DEFAULT_DAYS } from "../../src/common/constants";
import { EMPLOYMENT_TYPES } from "../../src/common/help";
import { SERVICE_ACTIVITIES, SUB_ACTIVITIES } from "../../src/common/memberRequests";
import {
  boardParts,
  COLLABORATION_KINDS,
  CURRENCIES,
  DELIVERY_MODES,
  INFORMATION_KINDS,
  LANGUAGES,
  POST_FORMS,
  type PostForm,
  type PostFormValues,
  type PostInput,
  postInput,
  postRouting,
  WORKPLACES,
} from "../../src/common/posts";
import { ACTIVITY_CATEGORIES, type ActivitySelections, EXPERTISE_AREAS } from "../../src/common/profile";
import { SECTOR_CODES } from "../../src/common/sectors";
import { CONSULTATION_TYPES, EXPORT_SERVICES } from "../../src/common/services";
import { type MatchProfile, matchProfileFrom } from "../../src/server/domain/matching";
import { OFFER_RESPONSE_NOTIFICATION_TITLE, RESPONSE_NOTIFICATION_TITLE } from "../../src/server/domain/offers";
import { postFromForm } from "../../src/server/domain/posts";
import { prng } from "../../src/test/random";
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

/** The details of field B (Service Provision), B-1 to B-3 (profile.ts ACTIVITY_CATEGORIES). */
const B_DETAILS = ACTIVITY_CATEGORIES.B.details;

/** Posts of the membership board and of each other board. */
function shareOf(opts: SeedSize): { membership: number; perBoard: number } {
  if (opts.mix === "legacy") return { membership: opts.requests, perBoard: 0 };
  const perBoard = Math.round(opts.requests * 0.075);
  return { membership: opts.requests - perBoard * POST_FORMS.length, perBoard };
}

/** A validity in days from a uniform `r` (SQL): 7 10%, 14 15%, 30 45%, 60 15%, 90 15%. */
const validitySql = (r: string) =>
  `(case when ${r} < 0.1 then 7 when ${r} < 0.25 then 14 when ${r} < 0.7 then 30 when ${r} < 0.85 then 60 else 90 end)`;
/**
 * Status of a post that expires at `exp`: closed by the housekeeping sweep (`closeExpiredPosts`,
 * every 10 minutes) once expired, or by its owner (8%, `r` < 0.08); else active.
 */
const statusSql = (exp: string, r: string) =>
  `(case when ${exp} < now() - interval '10 minutes' or ${r} < 0.08 then 'closed' else 'active' end)::request_status`;
/** `closed_at` to match `statusSql`: the expiry (as the sweep writes), or a time before it (owner). */
const closedAtSql = (exp: string, r: string, created: string) =>
  `(case when ${exp} < now() - interval '10 minutes' then ${exp}
         when ${r} < 0.08 then ${created} + (least(${exp}, now()) - ${created}) * (${r} / 0.08) end)`;

const PHRASES = [
  "We are an established company with ten years of export work in the region.",
  "Our team has handled shipments to neighbouring markets and can share references.",
  "Please contact us with your terms, timeline and a short description of your experience.",
  "The work covers market entry, local partners and the paperwork at the border.",
  "We prefer partners who already work with buyers in the target country.",
  "Prices are indicative and depend on volume, delivery terms and payment method.",
  "A first call can be arranged this month; documents are available on request.",
];

/** `n` words of plausible text (whole phrases, cut to `n` words). */
function text(rng: ReturnType<typeof prng>, n: number): string {
  const words: string[] = [];
  while (words.length < n) words.push(...rng.pick(PHRASES).split(" "));
  return words.slice(0, n).join(" ");
}

/**
 * Seeds `perBoard` posts on each board but membership (ADR 16 step 3), the way the server writes
 * them: plausible form values checked with the form's own schema (`postFormSchemas`), turned into
 * columns by `postFromForm` and routed by `postRouting` with the product's and the poster's
 * sectors, as `createPost` does. Posters fit the form (recruitment requests by individuals,
 * positions by organizations; offers of export services mostly by providers); 90 days of data,
 * validities and closing as the membership requests. Runs on the seed's connection (`bm`).
 */
async function seedBoardPosts(sql: BenchSql, perBoard: number): Promise<void> {
  const rng = prng(4242);
  const members = await sql<{ id: string; user_type: string; activities: string[]; sectors: string[] }[]>`
    select p.user_id as id, p.user_type::text, p.activities::text[] as activities, p.industrial_sectors as sectors
    from profiles p join bm on bm.id = p.user_id order by bm.idx`;
  const allCountries = (await sql<{ code: string }[]>`select code from countries order by code`).map((r) => r.code);
  const productRows = await sql<{ id: number; sector: string }[]>`select id, sector from products order by id`;
  const productSector = new Map(productRows.map((p) => [p.id, p.sector]));
  const byActivity = (a: string) => members.filter((m) => m.activities.includes(a));
  const pools = {
    all: members,
    individuals: members.filter((m) => m.user_type === "individual"),
    organizations: members.filter((m) => m.user_type === "organization"),
    exporters: byActivity("exporter"),
    experts: byActivity("export_expert"),
    providers: byActivity("export_service_provider"),
  };
  const country = () => (rng.chance(0.6) ? rng.pick(POPULAR_COUNTRIES) : rng.pick(allCountries));
  const countryList = (min: number, max: number) => [
    ...new Set(Array.from({ length: min + rng.int(max - min + 1) }, country)),
  ];
  const sector = () => rng.pick(SECTOR_CODES);
  const product = () => rng.pick(productRows);
  const validityDays = () => {
    const r = rng.next();
    return r < 0.1 ? 7 : r < 0.25 ? 14 : r < 0.7 ? 30 : r < 0.85 ? 60 : 90;
  };
  const poster = (form: PostForm) => {
    switch (form) {
      case "recruitment.request":
        return rng.pick(pools.individuals);
      case "recruitment.offer":
        return rng.pick(pools.organizations);
      case "export_services.offer":
        return rng.pick(rng.chance(0.8) ? pools.providers : pools.all);
      case "export_services.request":
        return rng.pick(rng.chance(0.8) ? pools.exporters : pools.all);
      case "information.offer":
        return rng.pick(rng.chance(0.5) ? pools.experts : pools.all);
      default:
        return rng.pick(pools.all);
    }
  };
  const values = (form: PostForm): PostInput => {
    const base = { validityDays: validityDays() as 7 | 14 | 30 | 60 | 90, description: text(rng, 20 + rng.int(100)) };
    switch (form) {
      case "collaboration.request":
      case "collaboration.offer": {
        const p = rng.chance(0.6) ? product() : null;
        return {
          form,
          ...base,
          collaborationKind: rng.pick(COLLABORATION_KINDS),
          sector: (p?.sector ?? sector()) as PostFormValues<"collaboration.offer">["sector"],
          productId: p?.id ?? null,
          countries: countryList(1, 4),
          bring: text(rng, 10 + rng.int(40)),
          seek: text(rng, 10 + rng.int(40)),
        } as PostInput;
      }
      case "export_services.request": {
        const activityType = rng.pick(SERVICE_ACTIVITIES);
        const withCountry = rng.chance(0.6);
        return {
          form,
          ...base,
          description: text(rng, 8 + rng.int(20)),
          activityType,
          subActivity: rng.pick(SUB_ACTIVITIES[activityType]),
          countryCode: withCountry ? country() : null,
          sector: !withCountry || rng.chance(0.5) ? sector() : null,
          urgency: rng.chance(0.2) ? "urgent" : "normal",
        };
      }
      case "export_services.offer": {
        const activityType = rng.pick(SERVICE_ACTIVITIES);
        const priced = rng.chance(0.5);
        const min = 100 * (1 + rng.int(50));
        return {
          form,
          ...base,
          activityType,
          subActivity: rng.pick(SUB_ACTIVITIES[activityType]),
          sectors: rng.sample(SECTOR_CODES, rng.int(4)),
          countries: countryList(1, 5),
          delivery: rng.sample(DELIVERY_MODES, 1 + rng.int(2)),
          priceMin: priced ? min : null,
          priceMax: priced ? min * (1 + rng.int(4)) : null,
          currency: priced ? rng.pick(CURRENCIES) : null,
        };
      }
      case "information.request":
      case "information.offer": {
        const r = rng.next();
        const p = r < 0.3 ? product() : null;
        return {
          form,
          ...base,
          informationKind: rng.pick(INFORMATION_KINDS),
          productId: p?.id ?? null,
          countryCode: r >= 0.3 && r < 0.8 ? country() : rng.chance(0.3) ? country() : null,
          sector: r >= 0.8 ? sector() : null,
          attachmentUploadId: null,
        } as PostInput;
      }
      case "consultancy.request": {
        const inPerson = rng.chance(0.5);
        return {
          form,
          ...base,
          description: rng.chance(0.5) ? text(rng, 5 + rng.int(40)) : "",
          requestType: rng.pick(CONSULTATION_TYPES),
          exportService: rng.pick(EXPORT_SERVICES),
          inPerson,
          online: !inPerson || rng.chance(0.5),
          city: "Tehran",
          country: country(),
          sector: rng.chance(0.5) ? sector() : null,
          targetCountry: rng.chance(0.5) ? country() : null,
          startDate: null,
          finishDate: null,
        } as PostInput;
      }
      case "recruitment.request":
      case "recruitment.offer":
        return {
          form,
          ...base,
          expertiseArea: rng.pick(EXPERTISE_AREAS),
          employmentType: rng.pick(EMPLOYMENT_TYPES),
          years: rng.int(21),
          countries: countryList(1, 3),
          languages: rng.sample(LANGUAGES.slice(0, 6), 1 + rng.int(3)),
          ...(form === "recruitment.offer"
            ? { city: rng.chance(0.5) ? "Tehran" : "", workplace: rng.pick(WORKPLACES) }
            : {}),
        } as PostInput;
    }
  };
  const rows: Record<string, unknown>[] = [];
  for (const form of POST_FORMS) {
    for (let i = 0; i < perBoard; i++) {
      const m = poster(form);
      const parsed = postInput.parse(values(form));
      const post = postFromForm(parsed);
      // A consultation request reaches the providers of its matching services (ADR 17): here one
      // to three experts, as if each had an approved service that matched.
      if (form === "consultancy.request")
        post.routing = { ...post.routing, providerIds: rng.sample(pools.experts, 1 + rng.int(3)).map((e) => e.id) };
      const { area, kind } = boardParts(form);
      const routing = postRouting(form, {
        ...post.routing,
        productSector: post.productId != null ? (productSector.get(post.productId) ?? null) : null,
        posterSectors: m.sectors,
      });
      rows.push({
        user_id: m.id,
        area,
        kind,
        product_id: post.productId ?? null,
        target_country: post.targetCountry ?? null,
        sector: post.sector ?? null,
        activity_type: post.activityType ?? null,
        sub_activity: post.subActivity ?? null,
        description: post.description,
        urgency: post.urgency ?? "normal",
        ...routing,
        details: post.details ?? {},
        by_expert: m.activities.includes("export_expert"),
        age_s: rng.next() * 90 * 86_400,
        validity: post.validityDays ?? POST_VALIDITY_DEFAULT_DAYS,
        rx: rng.next(),
      });
    }
  }
  // Oldest first, so ids grow with time as in the app.
  rows.sort((a, b) => (b.age_s as number) - (a.age_s as number));
  for (let i = 0; i < rows.length; i += 2_500) {
    await sql.unsafe(
      `insert into posts (user_id, area, kind, product_id, target_country, sector, activity_type, sub_activity,
                          description, urgency, countries, sectors, reach, details, by_expert,
                          created_at, expires_at, status, closed_at)
       select x.user_id, x.area::post_area, x.kind::post_kind, x.product_id, x.target_country, x.sector,
              x.activity_type::service_activity, x.sub_activity, x.description, x.urgency::urgency,
              x.countries, x.sectors, x.reach, x.details, x.by_expert,
              t.ts, e.exp, ${statusSql("e.exp", "x.rx")}, ${closedAtSql("e.exp", "x.rx", "t.ts")}
       from json_to_recordset($1::json) as x(user_id uuid, area text, kind text, product_id int, target_country text,
              sector text, activity_type text, sub_activity text, description text, urgency text, countries text[],
              sectors text[], reach text[], details jsonb, by_expert boolean, age_s float8, validity int, rx float8)
       cross join lateral (select now() - make_interval(secs => x.age_s) as ts) t
       cross join lateral (select t.ts + make_interval(days => x.validity) as exp) e`,
      [JSON.stringify(rows.slice(i, i + 2_500))],
    );
  }
}

/** How much to seed. */
export interface SeedSize {
  members: number;
  /** Posts in all (the membership board's requests only with `mix: "legacy"`). */
  requests: number;
  /** "boards": 40% membership requests, 7.5% on each other board; "legacy": membership only, all active. */
  mix: string;
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
  if (opts.mix !== "boards" && opts.mix !== "legacy") throw new Error("--mix is boards or legacy");
  const legacy = opts.mix === "legacy";
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
             array(select sector from products order by id) as psec,
             array[${B_DETAILS.map((d) => `'${d.replace(/[^a-z0-9_]/g, "")}'`).join(",")}]::text[] as bdet`);
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
      // Activities 60% exporter, 20% export expert, 20% export service provider; a third of the
      // members are organizations. Individuals have expertise areas (experts always). Field of
      // activity (at most two main categories, details of the chosen ones only): exporters A
      // (sometimes D), experts C (sometimes B or D), providers B with 1–4 details over its
      // B-1/B-2/B-3 groups (sometimes A). Legacy mix: individuals 70%, no expertise, no field.
      await sql.unsafe(`
        with s as materialized (
          select bm.idx, bm.id, 1 + floor(random() * 5)::int as nc, 1 + floor(random() * 3)::int as ns,
                 random() as ra, random() as rt, random() as rp, random() as r1, random() as r2,
                 1 + floor(random() * 4)::int as nb, 1 + floor(random() * 2)::int as ne
          from bm
        ), t as (
          select s.*,
                 (case when s.ra < 0.6 then 'exporter' when s.ra < 0.8 then 'export_expert'
                       else 'export_service_provider' end) as act,
                 (case when ${legacy ? "s.rt < 0.7" : "s.rt < 2.0 / 3"} then 'individual' else 'organization' end) as utype
          from s
        ), u as (
          select t.*,
                 (case when t.act = 'exporter' then (case when t.r1 < 0.3 then array['A','D'] else array['A'] end)
                       when t.act = 'export_expert' then (case when t.r1 < 0.3 then array['C','B']
                                                               when t.r1 < 0.6 then array['C','D'] else array['C'] end)
                       else (case when t.r1 < 0.25 then array['B','A'] else array['B'] end) end) as main
          from t
        )
        insert into profiles (user_id, name, activities, user_type, approval_status, applied_at, reviewed_at,
                              tier, points, years_export_experience, target_countries, industrial_sectors,
                              expertise_areas, activity_selections)
        select u.id, 'Bench Member ' || u.idx, array[u.act::activity], u.utype::user_type,
               'approved', now() - interval '400 days', now() - interval '399 days',
               (case when u.rp < 0.75 then 'turquoise' when u.rp < 0.95 then 'silver' else 'gold' end)::tier,
               floor(u.rp * 500)::int, floor(u.rt * 20)::int,
               (select array_agg(distinct c) from (select ${pickCountry} as c from generate_series(1, u.nc)) q),
               (select array_agg(distinct x)
                  from (select ref.secs[1 + floor(random() * cardinality(ref.secs))::int] as x
                        from generate_series(1, u.ns)) q),
               ${
                 legacy
                   ? "'{}'::text[], '{\"mainCategories\": [], \"details\": {}}'::jsonb"
                   : `(case when u.utype = 'individual' and (u.act = 'export_expert' or u.r2 < 0.7)
                           then (select array_agg(e order by e) from (select e from unnest(array['marketing','legal','commercial']) e
                                                                        order by md5(e || u.idx) limit u.ne) q)
                           else '{}'::text[] end),
               jsonb_build_object('mainCategories', to_jsonb(u.main), 'details',
                 jsonb_strip_nulls(jsonb_build_object(
                   'A', case when 'A' = any(u.main) then to_jsonb(array[(case when u.r2 < 0.5 then 'regular' else 'infrequent' end)]) end,
                   'B', case when 'B' = any(u.main) then
                          (select to_jsonb(array_agg(d)) from (select d from unnest(ref.bdet) d order by md5(d || u.idx) limit u.nb) q) end,
                   'C', case when 'C' = any(u.main) then
                          (select to_jsonb(array_agg(d)) from (select d from unnest(array['marketing','legal','commercial']) d
                                                                order by md5(d || u.idx) limit u.ne) q) end,
                   'D', case when 'D' = any(u.main) then to_jsonb(array[(array['beginner','expert','manager'])[1 + floor(u.r2 * 3)::int]]) end)))`
               }
        from u cross join ref`);
    });
    const mix = shareOf(opts);
    await step(`${mix.membership} membership requests`, async () => {
      // 50% product form (sector copied from the product; country 30% of those), 30% country only,
      // 20% export-services form (chosen sector; country half the time). Legacy: all active,
      // expiring in 30 days (today's shape); else a validity over 90 days of data (statusSql).
      await sql.unsafe(`
        with x as materialized (
          select g, random() as rk, random() as rc, random() as rt, random() as ru, random() as rs,
                 (1 + floor(random() * ${opts.members}))::int as ui,
                 now() - random() * interval '90 days' as ts, random() as rv, random() as rx
          from generate_series(1, ${mix.membership}) g
        ), y as (
          select x.*, (1 + floor(random() * cardinality(ref.prods)))::int as pi,
                 (1 + floor(random() * cardinality(ref.secs)))::int as si,
                 (1 + floor(rt * 3))::int as ai,
                 ${pickCountry} as country,
                 ${legacy ? "now() + interval '30 days'" : `x.ts + make_interval(days => ${validitySql("x.rv")})`} as exp
          from x cross join ref
        )
        insert into posts (user_id, product_id, target_country, sector, request_type, activity_type,
                           sub_activity, description, urgency, status, created_at, area, kind, expires_at, closed_at)
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
               ${legacy ? "'active', y.ts, 'membership', 'request', y.exp, null" : `${statusSql("y.exp", "y.rx")}, y.ts, 'membership', 'request', y.exp, ${closedAtSql("y.exp", "y.rx", "y.ts")}`}
        from y cross join ref join bm on bm.idx = y.ui
        order by y.ts`);
    });
    if (mix.perBoard > 0) {
      await step(`${mix.perBoard} posts on each of ${POST_FORMS.length} other boards`, async () => {
        await seedBoardPosts(sql, mix.perBoard);
      });
    }
    await step("post index", async () => {
      await sql`
        create temp table rq as
        select row_number() over (order by id)::int as idx, id, user_id, created_at, kind from posts`;
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
        select r.requester_id, 'response_received',
               case when p.kind = 'offer' then ${OFFER_RESPONSE_NOTIFICATION_TITLE} else ${RESPONSE_NOTIFICATION_TITLE} end,
               r.id, random() < 0.9, r.created_at
        from post_responses r join posts p on p.id = r.post_id`;
    });
    await step("first response times", async () => {
      // As the response's transaction keeps it (domain/posts.ts; admin analytics).
      await sql`
        update posts set first_response_at = f.at
        from (select post_id, min(created_at) as at from post_responses group by post_id) f
        where f.post_id = posts.id`;
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
             (select count(*)::int from posts) as posts,
             (select count(*)::int from posts where status = 'active') as active_posts,
             (select count(*)::int from posts where status = 'active' and expires_at > now()) as active_unexpired,
             (select count(*)::int from posts where status = 'closed') as closed_posts,
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
             (select json_object_agg(a, n) from (select activities[1]::text as a, count(*) as n from profiles group by 1) q) as activities,
             (select json_object_agg(a, n) from (select user_type::text as a, count(*) as n from profiles group by 1) q) as user_types,
             (select json_object_agg(a, n) from (select coalesce(array_to_string(array(select jsonb_array_elements_text(activity_selections->'mainCategories')), '+'), '') as a,
                                                        count(*) as n from profiles group by 1) q) as main_categories,
             (select count(*)::int from profiles where cardinality(expertise_areas) > 0) as with_expertise
      from profiles`;
    const boards = await sql<{ board: string; posts: number; active: number; live: number; closed: number }[]>`
      select area || '.' || kind as board, count(*)::int as posts,
             count(*) filter (where status = 'active')::int as active,
             count(*) filter (where status = 'active' and expires_at > now())::int as live,
             count(*) filter (where status = 'closed')::int as closed
      from posts group by 1 order by 1`;
    return {
      seconds: round((performance.now() - t0) / 1000, 1),
      mix: legacy ? "legacy" : "boards",
      ...counts,
      boards: Object.fromEntries(boards.map(({ board, ...rest }) => [board, rest])),
      profileShape: shape,
    };
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

/**
 * The match profiles of `userIds`, read straight from the database and made by the server's own
 * `matchProfileFrom` (as `loadMatchProfile`: countries, sectors, request types and `memberTags`).
 */
export async function loadProfiles(sql: BenchSql, userIds: string[]): Promise<Map<string, MatchProfile>> {
  const rows = await sql<
    {
      user_id: string;
      countries: string[];
      sectors: string[];
      activities: string[];
      user_type: "individual" | "organization";
      expertise_areas: string[];
      activity_selections: ActivitySelections;
    }[]
  >`
    select user_id, target_countries as countries, industrial_sectors as sectors, activities::text[] as activities,
           user_type::text as user_type, expertise_areas, activity_selections
    from profiles where user_id = any(${userIds}::uuid[])`;
  const out = new Map<string, MatchProfile>();
  for (const r of rows) {
    out.set(
      r.user_id,
      matchProfileFrom(r.user_id, {
        targetCountries: r.countries,
        industrialSectors: r.sectors,
        activities: r.activities,
        userType: r.user_type,
        expertiseAreas: r.expertise_areas,
        activitySelections: r.activity_selections,
      }),
    );
  }
  return out;
}
