/**
 * Posts: requests and offers of every service area on one engine (issue #14; ADR 16,
 * docs/decisions/0016-service-area-posts.md). Member requests are the membership board's posts
 * (domain/memberRequests.ts maps their forms here).
 *
 * - `createPost`, the one writer: reference checks, routing columns, expiry, `post.created` in the
 *   same transaction.
 * - `listReceivedPosts` / `countAllReceived`: one SQL predicate per board (`boardPredicate`) for
 *   the list and the capped badge count; every board's count in ONE prepared statement.
 * - `respondToPost`, `ignorePost`: checked with the board's predicate, so a post not shown to the
 *   member is the same NOT_FOUND whatever the reason.
 * - `listMyPosts`, `closePost`, `closeExpiredPosts`: the author's side.
 */
import { and, desc, eq, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { boardBadgeCap, POST_VALIDITY_DEFAULT_DAYS, type PostArea, RATE_LIMITS } from "../../common/constants";
import type { RequestType, ServiceActivity } from "../../common/memberRequests";
import { Msg, type MsgText } from "../../common/messages";
import {
  BOARDS,
  type Board,
  boardOf,
  boardParts,
  canMatch,
  type myPostsInput,
  type PostDetails,
  type PostFormValues,
  type PostRoutingInput,
  type PostValues,
  postRouting,
  type receivedPostsInput,
  type respondPostInput,
} from "../../common/posts";
import type { ServiceFilter } from "../../common/services";
import { hitRateLimit } from "../auth/rate-limit";
import { type Db, type DbOrTx, walkingDb } from "../db/client";
import { perDatabase } from "../db/prepared";
import { countries, postArchives, postResponses, posts, products, profiles, uploads } from "../db/schema";
import { publish } from "../live/events";
import { DomainError, tooManyRequests } from "./errors";
import { boardPredicate, loadMatchProfile, type MatchArgs, type MatchProfile, matchPlaceholders } from "./matching";
import { type MailLinks, notify } from "./notifications";
import { matchingProviders } from "./services";

/** A post to store: its board, the columns its form fills, and what routing reads (ADR 16). */
export interface NewPost {
  board: Board;
  productId?: number | null;
  /** The single target country of boards that have one (membership, export-services request, information). */
  targetCountry?: string | null;
  /** The single sector (membership's routing sector; export-services request; information). */
  sector?: string | null;
  requestType?: RequestType | null;
  activityType?: ServiceActivity | null;
  subActivity?: string | null;
  /** Only Request Help gives a title. */
  title?: string | null;
  description: string;
  urgency?: "normal" | "urgent";
  details?: PostDetails;
  /** Days the post stays in received lists (default POST_VALIDITY_DEFAULT_DAYS). */
  validityDays?: number;
  attachmentUploadId?: string | null;
  /** What `postRouting` reads besides the product's sector and the poster's sectors. */
  routing?: Omit<PostRoutingInput, "productSector" | "posterSectors">;
}

/**
 * The one writer of posts (every form, Request Help): checks every country and the product
 * against the reference lists and the attachment against the poster's uploads, copies the
 * product's sector, writes the routing columns (`postRouting`), `by_expert` and `expires_at`,
 * and publishes `post.created` in the same transaction. Given an open transaction, the post is
 * part of that larger write (Request Help's quota).
 * @throws DomainError BAD_REQUEST for an unknown country, product or attachment.
 */
export async function createPost(db: DbOrTx, userId: string, post: NewPost): Promise<{ id: number }> {
  const { area, kind } = boardParts(post.board);
  const named = [
    ...new Set([
      ...(post.targetCountry ? [post.targetCountry] : []),
      ...(post.details?.country ? [post.details.country] : []),
      ...(post.routing?.countries ?? []),
    ]),
  ];
  if (named.length) {
    const found = await db.select({ code: countries.code }).from(countries).where(inArray(countries.code, named));
    if (found.length !== named.length) throw new DomainError("BAD_REQUEST", Msg.invalidCountry);
  }
  let productSector: string | null = null;
  if (post.productId != null) {
    const [p] = await db.select({ sector: products.sector }).from(products).where(eq(products.id, post.productId));
    if (!p) throw new DomainError("BAD_REQUEST", Msg.invalidProduct);
    productSector = p.sector;
  }
  if (post.attachmentUploadId) {
    const [u] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          eq(uploads.id, post.attachmentUploadId),
          eq(uploads.ownerId, userId),
          eq(uploads.purpose, "post_attachment"),
        ),
      );
    if (!u) throw new DomainError("BAD_REQUEST", Msg.uploadInvalidFile);
  }
  const [poster] = await db
    .select({ activities: profiles.activities, sectors: profiles.industrialSectors })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  // The membership board routes by its scalar sector: the product's when a product is named.
  const sector = area === "membership" ? (productSector ?? post.sector ?? null) : (post.sector ?? null);
  const routing = postRouting(post.board, {
    ...post.routing,
    productSector,
    posterSectors: poster?.sectors ?? [],
  });
  const validityDays = post.validityDays ?? POST_VALIDITY_DEFAULT_DAYS;
  // Inside a caller's transaction this is a savepoint: the post and its event commit with it.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        userId,
        area,
        kind,
        productId: post.productId ?? null,
        targetCountry: post.targetCountry ?? null,
        sector,
        requestType: post.requestType ?? null,
        activityType: post.activityType ?? null,
        subActivity: post.subActivity ?? null,
        title: post.title ?? null,
        description: post.description,
        urgency: post.urgency ?? "normal",
        ...routing,
        details: post.details ?? {},
        byExpert: (poster?.activities ?? []).includes("export_expert"),
        attachmentUploadId: post.attachmentUploadId ?? null,
        expiresAt: sql`now() + make_interval(days => ${validityDays})`,
      })
      .returning({ id: posts.id });
    if (!row) throw new Error("post not inserted");
    await publish(tx, {
      type: "post.created",
      postId: row.id,
      userId,
      board: post.board,
      targetCountry: post.targetCountry ?? null,
      sector,
      requestType: post.requestType ?? null,
      ...routing,
    });
    return row;
  });
}

