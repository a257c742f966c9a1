/**
 * Offers: the responses to a member's own requests, contact reveal on demand, rating once,
 * the unread badge and the average rating (spec part 2 §2, §3, §4, §7 calls 18–19; DESIGN.md §8.11).
 */
import { and, avg, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PostArea } from "../../common/constants";
import { Msg } from "../../common/messages";
import { HELPFUL_ANSWER_POINTS } from "../../common/points";
import type { Db, DbOrTx } from "../db/client";
import { notifications, postResponses, posts, profiles } from "../db/schema";
import { publish } from "../live/events";
import { DomainError } from "./errors";
import { type MailLinks, notify } from "./notifications";
import { creditPoints } from "./points";

/** The notification title of a new response (spec part 2 §7 call 19). */
export const RESPONSE_NOTIFICATION_TITLE = "Response to Your Request";

/** The notification title of a response to an offer (issue #14; ADR 16). */
export const OFFER_RESPONSE_NOTIFICATION_TITLE = "Response to Your Offer";

const responder = alias(profiles, "responder");

/**
 * Responses to the viewer's posts of every area (or of `area`), newest first, without contact
 * fields (DESIGN.md §8.11; issue #14).
 */
export function listOffers(db: DbOrTx, requesterId: string, area?: PostArea | null) {
  return db
    .select({
      id: postResponses.id,
      createdAt: postResponses.createdAt,
      message: postResponses.message,
      rating: postResponses.rating,
      ratedAt: postResponses.ratedAt,
      revealed: sql<boolean>`${postResponses.revealedAt} is not null`,
      responderName: responder.name,
      requestId: posts.id,
      area: posts.area,
      kind: posts.kind,
      requestType: posts.requestType,
      activityType: posts.activityType,
      subActivity: posts.subActivity,
      requestDescription: posts.description,
      /** Display fields of the post (consultation requests: type, export service, modes…). */
      details: posts.details,
      proposedDate: postResponses.proposedDate,
      proposedMode: postResponses.proposedMode,
    })
    .from(postResponses)
    .innerJoin(posts, eq(posts.id, postResponses.postId))
    .leftJoin(responder, eq(responder.userId, postResponses.responderId))
    .where(and(eq(postResponses.requesterId, requesterId), area ? eq(posts.area, area) : undefined))
    .orderBy(desc(postResponses.createdAt), desc(postResponses.id))
    .limit(200);
}

/**
 * Reveal Contact Details: returns the contact fields of a response to the viewer's own request
 * and records the first reveal.
 * @throws NOT_FOUND for anyone but the requester.
 */
export async function revealContact(db: Db, requesterId: string, responseId: number) {
  const [row] = await db
    .update(postResponses)
    .set({ revealedAt: sql`coalesce(${postResponses.revealedAt}, now())` })
    .where(and(eq(postResponses.id, responseId), eq(postResponses.requesterId, requesterId)))
    .returning({
      contactEmail: postResponses.contactEmail,
      contactPhone: postResponses.contactPhone,
      contactWhatsapp: postResponses.contactWhatsapp,
    });
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  return row;
}

/**
 * Rates a response to the viewer's own request, once (a conditional update, so two concurrent
 * ratings leave exactly one).
 * @throws NOT_FOUND for others' offers; CONFLICT 'You have already rated this offer.'
 */
export async function rateResponse(db: Db, requesterId: string, responseId: number, rating: number, links: MailLinks) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(postResponses)
      .set({ rating, ratedAt: new Date() })
      .where(
        and(eq(postResponses.id, responseId), eq(postResponses.requesterId, requesterId), isNull(postResponses.rating)),
      )
      .returning({ id: postResponses.id, responderId: postResponses.responderId, postId: postResponses.postId });
    if (row) {
      await notify(
        tx,
        {
          userId: row.responderId,
          kind: "rating_received",
          params: { responseId: row.id, postId: row.postId, rating },
        },
        links,
      );
      // A helpful (3-star) answer earns its responder points, once (issue #5 §3).
      if (rating === 3) {
        await creditPoints(tx, {
          userId: row.responderId,
          points: HELPFUL_ANSWER_POINTS,
          reason: "helpful_answer",
          sourceId: String(row.id),
        });
      }
      return row;
    }
    const [exists] = await tx
      .select({ id: postResponses.id })
      .from(postResponses)
      .where(and(eq(postResponses.id, responseId), eq(postResponses.requesterId, requesterId)));
    throw exists ? new DomainError("CONFLICT", Msg.alreadyRated) : new DomainError("NOT_FOUND", Msg.notFound);
  });
}

/** Unread 'Response to Your Request' notifications of a member. */
export async function countUnreadOffers(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, "response_received"),
        eq(notifications.isRead, false),
      ),
    );
  return row?.n ?? 0;
}

/** Opening /offers/received marks its notifications read (spec part 2 §2). */
export async function markOffersRead(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, "response_received"),
          eq(notifications.isRead, false),
        ),
      )
      .returning({ id: notifications.id });
    if (updated.length) await publish(tx, { type: "offers.changed", userIds: [userId] });
  });
}

/** Mean rating (0–3, one decimal) and the number of ratings a member's responses received. */
export async function averageRating(db: DbOrTx, userId: string): Promise<{ average: number | null; count: number }> {
  const [row] = await db
    .select({ average: avg(postResponses.rating), n: count(postResponses.rating) })
    .from(postResponses)
    .where(and(eq(postResponses.responderId, userId), isNotNull(postResponses.rating)));
  const n = row?.n ?? 0;
  return { average: n ? Math.round(Number(row?.average) * 10) / 10 : null, count: n };
}
