/**
 * Matching benchmark, phase 3: live badges with every subscriber on tRPC's own client, in
 * separate worker processes (`subscribers.ts`), and the server's RSS with them.
 *
 * a. "At scale": 2,000 subscribers, server RSS at idle; 20 memberRequests.submit mutations
 *    250 ms apart (every subscriber's badge is already at the 99+ cap, so none may change:
 *    checked), then --offer-events posts.create of an export-services offer (OFFER_BOARD; its
 *    counts are often below the cap), and 20 memberRequests.ignore by subscribers
 *    (member.changed → a recount at scale) with their latency.
 * b. "Fan-out": all but the newest requests closed so badges sit below the cap, 2,000
 *    subscribers again, an idle pause (16 s: the server's V8 heap shrinks while idle), 20
 *    submits 250 ms apart plus a few more after idle pauses; event-to-badge latency of every
 *    subscriber whose count changes (predicted with `postMatches`, and checked), measured
 *    from the NOTIFY as this process receives it (it LISTENs on the app's channel too), and
 *    also from the mutation's send and response; then --offer-events offers, each subscriber's
 *    `posts[OFFER_BOARD]` predicted with `postMatches` and checked the same way. All times are
 *    `now()` (CLOCK_MONOTONIC), the same clock in the workers. Posters take turns
 *    (`BenchMembers.posterIds`): a member may post 20 times a day (`RATE_LIMITS.post`).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { boardBadgeCap } from "../../src/common/constants";
import {
  BADGE_COUNT_CAP,
  REQUEST_TYPES,
  type RequestType,
  SERVICE_ACTIVITIES,
  SUB_ACTIVITIES,
} from "../../src/common/memberRequests";
import {
  BOARDS,
  type Board,
  type MatchablePost,
  type PostInput,
  postMatches,
  postRouting,
} from "../../src/common/posts";
import { SECTOR_CODES } from "../../src/common/sectors";
import type { MatchProfile } from "../../src/server/domain/matching";
import { EVENTS_CHANNEL } from "../../src/server/live/events";
import {
  type BenchServer,
  cpuTimeMs,
  logger,
  type MemoryFigures,
  memoryOf,
  now,
  onCleanup,
  round,
  type Summary,
  serverMemory,
  sleep,
  summarize,
} from "../harness";
import type { BenchSql } from "../pg-sql";
import { type BenchMembers, httpRequest, RECEIVED_PATH, type ReceivedPage, trpcData } from "./queries";
import { createSessions, loadProfiles, POPULAR_COUNTRIES } from "./seed";
import { type Arrival, type Sub, SubscriberPool } from "./subscribers";
import type { Link } from "./worker";

const log = logger("bench:matching");

/** Targets of issue #12 for live badges (issue #4 had 50 ms with most subscribers on bare sockets). */
export const LIVE_TARGETS = { badgeP95Ms: 100, rssMB: 300 };

export interface LiveOptions {
  subscribers: number;
  workers: number;
  link: Link;
  events: number;
  eventGapMs: number;
  idleS: number;
  idleEvents: number;
  fanoutActive: number;
  wsConcurrency: number;
  /** Skip phase a (at scale) and go straight to the fan-out. */
  skipAtScale: boolean;
  /** Posts on OFFER_BOARD (`posts.create`) in each phase, after the membership requests. */
  offerEvents: number;
}

/** The non-membership board the live phase posts on (ADR 16 step 3). */
export const OFFER_BOARD: Board = "export_services.offer";
const MEMBERSHIP: Board = "membership.request";

/** A subscriber's count of `board` in one value. */
const countOf = (a: Arrival, board: Board) => a.posts[BOARDS.indexOf(board)] as number;

/** Who posts: the members of `BenchMembers.posterIds` in turn (20 posts a day each, `RATE_LIMITS.post`). */
interface Posters {
  next(): { userId: string; cookie: string };
  /** Posts sent by each poster. */
  used: Map<string, number>;
}

export interface SentEvent {
  index: number;
  kind: "afterIdle" | "burst";
  tSend: number;
  tResp: number;
  /** When this process, LISTENing on the app's channel itself, received the NOTIFY (≈ commit). */
  tNotify: number | null;
  mutationMs: number;
  requestId: number;
  board: Board;
  event: MatchablePost;
}