/**
 * The `NewPost` of a service-area form (`posts.create`; ADR 16 "Columns or details"): routed
 * fields go to columns, display-only ones to `details`.
 */
export function postFromForm(v: PostValues): NewPost {
  const base = { board: v.form, validityDays: v.validityDays, description: v.description } as const;
  switch (v.form) {
    case "collaboration.request":
    case "collaboration.offer":
      return {
        ...base,
        productId: v.productId,
        sector: v.sector,
        details: { collaborationKind: v.collaborationKind, bring: v.bring, seek: v.seek },
        routing: { countries: v.countries, sectors: [v.sector], collaborationKind: v.collaborationKind },
      };
    case "export_services.request":
      return {
        ...base,
        targetCountry: v.countryCode,
        sector: v.sector,
        requestType: null,
        activityType: v.activityType,
        subActivity: v.subActivity,
        urgency: v.urgency,
        routing: {
          countries: v.countryCode ? [v.countryCode] : [],
          sectors: v.sector ? [v.sector] : [],
          activityType: v.activityType,
        },
      };
    case "export_services.offer":
      return {
        ...base,
        activityType: v.activityType,
        subActivity: v.subActivity,
        details: { delivery: v.delivery, priceMin: v.priceMin, priceMax: v.priceMax, currency: v.currency },
        routing: { countries: v.countries, sectors: v.sectors },
      };
    case "information.request":
    case "information.offer":
      return {
        ...base,
        productId: v.productId,
        targetCountry: v.countryCode,
        sector: v.sector,
        attachmentUploadId: v.attachmentUploadId,
        details: { informationKind: v.informationKind },
        routing: { countries: v.countryCode ? [v.countryCode] : [], sectors: v.sector ? [v.sector] : [] },
      };
    case "recruitment.request":
    case "recruitment.offer": {
      const offer = v.form === "recruitment.offer";
      return {
        ...base,
        details: {
          expertiseArea: v.expertiseArea,
          employmentType: v.employmentType,
          years: v.years,
          languages: v.languages,
          ...(offer ? { city: v.city, workplace: v.workplace } : {}),
        },
        routing: { countries: v.countries, expertiseArea: v.expertiseArea },
      };
    }
    case "consultancy.request":
      // The providers it reaches (`routing.providerIds`) are found by `submitPost`.
      return {
        ...base,
        sector: v.sector,
        details: {
          requestType: v.requestType,
          exportService: v.exportService,
          modes: [...(v.inPerson ? (["in_person"] as const) : []), ...(v.online ? (["online"] as const) : [])],
          city: v.city,
          ...(v.country ? { country: v.country } : {}),
          startDate: v.startDate,
          finishDate: v.finishDate,
        },
        routing: { countries: v.targetCountry ? [v.targetCountry] : [], sectors: v.sector ? [v.sector] : [] },
      };
  }
}

