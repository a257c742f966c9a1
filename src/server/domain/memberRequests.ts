/**
 * Member requests: the three request forms, the received list and its badge count (one SQL
 * predicate, `matching.ts`), responding and ignoring (spec part 2 §2, §4, §5, §7 calls 14–17;
 * DESIGN.md §8.6, §9).
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { POST_VALIDITY_DEFAULT_DAYS } from "../../common/constants";
import {
  ACTIVITY_REQUEST_TYPE,
  BADGE_COUNT_CAP,
  type exportServicesRequestInput,
  type receivedListInput,
  type respondInput,
  type sendRequestInput,
  type submitRequestInput,
} from "../../common/memberRequests";
import { Msg } from "../../common/messages";
import type { Db, DbOrTx } from "../db/client";
import { perDatabase } from "../db/prepared";
import { countries, notifications, postArchives, postResponses, posts, products, profiles } from "../db/schema";
import { publish } from "../live/events";
import { DomainError } from "./errors";
import { loadMatchProfile, type MatchProfile, matchesNothing, matchingPredicate, matchPlaceholders } from "./matching";
import { RESPONSE_NOTIFICATION_TITLE } from "./offers";

/** A member request to store: the fields every form and Request Help fill in. */
export interface NewMemberRequest {
  productId: number | null;
  targetCountry: string | null;
  sector: string | null;
  requestType: (typeof posts.$inferInsert)["requestType"];
  activityType: (typeof posts.$inferInsert)["activityType"];
  subActivity: string | null;
  description: string;
  urgency: "normal" | "urgent";
  /** Only Request Help gives a title. */
  title?: string | null;
}

/**
 * The one writer of member requests (the three forms and Request Help): checks the country and
 * product against the reference lists, stores the request with its product's sector as a
 * membership-area request open for POST_VALIDITY_DEFAULT_DAYS days (ADR 16), and
 * publishes `request.created` in the same transaction. Given an open transaction, the request is
 * part of that larger write (Request Help's quota).
 * @throws DomainError BAD_REQUEST for an unknown country or product.
 */
export async function insertMemberRequest(db: DbOrTx, userId: string, r: NewMemberRequest): Promise<{ id: number }> {
  if (r.targetCountry) {
    const [c] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, r.targetCountry));
    if (!c) throw new DomainError("BAD_REQUEST", Msg.invalidCountry);
  }
  let sector = r.sector;
  if (r.productId !== null) {
    const [p] = await db.select({ sector: products.sector }).from(products).where(eq(products.id, r.productId));
    if (!p) throw new DomainError("BAD_REQUEST", Msg.invalidProduct);
    sector = p.sector;
  }
  // Inside a caller's transaction this is a savepoint: the request and its event commit with it.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        ...r,
        sector,
        userId,
        area: "membership",
        kind: "request",
        expiresAt: sql`now() + make_interval(days => ${POST_VALIDITY_DEFAULT_DAYS})`,
      })
      .returning({ id: posts.id });
    if (!row) throw new Error("request not inserted");
    await publish(tx, {
      type: "request.created",
      requestId: row.id,
      userId,
      targetCountry: r.targetCountry,
      sector,
      requestType: r.requestType,
    });
    return row;
  });
}

/** /member-request: product and/or country, one of the four types. */
export function submitRequest(db: Db, userId: string, input: z.output<typeof submitRequestInput>) {
  return insertMemberRequest(db, userId, {
    productId: input.productId,
    targetCountry: input.countryCode,
    sector: null,
    requestType: input.requestType,
    activityType: null,
    subActivity: null,
    description: input.description,
    urgency: input.urgency,
  });
}

/** /member-request/send: the activity type decides the request type; stored with its sub-activity. */
export function sendRequest(db: Db, userId: string, input: z.output<typeof sendRequestInput>) {
  return insertMemberRequest(db, userId, {
    productId: input.productId,
    targetCountry: input.countryCode,
    sector: null,
    requestType: ACTIVITY_REQUEST_TYPE[input.activityType],
    activityType: input.activityType,
    subActivity: input.subActivity,
    description: input.description,
    urgency: input.urgency,
  });
}

/** /export-services/send-request: the chosen sector and country are saved (DESIGN.md §8.7). */
export function sendExportServicesRequest(db: Db, userId: string, input: z.output<typeof exportServicesRequestInput>) {
  return insertMemberRequest(db, userId, {
    productId: null,
    targetCountry: input.countryCode,
    sector: input.sector,
    requestType: ACTIVITY_REQUEST_TYPE[input.activityType],
    activityType: input.activityType,
    subActivity: input.subActivity,
    description: input.description,
    urgency: input.urgency,
  });
}

const requester = alias(profiles, "requester");