async function submitRequest(
  origin: string,
  poster: { userId: string; cookie: string },
  index: number,
  kind: SentEvent["kind"],
  productSectors: Map<number, string>,
  productIds: number[],
  countryCodes: string[],
): Promise<SentEvent> {
  const requestType = REQUEST_TYPES[index % REQUEST_TYPES.length] as RequestType;
  const withProduct = index % 2 === 0;
  const productId = withProduct ? (productIds[(index * 37) % productIds.length] as number) : null;
  const countryCode = !withProduct || index % 4 === 0 ? (countryCodes[index % countryCodes.length] as string) : null;
  const body = JSON.stringify({
    productId,
    countryCode,
    requestType,
    description: `Benchmark request ${index}: looking for partners in this market.`,
    urgency: "normal",
  });
  const tSend = now();
  const res = await httpRequest(
    origin,
    "POST",
    "/trpc/memberRequests.submit",
    { "content-type": "application/json", origin, cookie: poster.cookie },
    body,
  );
  const tResp = now();
  const data = trpcData<{ id: number }>(res, "memberRequests.submit");
  return {
    index,
    kind,
    tSend,
    tResp,
    tNotify: null,
    mutationMs: round(tResp - tSend),
    requestId: data.id,
    board: MEMBERSHIP,
    event: {
      userId: poster.userId,
      targetCountry: countryCode,
      sector: productId !== null ? (productSectors.get(productId) ?? null) : null,
      requestType,
      countries: [],
      sectors: [],
      reach: [],
    },
  };
}

/**
 * Posts an export-services offer through `posts.create` (the form's own input), serving two
 * popular countries and one sector; its routing (`postRouting`) is what `postMatches` predicts
 * with, as the server's hub does.
 */
async function createOffer(
  origin: string,
  poster: { userId: string; cookie: string },
  index: number,
  kind: SentEvent["kind"],
): Promise<SentEvent> {
  const n = POPULAR_COUNTRIES.length;
  const countries = [POPULAR_COUNTRIES[index % n], POPULAR_COUNTRIES[(index + 7) % n]] as string[];
  const sectors = [SECTOR_CODES[index % SECTOR_CODES.length]] as string[];
  const activityType = SERVICE_ACTIVITIES[index % SERVICE_ACTIVITIES.length] as (typeof SERVICE_ACTIVITIES)[number];
  const input = {
    form: "export_services.offer",
    validityDays: 30,
    activityType,
    subActivity: SUB_ACTIVITIES[activityType][0] as string,
    sectors,
    countries,
    delivery: ["remote"],
    priceMin: 500,
    priceMax: 1500,
    currency: "USD",
    description: `Benchmark offer ${index}: market research and partner search in these markets, remote.`,
  } as PostInput;
  const tSend = now();
  const res = await httpRequest(
    origin,
    "POST",
    "/trpc/posts.create",
    { "content-type": "application/json", origin, cookie: poster.cookie },
    JSON.stringify(input),
  );
  const tResp = now();
  const data = trpcData<{ id: number }>(res, "posts.create");
  return {
    index,
    kind,
    tSend,
    tResp,
    tNotify: null,
    mutationMs: round(tResp - tSend),
    requestId: data.id,
    board: OFFER_BOARD,
    event: {
      userId: poster.userId,
      targetCountry: null,
      sector: null,
      requestType: null,
      ...postRouting(OFFER_BOARD, { countries, sectors }),
    },
  };
}

/**
 * Matches each subscriber's updates of `board`'s count (values where that count moved) to the
 * events predicted to reach it (`postMatches`, below the cap; every event is on `board`), in order: the k-th predicted event is delivered by the first update whose count
 * reaches base + k. When the hub coalesced (the server had not sent the previous value yet), one
 * update delivers several events (`coalesced`). Latency is measured from the NOTIFY (the event),
 * and also from the mutation's send and response.
 */