/** The service search (spec part 2 §7 call 2) of a consultation request's fields. */
export function serviceFilterOf(v: PostFormValues<"consultancy.request">): ServiceFilter {
  return { serviceType: v.requestType, exportService: v.exportService, sector: v.sector, country: v.targetCountry };
}

/**
 * `posts.create`: writes a form's post. Recruitment is split by user type (issue #14):
 * individuals seek positions, organizations offer them. A consultation request reaches the
 * providers of the approved services that match it now (issue #15 §3; ADR 17).
 * @throws DomainError FORBIDDEN for the other user type; BAD_REQUEST as `createPost`.
 */
export async function submitPost(db: Db, viewer: PostingViewer, input: PostValues) {
  assertMayPost(viewer, input);
  const post = postFromForm(input);
  if (input.form === "consultancy.request") {
    // Routed to the providers of the services the dialog's results show (ADR 17).
    const providerIds = await matchingProviders(db, serviceFilterOf(input), viewer.id);
    post.routing = { ...post.routing, providerIds };
  }
  return createPost(db, viewer.id, post);
}

/** Who posts: their id and user type. */
export type PostingViewer = { id: string; userType: "individual" | "organization" };

/**
 * Recruitment is split by user type (issue #14): individuals seek positions, organizations offer
 * them. Checked before the daily limit counts the post.
 * @throws DomainError FORBIDDEN for the other user type.
 */
export function assertMayPost(viewer: PostingViewer, input: PostValues): void {
  if (input.form === "recruitment.request" && viewer.userType !== "individual")
    throw new DomainError("FORBIDDEN", Msg.seekingIndividualsOnly);
  if (input.form === "recruitment.offer" && viewer.userType !== "organization")
    throw new DomainError("FORBIDDEN", Msg.positionsOrganizationsOnly);
}

const poster = alias(profiles, "poster");

/** What every list shows of a post (received lists, My posts). */
function postColumns() {
  return {
    id: posts.id,
    area: posts.area,
    kind: posts.kind,
    createdAt: posts.createdAt,
    expiresAt: posts.expiresAt,
    requestType: posts.requestType,
    activityType: posts.activityType,
    subActivity: posts.subActivity,
    title: posts.title,
    urgency: posts.urgency,
    description: posts.description,
    sector: posts.sector,
    countries: posts.countries,
    sectors: posts.sectors,
    details: posts.details,
    byExpert: posts.byExpert,
    posterName: poster.name,
    productId: products.id,
    productNameEn: products.nameEn,
    productNameFa: products.nameFa,
    countryCode: countries.code,
    countryNameEn: countries.nameEn,
    countryNameFa: countries.nameFa,
    attachmentId: uploads.id,
    attachmentName: uploads.fileName,
  };
}

/** The information boards list experts' posts first (ADR 16 "experts first"). */
const expertsFirst = (board: Board) => boardParts(board).area === "information";