/** The received-requests statements of one database, prepared once (DESIGN.md §9). */
function prepareReceived(db: Db) {
  const page = () =>
    db
      .select({
        id: posts.id,
        createdAt: posts.createdAt,
        requestType: posts.requestType,
        activityType: posts.activityType,
        subActivity: posts.subActivity,
        title: posts.title,
        urgency: posts.urgency,
        description: posts.description,
        sector: posts.sector,
        requesterName: requester.name,
        productId: products.id,
        productNameEn: products.nameEn,
        productNameFa: products.nameFa,
        countryCode: countries.code,
        countryNameEn: countries.nameEn,
        countryNameFa: countries.nameFa,
      })
      .from(posts)
      .leftJoin(requester, eq(requester.userId, posts.userId))
      .leftJoin(products, eq(products.id, posts.productId))
      .leftJoin(countries, eq(countries.code, posts.targetCountry));
  const newestFirst = [desc(posts.createdAt), desc(posts.id)] as const;
  const limit = sql.placeholder("limit");
  return {
    first: page()
      .where(matchingPredicate(matchPlaceholders))
      .orderBy(...newestFirst)
      .limit(limit)
      .prepare("received_first"),
    after: page()
      .where(
        and(
          matchingPredicate(matchPlaceholders),
          // A row comparison, so the index seeks straight to the cursor.
          sql`(${posts.createdAt}, ${posts.id}) < (${sql.placeholder("cursorAt")}::timestamptz, ${sql.placeholder("cursorId")}::bigint)`,
        ),
      )
      .orderBy(...newestFirst)
      .limit(limit)
      .prepare("received_after"),
    count: db
      .select({ n: count() })
      .from(
        db
          .select({ one: sql`1` })
          .from(posts)
          .where(matchingPredicate(matchPlaceholders))
          .limit(BADGE_COUNT_CAP)
          .as("m"),
      )
      .prepare("received_count"),
  };
}

const received = perDatabase(prepareReceived);

/**
 * One page of the requests shown to the viewer, newest first (DESIGN.md §9). `nextCursor` is
 * null on the last page. `profile` defaults to the member's stored profile.
 */
export async function listReceived(
  db: Db,
  userId: string,
  input: z.output<typeof receivedListInput>,
  profile?: MatchProfile,
) {
  const p = profile ?? (await loadMatchProfile(db, userId));
  if (matchesNothing(p)) return { items: [], nextCursor: null };
  const cursor = input.cursor;
  const args = { userId: p.userId, countries: p.countries, sectors: p.sectors, types: p.types, limit: input.limit + 1 };
  const rows = cursor
    ? await received(db).after.execute({ ...args, cursorAt: cursor.createdAt, cursorId: cursor.id })
    : await received(db).first.execute(args);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor: rows.length > input.limit && last ? { createdAt: last.createdAt.toISOString(), id: last.id } : null,
  };
}

/** Badge count of matching requests, capped at BADGE_COUNT_CAP (shown as "99+"). */
export async function countReceived(db: Db, userId: string, profile?: MatchProfile): Promise<number> {
  const p = profile ?? (await loadMatchProfile(db, userId));
  if (matchesNothing(p)) return 0;
  const [row] = await received(db).count.execute({
    userId: p.userId,
    countries: p.countries,
    sectors: p.sectors,
    types: p.types,
  });
  return row?.n ?? 0;
}

/**
 * Answers a request shown to the responder, and notifies the requester.
 * @throws NOT_FOUND when the request is not shown to them; CONFLICT when already answered.
 */
export async function respond(db: Db, responderId: string, input: z.output<typeof respondInput>) {
  const p = await loadMatchProfile(db, responderId);
  return db.transaction(async (tx) => {
    const [req] = await tx
      .select({ id: posts.id, userId: posts.userId })
      .from(posts)
      .where(and(eq(posts.id, input.requestId), matchingPredicate(p)))
      .limit(1);
    if (!req) {
      const [answered] = await tx
        .select({ id: postResponses.id })
        .from(postResponses)
        .where(and(eq(postResponses.postId, input.requestId), eq(postResponses.responderId, responderId)));
      throw answered
        ? new DomainError("CONFLICT", Msg.alreadyResponded)
        : new DomainError("NOT_FOUND", Msg.requestUnavailable);
    }
    const [response] = await tx
      .insert(postResponses)
      .values({
        postId: req.id,
        responderId,
        requesterId: req.userId,
        message: input.message,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        contactWhatsapp: input.contactWhatsapp,
      })
      .onConflictDoNothing()
      .returning({ id: postResponses.id });
    if (!response) throw new DomainError("CONFLICT", Msg.alreadyResponded);
    await tx.insert(notifications).values({
      userId: req.userId,
      kind: "response_received",
      title: RESPONSE_NOTIFICATION_TITLE,
      responseId: response.id,
    });
    await publish(tx, { type: "offers.changed", userIds: [req.userId] });
    await publish(tx, { type: "member.changed", userIds: [responderId] });
    return { id: response.id };
  });
}

/**
 * Ignore: archives a request shown to this member (the received list's predicate), for them
 * only. Ignoring it again is a no-op. Any other id — unknown, closed, the member's own, or routed
 * to others only — gets the same NOT_FOUND, so the answer reveals nothing (issue #10 §7).
 * @throws NOT_FOUND 'This request is no longer available.'
 */
export async function ignoreRequest(db: Db, userId: string, requestId: number): Promise<void> {
  const p = await loadMatchProfile(db, userId);
  await db.transaction(async (tx) => {
    const [archived] = await tx
      .select({ id: postArchives.postId })
      .from(postArchives)
      .where(and(eq(postArchives.postId, requestId), eq(postArchives.userId, userId)));
    if (archived) return;
    const [req] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, requestId), matchingPredicate(p)))
      .limit(1);
    if (!req) throw new DomainError("NOT_FOUND", Msg.requestUnavailable);
    await tx.insert(postArchives).values({ postId: requestId, userId }).onConflictDoNothing();
    await publish(tx, { type: "member.changed", userIds: [userId] });
  });
}