function attribute(subs: Sub[], board: Board, events: SentEvent[], windowStart: number, windowEnd: number) {
  const fromNotify: number[] = [];
  const fromResponse: number[] = [];
  const fromSend: number[] = [];
  const perEvent = events.map(() => ({ updated: 0, predicted: 0, latencies: [] as number[] }));
  let unexpected = 0;
  let missing = 0;
  let coalesced = 0;
  let updatesSeen = 0;
  let otherValues = 0;
  for (const s of subs) {
    const before = s.arrivals.filter((a) => a.t < windowStart);
    const prior = before[before.length - 1];
    if (prior === undefined) continue;
    const base = countOf(prior, board);
    let prev = base;
    const updates: { t: number; requests: number }[] = [];
    for (const a of s.arrivals) {
      if (a.t < windowStart || a.t > windowEnd) continue;
      const c = countOf(a, board);
      if (c !== prev) updates.push({ t: a.t, requests: c });
      else otherValues++;
      prev = c;
    }
    updatesSeen += updates.length;
    const predicted: number[] = [];
    let count = base;
    for (const [k, e] of events.entries()) {
      if (count < boardBadgeCap(board) && postMatches(board, s.profile, e.event)) {
        predicted.push(k);
        count++;
      }
    }
    for (const k of predicted) (perEvent[k] as { predicted: number }).predicted++;
    // Updates that are not the next step of the expected sequence: a repeated or out-of-range count.
    let last = base;
    for (const u of updates) {
      if (u.requests <= last || u.requests > base + predicted.length) unexpected++;
      else last = u.requests;
    }
    let ui = 0;
    for (const [j, k] of predicted.entries()) {
      const target = base + j + 1;
      while (ui < updates.length && (updates[ui] as { requests: number }).requests < target) ui++;
      const u = updates[ui];
      if (!u) {
        missing++;
        continue;
      }
      if (u.requests > target) coalesced++;
      const e = events[k] as SentEvent;
      fromResponse.push(u.t - e.tResp);
      fromSend.push(u.t - e.tSend);
      const pe = perEvent[k] as { updated: number; latencies: number[] };
      pe.updated++;
      if (e.tNotify !== null) {
        fromNotify.push(u.t - e.tNotify);
        pe.latencies.push(u.t - e.tNotify);
      }
    }
  }
  return {
    latencyFromNotifyMs: summarize(fromNotify),
    latencyFromMutationSendMs: summarize(fromSend),
    latencyFromMutationResponseMs: summarize(fromResponse),
    arrivedBeforeMutationResponse: fromResponse.filter((l) => l < 0).length,
    byKind: Object.fromEntries(
      (["afterIdle", "burst"] as const).map((kind) => [
        kind,
        summarize(
          events.flatMap((e, k) => (e.kind === kind ? (perEvent[k] as { latencies: number[] }).latencies : [])),
        ),
      ]),
    ),
    board,
    subscribersUpdatedPerEvent: summarize(perEvent.map((p) => p.updated)),
    updatesReceived: updatesSeen,
    valuesWithoutAChangeOfThisBoard: otherValues,
    unexpectedUpdates: unexpected,
    missingUpdates: missing,
    eventsDeliveredByACoalescedUpdate: coalesced,
    eventsWithoutNotify: events.filter((e) => e.tNotify === null).length,
    perEvent: events.map((e, k) => {
      const pe = perEvent[k] as { updated: number; predicted: number; latencies: number[] };
      const s = summarize(pe.latencies);
      return {
        index: e.index,
        kind: e.kind,
        type: e.event.requestType,
        country: e.event.targetCountry,
        sector: e.event.sector,
        mutationMs: e.mutationMs,
        notifyAfterSendMs: e.tNotify === null ? null : round(e.tNotify - e.tSend),
        predicted: pe.predicted,
        updated: pe.updated,
        p50: s?.p50 ?? null,
        p95: s?.p95 ?? null,
        max: s?.max ?? null,
      };
    }),
  };
}

/**
 * The board counts (BOARDS order; -1: any) each subscriber should show once `events` after
 * `windowStart` reached it (capped), for the boards of `events`.
 */
function expectedBadges(subs: Sub[], events: SentEvent[], windowStart: number): number[][] {
  return subs.map((s) => {
    const before = s.arrivals.filter((a) => a.t < windowStart);
    const prior = before[before.length - 1];
    const targets = BOARDS.map(() => -1);
    if (!prior) return targets;
    for (const board of new Set(events.map((e) => e.board))) {
      let count = countOf(prior, board);
      for (const e of events)
        if (e.board === board && count < boardBadgeCap(board) && postMatches(board, s.profile, e.event)) count++;
      targets[BOARDS.indexOf(board)] = count;
    }
    return targets;
  });
}