/** A cursor as SQL values or placeholders: the last row's (by_expert,) created_at, id. */
interface CursorArgs {
  at: unknown;
  id: unknown;
  expert: unknown;
}

/**
 * One page of `board`'s posts for the member of `args` (values, or placeholders when prepared),
 * newest first (information: experts first), after `cursor` when given (ADR 8, 16). The page's
 * ids are picked from `posts` alone, in index order, and only those rows are joined for display.
 */
function pageQuery(db: DbOrTx, board: Board, args: MatchArgs, cursor: CursorArgs | null, limit: unknown) {
  const experts = expertsFirst(board);
  const order = experts
    ? [desc(posts.byExpert), desc(posts.createdAt), desc(posts.id)]
    : [desc(posts.createdAt), desc(posts.id)];
  const where = boardPredicate(board, args);
  // A row comparison, so the index seeks straight to the cursor.
  const after =
    cursor &&
    (experts
      ? sql`(${posts.byExpert}, ${posts.createdAt}, ${posts.id}) < (${cursor.expert}::boolean, ${cursor.at}::timestamptz, ${cursor.id}::bigint)`
      : sql`(${posts.createdAt}, ${posts.id}) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`);
  const page = db
    .select({ pageId: sql<number>`${posts.id}`.as("page_id") })
    .from(posts)
    .where(after ? and(where, after) : where)
    .orderBy(...order)
    .limit(sql`${limit}` as unknown as number)
    .as("page");
  return db
    .select(postColumns())
    .from(page)
    .innerJoin(posts, eq(posts.id, page.pageId))
    .leftJoin(poster, eq(poster.userId, posts.userId))
    .leftJoin(products, eq(products.id, posts.productId))
    .leftJoin(countries, eq(countries.code, posts.targetCountry))
    .leftJoin(uploads, eq(uploads.id, posts.attachmentUploadId))
    .orderBy(...order);
}

/**
 * The received-list statements of every board, prepared once per database (ADR 8, 16). The
 * membership board runs on the main pool, where its B-tree arms may be combined in a bitmap. The
 * other boards run on `walkingDb`, whose connections never plan a bitmap scan: the planner cannot
 * see that a board's `reach` (and often its countries or sectors) matches most of the board, so
 * it expected ~15 matches where the typical exporter has ~1,000 and read whole boards through
 * bitmaps (14.7 ms custom, up to 100 ms generic, instead of ~1 ms; ADR 16 "Revisions"). Without
 * bitmaps, custom and generic plans alike walk `posts_board_created_idx` newest first and stop at
 * the page.
 */
function prepareBoards(db: Db) {
  const cursor = {
    at: sql.placeholder("cursorAt"),
    id: sql.placeholder("cursorId"),
    expert: sql.placeholder("cursorExpert"),
  };
  const limit = sql.placeholder("limit");
  const statements = (board: Board) => {
    const on = board === "membership.request" ? db : walkingDb(db);
    const name = board === "membership.request" ? "received" : `received_${board.replace(".", "_")}`;
    return {
      first: pageQuery(on, board, matchPlaceholders, null, limit).prepare(`${name}_first`),
      after: pageQuery(on, board, matchPlaceholders, cursor, limit).prepare(`${name}_after`),
    };
  };
  return Object.fromEntries(BOARDS.map((b) => [b, statements(b)])) as Record<Board, ReturnType<typeof statements>>;
}

const boards = perDatabase(prepareBoards);

/**
 * Every board's capped count in ONE statement on `walkingDb` (ADR 4, 16): a column per board,
 * each a count of at most `boardBadgeCap` rows. `$live[i]` is false for a board the member cannot
 * match (`canMatch`); a parameter-only condition is a one-time filter, so that board is never
 * scanned.
 */
function prepareCounts(db: Db) {
  const column = (board: Board, i: number) =>
    sql<number>`(select count(*)::int from (select 1 from ${posts} where (${sql.placeholder("live")}::boolean[])[${sql.raw(String(i + 1))}] and ${boardPredicate(board, matchPlaceholders)} limit ${sql.raw(String(boardBadgeCap(board)))}) x)`;
  return walkingDb(db)
    .select(Object.fromEntries(BOARDS.map((b, i) => [b, column(b, i)])) as Record<Board, SQL<number>>)
    .from(sql`(values (1)) as one (x)`)
    .prepare("received_counts");
}

const counts = perDatabase(prepareCounts);

/** The parameters of a board query for `p`. */
const argsOf = (p: MatchProfile): MatchArgs => ({
  userId: p.userId,
  countries: p.countries,
  sectors: p.sectors,
  types: p.types,
  tags: p.tags,
});

/**
 * One page of `board`'s posts shown to `p`, newest first (information boards: experts first).
 * `nextCursor` is null on the last page. A board that cannot match `p` answers empty without a
 * query (`canMatch`).
 *
 * Every board runs a statement prepared once per database (`prepareBoards`).
 */
export async function listReceivedPosts(
  db: Db,
  p: MatchProfile,
  input: Pick<z.output<typeof receivedPostsInput>, "board" | "cursor" | "limit">,
) {
  if (!canMatch(input.board, p)) return { items: [], nextCursor: null };
  const c = input.cursor;
  const limit = input.limit + 1;
  const cursor = c ? { at: c.createdAt, id: c.id, expert: c.expert ?? false } : null;
  const statements = boards(db)[input.board];
  const args = { ...argsOf(p), limit };
  const rows = cursor
    ? await statements.after.execute({ ...args, cursorAt: cursor.at, cursorId: cursor.id, cursorExpert: cursor.expert })
    : await statements.first.execute(args);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor:
      rows.length > input.limit && last
        ? {
            createdAt: last.createdAt.toISOString(),
            id: last.id,
            ...(expertsFirst(input.board) ? { expert: last.byExpert } : {}),
          }
        : null,
  };
}

/**
 * Every board's badge count for `p`, each capped at its `boardBadgeCap` (membership "99+", the
 * others "9+"), in ONE prepared query (`prepareCounts`); boards `p` cannot match are 0 without
 * being scanned.
 */
export async function countAllReceived(db: Db, p: MatchProfile): Promise<Record<Board, number>> {
  const live = BOARDS.map((b) => canMatch(b, p));
  const result = Object.fromEntries(BOARDS.map((b) => [b, 0])) as Record<Board, number>;
  if (!live.some(Boolean)) return result;
  const [row] = await counts(db).execute({ ...argsOf(p), live });
  for (const b of BOARDS) result[b] = Number(row?.[b] ?? 0);
  return result;
}

/**
 * The membership texts for member requests, the post texts for every other board. A NOT_FOUND
 * text depends only on the route asked through (`memberRequests` names the membership board,
 * `posts` none), never on the post, so the answer reveals nothing about an id.
 */
function unavailable(board: Board | null): MsgText {
  return board === "membership.request" ? Msg.requestUnavailable : Msg.postUnavailable;
}
function answeredTwice(board: Board | null): MsgText {
  return board === "membership.request" ? Msg.alreadyResponded : Msg.alreadyRespondedPost;
}

/** The board of post `postId`, or null when there is none. */
async function boardOfPost(db: DbOrTx, postId: number): Promise<Board | null> {
  const [row] = await db.select({ area: posts.area, kind: posts.kind }).from(posts).where(eq(posts.id, postId));
  return row ? boardOf(row.area, row.kind) : null;
}

/**
 * Answers a post shown to the responder (its board's predicate), and notifies the author
 * ('Response to Your Request' or 'Response to Your Offer').
 * @throws NOT_FOUND when the post is not shown to them (unknown, own, closed, expired, routed to
 *   others, ignored); CONFLICT when already answered. Membership requests keep their texts.
 */