function initialCounts(subs: Sub[]) {
  const first = subs.map((s) => s.arrivals[0]?.requests).filter((n): n is number => n !== undefined);
  const firstOffer = subs.flatMap((s) => (s.arrivals[0] ? [countOf(s.arrivals[0], OFFER_BOARD)] : []));
  return {
    requestsBadge: summarize(first),
    atCap: first.filter((n) => n >= BADGE_COUNT_CAP).length,
    offerBoard: {
      board: OFFER_BOARD,
      badge: summarize(firstOffer),
      atCap: firstOffer.filter((n) => n >= boardBadgeCap("export_services.offer")).length,
    },
    connectToFirstValueMs: summarize(
      subs.filter((s) => s.firstAt !== null).map((s) => (s.firstAt as number) - s.openedAt),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// The phase

/**
 * Phases a and b (see the module comment) on the server at `server.origin`. Writes its figures
 * into `result.liveBadges` and returns the headline ones: the fan-out's latency from the NOTIFY
 * and the server's RSS at idle with every subscriber connected.
 */
export async function measureLive(
  sql: BenchSql,
  server: BenchServer,
  members: BenchMembers,
  opts: LiveOptions,
  result: Record<string, unknown>,
): Promise<{
  latency: Summary | null;
  byKind: Record<string, Summary | null>;
  offerBoardLatency: Summary | null;
  memIdle: MemoryFigures | null;
  serverCpuUsPerUpdate: number | null;
}> {
  const live: Record<string, unknown> = { link: opts.link, workers: opts.workers };
  result.liveBadges = live;
  const origin = server.origin;
  const memory = () => serverMemory(server);
  const subscriberRows = await sql<{ user_id: string }[]>`
    select user_id from profiles
    where approval_status = 'approved' and user_id <> ${members.typicalId}
      and user_id <> all(${members.posterIds}::uuid[])
    order by md5(user_id::text || 'ws') limit ${opts.subscribers}`;
  const subscriberIds = subscriberRows.map((r) => r.user_id);
  const subCookies = await createSessions(sql, subscriberIds);
  const posterCookies = await createSessions(sql, members.posterIds);
  let posterTurn = 0;
  const posters: Posters = {
    used: new Map(members.posterIds.map((id) => [id, 0])),
    next() {
      const userId = members.posterIds[posterTurn++ % members.posterIds.length] as string;
      this.used.set(userId, (this.used.get(userId) ?? 0) + 1);
      return { userId, cookie: posterCookies.get(userId) as string };
    },
  };
  const profiles = await loadProfiles(sql, subscriberIds);
  const memberList = subscriberIds.map((id) => ({
    userId: id,
    cookie: subCookies.get(id) as string,
    profile: profiles.get(id) as MatchProfile,
  }));
  const productRows = await sql<{ id: number; sector: string }[]>`select id, sector from products order by id`;
  const productSectors = new Map(productRows.map((p) => [p.id, p.sector]));
  const productIds = productRows.map((p) => p.id);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let eventIndex = 0;
  const submit = (kind: SentEvent["kind"]) =>
    submitRequest(origin, posters.next(), eventIndex++, kind, productSectors, productIds, POPULAR_COUNTRIES);
  let offerIndex = 0;
  /** `opts.offerEvents` posts on OFFER_BOARD, `opts.eventGapMs` apart. */
  const postOffers = async (): Promise<SentEvent[]> => {
    const out: SentEvent[] = [];
    for (let i = 0; i < opts.offerEvents; i++) {
      out.push(await createOffer(origin, posters.next(), offerIndex++, i === 0 ? "afterIdle" : "burst"));
      await sleep(opts.eventGapMs);
    }
    return out;
  };

  // This process LISTENs on the app's channel too: the NOTIFY marks the event (≈ the commit).
  const notified: { t: number; type: string; postId?: number; userIds?: string[] }[] = [];
  const listener = await sql.listen(EVENTS_CHANNEL, (payload) => {
    const t = now();
    try {
      const e = JSON.parse(payload) as { type: string; postId?: number; userIds?: string[] };
      notified.push({ t, ...e });
    } catch {
      // not JSON: not ours
    }
  });
  onCleanup(async () => {
    try {
      await listener.unlisten();
    } catch {
      // connection already closed
    }
  });
  const stampNotify = (events: SentEvent[]) => {
    for (const e of events) {
      e.tNotify = notified.find((n) => n.type === "post.created" && n.postId === e.requestId)?.t ?? null;
    }
  };

  log(`starting ${opts.workers} subscriber processes…`);
  const pool = await SubscriberPool.start(opts.workers);
  onCleanup(() => pool.stop());
  const memBefore = await memory();

  // a. At scale.
  let memIdle: MemoryFigures | null = null;
  if (!opts.skipAtScale) {
    log(`live badges at scale: opening ${memberList.length} subscribers (${opts.wsConcurrency} at a time)…`);
    const a = await pool.open(origin, opts.link, memberList, opts.wsConcurrency);
    log("  idle 5 s…");
    await sleep(5_000);
    memIdle = await memory();
    log(
      `  server RSS ${memBefore?.rssMB} MB → ${memIdle?.rssMB} MB with ${memberList.length} subscribers ` +
        `(after a forced GC: ${memIdle?.afterGc?.rssMB ?? "n/a"} MB, heap ${memIdle?.afterGc?.heapUsedMB ?? "n/a"} MB)`,
    );
    const atScaleEvents: SentEvent[] = [];
    const windowA = now();
    loop.enable();
    for (let i = 0; i < opts.events; i++) {
      atScaleEvents.push(await submit("burst"));
      await sleep(opts.eventGapMs);
    }
    await sleep(2_000);
    const windowAEnd = now();
    await pool.collect();
    stampNotify(atScaleEvents);
    // Posts on a non-membership board: its counts are below the cap for many subscribers.
    const windowAO = now();
    const atScaleOffers = await postOffers();
    await sleep(2_000);
    const windowAOEnd = now();
    await pool.collect();
    stampNotify(atScaleOffers);
    // member.changed for one subscriber at a time: a recount at scale.
    const targets = a.subs.flatMap((s, i) => (s.firstAt !== null ? [i] : [])).slice(0, opts.events);
    const recountFromNotify: number[] = [];
    const recountFromResponse: number[] = [];
    const recountFromSend: number[] = [];
    let recountMissing = 0;
    for (const i of targets) {
      const s = a.subs[i] as Sub;
      // A request routed to this subscriber (ignore answers NOT_FOUND for any other).
      const received = trpcData<ReceivedPage>(
        await httpRequest(origin, "GET", RECEIVED_PATH, { cookie: s.cookie }),
        "memberRequests.received",
      );
      const req = received.items[0];
      if (!req) continue;
      let tSend = 0;
      let tResp = 0;
      const got = await pool.nextValueOf(
        i,
        async () => {
          tSend = now();
          const res = await httpRequest(
            origin,
            "POST",
            "/trpc/memberRequests.ignore",
            { "content-type": "application/json", origin, cookie: s.cookie },
            JSON.stringify({ requestId: Number(req.id) }),
          );
          tResp = now();
          trpcData(res, "memberRequests.ignore");
        },
        5_000,
      );
      if (got !== null) {
        const n = notified.find((x) => x.type === "member.changed" && x.t >= tSend && x.userIds?.includes(s.userId));
        if (n) recountFromNotify.push(got - n.t);
        recountFromResponse.push(got - tResp);
        recountFromSend.push(got - tSend);
      } else recountMissing++;
      await sleep(opts.eventGapMs);
    }
    loop.disable();
    await pool.collect();
    const attributionA = attribute(a.subs, MEMBERSHIP, atScaleEvents, windowA, windowAEnd);
    const attributionAO = attribute(a.subs, OFFER_BOARD, atScaleOffers, windowAO, windowAOEnd);
    live.atScale = {
      subscribers: a.subs.length,
      openSeconds: a.seconds,
      failedToOpen: a.failed,
      ...initialCounts(a.subs),
      requestCreated: {
        events: atScaleEvents.length,
        note: "a badge at the 99+ cap does not move on a new request (the server keeps `requests < BADGE_COUNT_CAP`)",
        subscribersUpdated: attributionA.subscribersUpdatedPerEvent,
        latencyFromNotifyMs: attributionA.latencyFromNotifyMs,
        unexpectedUpdates: attributionA.unexpectedUpdates,
        missingUpdates: attributionA.missingUpdates,
        submitMutationMs: summarize(atScaleEvents.map((e) => e.mutationMs)),
      },
      offerCreated: {
        board: OFFER_BOARD,
        events: atScaleOffers.length,
        note: "posts.create of an export-services offer; each subscriber's posts[board] predicted with postMatches",
        subscribersUpdated: attributionAO.subscribersUpdatedPerEvent,
        latencyFromNotifyMs: attributionAO.latencyFromNotifyMs,
        byKind: attributionAO.byKind,
        unexpectedUpdates: attributionAO.unexpectedUpdates,
        missingUpdates: attributionAO.missingUpdates,
        eventsDeliveredByACoalescedUpdate: attributionAO.eventsDeliveredByACoalescedUpdate,
        createMutationMs: summarize(atScaleOffers.map((e) => e.mutationMs)),
        perEvent: attributionAO.perEvent,
      },
      memberChangedRecount: {
        events: targets.length,
        note:
          "memberRequests.ignore by a subscriber → member.changed → session check + match profile + capped count " +
          "at scale → the new value to that one subscriber",
        latencyFromNotifyMs: summarize(recountFromNotify),
        latencyFromMutationResponseMs: summarize(recountFromResponse),
        latencyFromMutationSendMs: summarize(recountFromSend),
        missing: recountMissing,
      },
      benchEventLoopDelayMs: { p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
      subscriberErrors: a.subs.reduce((n, s) => n + s.errors.length, 0),
      firstErrors: a.subs.flatMap((s) => s.errors).slice(0, 5),
      unexpectedCloses: a.subs.reduce((n, s) => n + s.closes, 0),
    };
    log("  closing subscribers…");
    await pool.closeAll();
    loop.reset();
    await sleep(3_000);
    live.memory = {
      beforeSubscribers: memBefore,
      idleWithSubscribers: memIdle,
      afterClosingThem: await memory(),
      perSubscriberKB: {
        rss:
          memBefore && memIdle
            ? round(((memIdle.rssMB - memBefore.rssMB) * 1024) / Math.max(1, memberList.length), 1)
            : null,
        heapAfterGc:
          memBefore?.afterGc && memIdle?.afterGc
            ? round(
                ((memIdle.afterGc.heapUsedMB - memBefore.afterGc.heapUsedMB) * 1024) / Math.max(1, memberList.length),
                1,
              )
            : null,
      },
      note:
        "raw VmRSS read first; afterGc = after a full GC forced through the server's inspector. " +
        "afterSecondRoundClosed: after the fan-out round (2,000 more connections) closed too — heap growth " +
        "between the two 'closed' figures is what each round of connections leaves behind",
    };
  }

  // b. Fan-out below the cap.
  log(`live badges fan-out: closing all but the newest ${opts.fanoutActive} posts…`);
  // The ids closed here are kept in a table, so that only they are reopened afterwards (the seed
  // has closed posts of its own).
  await sql`drop table if exists bench_fanout_closed`;
  await sql`
    create table bench_fanout_closed as
    select id from posts
    where status = 'active'
      and id not in (select id from posts where status = 'active'
                     order by created_at desc limit ${opts.fanoutActive})`;
  await sql`update posts set status = 'closed' where id in (select id from bench_fanout_closed)`;
  await sql`vacuum analyze posts`;
  await sql`update sessions set last_active_at = now()`;
  log(`  opening ${memberList.length} subscribers…`);
  const b = await pool.open(origin, opts.link, memberList, opts.wsConcurrency);
  log(`  idle ${opts.idleS} s…`);
  await sleep(opts.idleS * 1000);
  const memIdleB = opts.skipAtScale ? await memory() : memoryOf(server.pid);
  if (opts.skipAtScale) memIdle = memIdleB as MemoryFigures | null;
  const fanEvents: SentEvent[] = [];
  await pool.collect();
  const cpuBefore = { server: cpuTimeMs(server.pid), workers: pool.cpuMs() };
  const windowB = now();
  loop.enable();
  for (let i = 0; i < opts.events; i++) {
    fanEvents.push(await submit(i === 0 ? "afterIdle" : "burst"));
    await sleep(opts.eventGapMs);
  }
  for (let i = 0; i < opts.idleEvents; i++) {
    log(`  idle ${opts.idleS} s before event ${fanEvents.length + 1}…`);
    await sleep(opts.idleS * 1000);
    fanEvents.push(await submit("afterIdle"));
  }
  const settled = await pool.settle(expectedBadges(b.subs, fanEvents, windowB), 30_000);
  await sleep(500);
  await pool.collect();
  loop.disable();
  const cpuAfter = { server: cpuTimeMs(server.pid), workers: pool.cpuMs() };
  const memAfterB = memoryOf(server.pid);
  stampNotify(fanEvents);
  const attributionB = attribute(b.subs, MEMBERSHIP, fanEvents, windowB, now());
  // Then posts on a non-membership board, each subscriber's posts[board] predicted with postMatches.
  log(`  ${opts.offerEvents} posts on ${OFFER_BOARD}…`);
  const windowBO = now();
  const fanOffers = await postOffers();
  const settledOffers = await pool.settle(expectedBadges(b.subs, fanOffers, windowBO), 30_000);
  await sleep(500);
  await pool.collect();
  stampNotify(fanOffers);
  const attributionBO = attribute(b.subs, OFFER_BOARD, fanOffers, windowBO, now());
  const perUpdateUs = (ms: number | null) =>
    ms === null ? null : round((ms * 1000) / Math.max(1, attributionB.updatesReceived), 1);
  const serverCpuMs = cpuBefore.server !== null && cpuAfter.server !== null ? cpuAfter.server - cpuBefore.server : null;
  const workersCpuMs = cpuAfter.workers - cpuBefore.workers;
  live.fanOut = {
    subscribers: b.subs.length,
    activeRequests: opts.fanoutActive,
    openSeconds: b.seconds,
    failedToOpen: b.failed,
    ...initialCounts(b.subs),
    serverMemoryIdle: memIdleB,
    serverMemoryAfterEvents: memAfterB,
    events: fanEvents.length,
    eventGapMs: opts.eventGapMs,
    settleAfterLastEventMs: settled.ms,
    settled: settled.settled,
    submitMutationMs: summarize(fanEvents.map((e) => e.mutationMs)),
    ...attributionB,
    cpu: {
      serverMs: serverCpuMs,
      subscriberWorkersMs: round(workersCpuMs, 1),
      serverUsPerUpdate: perUpdateUs(serverCpuMs),
      subscriberWorkersUsPerUpdate: perUpdateUs(workersCpuMs),
      note:
        "CPU time (user + system) used during the fan-out window — events, idle pauses and settling — by the " +
        "server (/proc, 10 ms ticks; includes the submit mutations and background work) and by all subscriber " +
        "workers (process.cpuUsage), divided by the badge updates received. Unlike latency, it hardly depends " +
        "on how busy the rest of the machine is.",
    },
    benchEventLoopDelayMs: { p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
    offerCreated: {
      events: fanOffers.length,
      settled: settledOffers.settled,
      settleAfterLastEventMs: settledOffers.ms,
      createMutationMs: summarize(fanOffers.map((e) => e.mutationMs)),
      ...attributionBO,
      note:
        "posts.create of an export-services offer after the membership events (not in the cpu figures above); " +
        "each subscriber's posts[board] predicted with postMatches and checked",
    },
    posts: Object.fromEntries(posters.used),
    subscriberErrors: b.subs.reduce((n, s) => n + s.errors.length, 0),
    firstErrors: b.subs.flatMap((s) => s.errors).slice(0, 5),
    unexpectedCloses: b.subs.reduce((n, s) => n + s.closes, 0),
    note:
      "latency = badge value handed over by tRPC's client in a worker process − NOTIFY received in the bench " +
      "process (it LISTENs on the app's channel), both on CLOCK_MONOTONIC. afterIdle events follow an idle pause " +
      "of --idle-s (the server's heap has shrunk); burst events come --event-gap-ms apart. The server's badge hub " +
      "checks each new request in memory (no query). The fan-out runs on the server's event loop and delays the " +
      "submitter's own HTTP response, hence negative latencies from the response. Server, Postgres, the bench " +
      "and its subscriber workers share the machine's cores.",
  };
  log("  closing subscribers…");
  await pool.closeAll();
  // Reopen what the fan-out closed, so a kept database serves the next run as seeded.
  await sql`update posts set status = 'active' where id in (select id from bench_fanout_closed)`;
  await sql`drop table bench_fanout_closed`;
  await sql`vacuum analyze posts`;
  await sleep(3_000);
  if (live.memory) (live.memory as Record<string, unknown>).afterSecondRoundClosed = await memory();
  else live.memory = { beforeSubscribers: memBefore, idleWithSubscribers: memIdle, afterClosingThem: await memory() };
  await pool.stop();
  return {
    latency: attributionB.latencyFromNotifyMs,
    offerBoardLatency: attributionBO.latencyFromNotifyMs,
    byKind: attributionB.byKind,
    memIdle,
    serverCpuUsPerUpdate: perUpdateUs(serverCpuMs),
  };
}