export async function respondToPost(
  db: Db,
  responderId: string,
  input: z.output<typeof respondPostInput>,
  only: Board | undefined,
  links: MailLinks,
): Promise<{ id: number }> {
  const board = await boardOfPost(db, input.postId);
  if (!board || (only && board !== only)) throw new DomainError("NOT_FOUND", unavailable(only ?? null));
  const p = await loadMatchProfile(db, responderId);
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id, userId: posts.userId, kind: posts.kind, details: posts.details })
      .from(posts)
      .where(and(eq(posts.id, input.postId), boardPredicate(board, p)))
      .limit(1);
    if (!post) {
      const [answered] = await tx
        .select({ id: postResponses.id })
        .from(postResponses)
        .where(and(eq(postResponses.postId, input.postId), eq(postResponses.responderId, responderId)));
      throw answered
        ? new DomainError("CONFLICT", answeredTwice(board))
        : new DomainError("NOT_FOUND", unavailable(only ?? null));
    }
    // A proposal belongs to consultation requests, and only in a mode the member asked for.
    const consultation = board === "consultancy.request";
    if (consultation && input.proposedMode && !(post.details.modes ?? []).includes(input.proposedMode))
      throw new DomainError("BAD_REQUEST", Msg.proposedModeNotAsked);
    const [response] = await tx
      .insert(postResponses)
      .values({
        postId: post.id,
        responderId,
        requesterId: post.userId,
        message: input.message,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        contactWhatsapp: input.contactWhatsapp,
        proposedDate: consultation ? input.proposedDate : null,
        proposedMode: consultation ? input.proposedMode : null,
      })
      .onConflictDoNothing()
      .returning({ id: postResponses.id });
    if (!response) throw new DomainError("CONFLICT", answeredTwice(board));
    // The first response's time, for admin analytics (issue #17 §3): its `created_at`, which is
    // the transaction's `now()` (a JavaScript Date would drop the microseconds).
    await tx
      .update(posts)
      .set({ firstResponseAt: sql`now()` })
      .where(and(eq(posts.id, post.id), isNull(posts.firstResponseAt)));
    await notify(
      tx,
      {
        userId: post.userId,
        kind: "response_received",
        params: { responseId: response.id, postId: post.id, postKind: post.kind },
      },
      links,
    );
    await publish(tx, { type: "offers.changed", userIds: [post.userId] });
    await publish(tx, { type: "member.changed", userIds: [responderId] });
    return { id: response.id };
  });
}

/**
 * Ignore: archives a post shown to this member (its board's predicate), for them only. Ignoring
 * it again is a no-op. Any other id gets the same NOT_FOUND, so the answer reveals nothing
 * (issue #10 §7).
 * @throws NOT_FOUND 'This request is no longer available.' / 'This post is no longer available.'
 */
export async function ignorePost(db: Db, userId: string, postId: number, only?: Board): Promise<void> {
  const board = await boardOfPost(db, postId);
  if (!board || (only && board !== only)) throw new DomainError("NOT_FOUND", unavailable(only ?? null));
  const p = await loadMatchProfile(db, userId);
  await db.transaction(async (tx) => {
    const [archived] = await tx
      .select({ id: postArchives.postId })
      .from(postArchives)
      .where(and(eq(postArchives.postId, postId), eq(postArchives.userId, userId)));
    if (archived) return;
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), boardPredicate(board, p)))
      .limit(1);
    if (!post) throw new DomainError("NOT_FOUND", unavailable(only ?? null));
    await tx.insert(postArchives).values({ postId, userId }).onConflictDoNothing();
    await publish(tx, { type: "member.changed", userIds: [userId] });
  });
}

/** A post's state as its author sees it. */
export type MyPostStatus = "active" | "closed" | "expired";

/**
 * My posts (`posts.mine`), newest first, optionally of one area, with the number of responses
 * each received and its state.
 */
export async function listMyPosts(db: Db, userId: string, input: z.output<typeof myPostsInput>) {
  const conditions = [eq(posts.userId, userId)];
  if (input.area) conditions.push(eq(posts.area, input.area as PostArea));
  if (input.cursor)
    conditions.push(
      sql`(${posts.createdAt}, ${posts.id}) < (${input.cursor.createdAt}::timestamptz, ${input.cursor.id}::bigint)`,
    );
  const rows = await db
    .select({
      ...postColumns(),
      status: posts.status,
      closedAt: posts.closedAt,
      // Expired unless its author closed it before its time ran out: the housekeeping sweep
      // closes an expired post at its `expires_at`, and it stays "expired" to its author.
      expired: sql<boolean>`${posts.expiresAt} <= now() and (${posts.closedAt} is null or ${posts.closedAt} >= ${posts.expiresAt})`,
      responses: sql<number>`(select count(*)::int from ${postResponses} where ${postResponses.postId} = ${posts.id})`,
    })
    .from(posts)
    .leftJoin(poster, eq(poster.userId, posts.userId))
    .leftJoin(products, eq(products.id, posts.productId))
    .leftJoin(countries, eq(countries.code, posts.targetCountry))
    .leftJoin(uploads, eq(uploads.id, posts.attachmentUploadId))
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit).map(({ expired, status, ...r }) => ({
    ...r,
    status: (expired ? "expired" : status === "closed" ? "closed" : "active") as MyPostStatus,
  }));
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor: rows.length > input.limit && last ? { createdAt: last.createdAt.toISOString(), id: last.id } : null,
  };
}

/**
 * Closes one of my posts: it leaves everyone's received lists (issue #14). Closing a closed post
 * again is a no-op.
 * @throws NOT_FOUND unless the post is mine.
 */
export async function closePost(db: Db, userId: string, postId: number): Promise<void> {
  const [row] = await db
    .update(posts)
    .set({ status: "closed", closedAt: sql`coalesce(${posts.closedAt}, now())` })
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .returning({ id: posts.id });
  if (!row) throw new DomainError("NOT_FOUND", Msg.postUnavailable);
}

/**
 * Housekeeping: closes active posts whose validity ran out. Lists never show them anyway
 * (`expires_at > now()`); this keeps the active partial indexes small. Returns how many.
 */
export async function closeExpiredPosts(db: Db): Promise<number> {
  const rows = await db
    .update(posts)
    .set({ status: "closed", closedAt: posts.expiresAt })
    .where(and(eq(posts.status, "active"), lt(posts.expiresAt, sql`now()`)))
    .returning({ id: posts.id });
  return rows.length;
}

/**
 * Counts one post against the member's daily allowance (`RATE_LIMITS.post`, 20 a day across every
 * area; issue #14). Request Help keeps its own monthly quota instead.
 * @throws TOO_MANY_REQUESTS `postLimitReached`, with the wait in seconds.
 */
export async function hitPostLimit(db: Db, userId: string): Promise<void> {
  const limit = await hitRateLimit(db, `post:${userId}`, RATE_LIMITS.post);
  if (!limit.allowed) throw tooManyRequests(Msg.postLimitReached, limit.delaySeconds);
}

/**
 * Whether the post carrying attachment `uploadId` is shown to `p` (issue #14): it is active and
 * unexpired, and `p` answered it or its board's predicate routes it to `p` (an ignored post no
 * longer does). The owner and admins are let through by `canDownload` before this.
 */
export async function isVisiblePostAttachment(db: Db, p: MatchProfile, uploadId: string): Promise<boolean> {
  const [post] = await db
    .select({ id: posts.id, area: posts.area, kind: posts.kind })
    .from(posts)
    .where(and(eq(posts.attachmentUploadId, uploadId), eq(posts.status, "active"), sql`${posts.expiresAt} > now()`))
    .limit(1);
  const board = post && boardOf(post.area, post.kind);
  if (!post || !board) return false;
  const [shown] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.id, post.id),
        sql`(exists (select 1 from ${postResponses} where ${postResponses.postId} = ${posts.id} and ${postResponses.responderId} = ${p.userId}::uuid) or (${boardPredicate(board, p)}))`,
      ),
    )
    .limit(1);
  return shown !== undefined;
}
