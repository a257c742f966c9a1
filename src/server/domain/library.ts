/**
 * The knowledge library (issue #13 §1): approved knowledge that no admin has unpublished, read
 * by members; full-text search, filters, cursor paging, likes that credit the author through the
 * points ledger, and unpublishing by admins.
 */
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  fullTextQuery,
  LIKE_POINTS,
  type LibraryCursor,
  type libraryListInput,
  type unpublishInput,
} from "../../common/library";
import { Msg } from "../../common/messages";
import { type AdminActor, logAdminAction } from "../auth/security-events";
import type { Db, DbOrTx } from "../db/client";
import { knowledgeLikes, profiles, sharedKnowledge, uploads } from "../db/schema";
import { fileUrl } from "../files/uploads";
import { publish } from "../live/events";
import { DomainError } from "./errors";
import { creditPoints } from "./points";

/** An item is in the library when it was approved and no admin has unpublished it. */
export const published = and(eq(sharedKnowledge.status, "approved"), isNull(sharedKnowledge.unpublishedAt));

/** Characters of content shown on a list card. */
const EXCERPT_CHARS = 280;

/**
 * When the item entered the library: its approval, which every approved item has (the column
 * itself, so the partial indexes on it serve the list).
 */
const publishedAt = sql<Date>`${sharedKnowledge.reviewedAt}`;

function likedBy(viewerId: string) {
  return sql<boolean>`exists (select 1 from ${knowledgeLikes} where ${knowledgeLikes.knowledgeId} = ${sharedKnowledge.id} and ${knowledgeLikes.userId} = ${viewerId}::uuid)`;
}

/** Fields of a library card, for the list and a member's page. */
function cardFields(viewerId: string) {
  return {
    id: sharedKnowledge.id,
    title: sharedKnowledge.title,
    excerpt: sql<string>`left(${sharedKnowledge.content}, ${EXCERPT_CHARS})`,
    shareType: sharedKnowledge.shareType,
    category: sharedKnowledge.category,
    eventDate: sharedKnowledge.eventDate,
    eventLocation: sharedKnowledge.eventLocation,
    hasAttachment: sql<boolean>`${sharedKnowledge.attachmentUploadId} is not null`,
    publishedAt,
    likeCount: sharedKnowledge.likeCount,
    likedByMe: likedBy(viewerId),
    authorId: sharedKnowledge.userId,
    authorName: profiles.name,
    authorPhotoUploadId: profiles.photoUploadId,
  };
}

type CardRow = {
  publishedAt: Date | string;
  authorPhotoUploadId: string | null;
  authorId: string;
  authorName: string | null;
};

function toCard<R extends CardRow>({ authorPhotoUploadId, authorId, authorName, publishedAt: at, ...r }: R) {
  return {
    ...r,
    publishedAt: new Date(at),
    author: {
      userId: authorId,
      name: authorName ?? "",
      photoUrl: authorPhotoUploadId ? fileUrl(authorPhotoUploadId) : null,
    },
  };
}

/** Where a page after `cursor` starts, in the list's order. */
function after(sort: "newest" | "mostLiked", cursor: LibraryCursor): SQL {
  return sort === "mostLiked"
    ? sql`(${sharedKnowledge.likeCount}, ${publishedAt}, ${sharedKnowledge.id}) < (${cursor.likes}::int, ${cursor.at}::timestamptz, ${cursor.id}::bigint)`
    : sql`(${publishedAt}, ${sharedKnowledge.id}) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`;
}

/**
 * One page of published items matching every filter and every word of the search (Postgres
 * full-text search over title and content, `search_vector`), newest approved first or most liked
 * first; `nextCursor` is null on the last page. Cards carry an excerpt, not the whole content.
 */
export async function listLibrary(db: DbOrTx, viewerId: string, input: z.output<typeof libraryListInput>) {
  const where: (SQL | undefined)[] = [published];
  if (input.shareType) where.push(eq(sharedKnowledge.shareType, input.shareType));
  if (input.country) {
    where.push(and(eq(sharedKnowledge.shareType, "country"), eq(sharedKnowledge.category, input.country)));
  }
  if (input.productCategory) {
    where.push(
      and(
        sql`${sharedKnowledge.shareType} in ('regulations', 'documents')`,
        eq(sharedKnowledge.category, input.productCategory),
      ),
    );
  }
  if (input.eventType) {
    where.push(and(eq(sharedKnowledge.shareType, "experience"), eq(sharedKnowledge.category, input.eventType)));
  }
  const query = fullTextQuery(input.search);
  if (query) where.push(sql`${sharedKnowledge.searchVector} @@ to_tsquery('simple', ${query})`);
  if (input.cursor) where.push(after(input.sort, input.cursor));
  const order =
    input.sort === "mostLiked"
      ? [desc(sharedKnowledge.likeCount), desc(publishedAt), desc(sharedKnowledge.id)]
      : [desc(publishedAt), desc(sharedKnowledge.id)];
  const rows = await db
    .select(cardFields(viewerId))
    .from(sharedKnowledge)
    .leftJoin(profiles, eq(profiles.userId, sharedKnowledge.userId))
    .where(and(...where))
    .orderBy(...order)
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit).map(toCard);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor:
      rows.length > input.limit && last
        ? { at: last.publishedAt.toISOString(), likes: last.likeCount, id: last.id }
        : null,
  };
}

/** Published items of one author, newest first (their member page). */
export async function authorLibrary(db: DbOrTx, viewerId: string, authorId: string, limit = 50) {
  const rows = await db
    .select(cardFields(viewerId))
    .from(sharedKnowledge)
    .leftJoin(profiles, eq(profiles.userId, sharedKnowledge.userId))
    .where(and(published, eq(sharedKnowledge.userId, authorId)))
    .orderBy(desc(publishedAt), desc(sharedKnowledge.id))
    .limit(limit);
  return rows.map(toCard);
}

/**
 * One published item for its reading page: the whole content, the type's fields, the
 * attachment (its download URL, name, size and type) and the viewer's like.
 * @throws NOT_FOUND when there is no such published item.
 */
export async function getLibraryItem(db: DbOrTx, viewerId: string, id: number) {
  const [row] = await db
    .select({
      ...cardFields(viewerId),
      content: sharedKnowledge.content,
      attachmentUploadId: sharedKnowledge.attachmentUploadId,
      attachmentName: uploads.fileName,
      attachmentSize: uploads.sizeBytes,
      attachmentType: uploads.contentType,
    })
    .from(sharedKnowledge)
    .leftJoin(profiles, eq(profiles.userId, sharedKnowledge.userId))
    .leftJoin(uploads, eq(uploads.id, sharedKnowledge.attachmentUploadId))
    .where(and(published, eq(sharedKnowledge.id, id)))
    .limit(1);
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  const { excerpt: _excerpt, attachmentUploadId, attachmentName, attachmentSize, attachmentType, ...rest } = row;
  return {
    ...toCard(rest),
    own: row.authorId === viewerId,
    attachment:
      attachmentUploadId && attachmentName
        ? {
            url: fileUrl(attachmentUploadId),
            fileName: attachmentName,
            sizeBytes: Number(attachmentSize ?? 0),
            contentType: attachmentType ?? "",
          }
        : null,
  };
}

/** The published item, locked for the like's transaction. @throws NOT_FOUND */
async function lockPublished(tx: DbOrTx, id: number) {
  const [item] = await tx
    .select({ id: sharedKnowledge.id, authorId: sharedKnowledge.userId })
    .from(sharedKnowledge)
    .where(and(published, eq(sharedKnowledge.id, id)))
    .for("update");
  if (!item) throw new DomainError("NOT_FOUND", Msg.notFound);
  return item;
}

async function likeCountOf(tx: DbOrTx, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: sharedKnowledge.likeCount })
    .from(sharedKnowledge)
    .where(eq(sharedKnowledge.id, id));
  return row?.n ?? 0;
}

/**
 * Likes a published item of another member, once: a second like changes nothing. A new like
 * credits the author `LIKE_POINTS` (ledger reason `knowledge_liked`, source the like's id) and
 * publishes `member.changed` for them, in the same transaction.
 * @throws NOT_FOUND (not published); FORBIDDEN 'You cannot like your own knowledge.'
 */
export async function likeItem(db: Db, viewerId: string, id: number) {
  return db.transaction(async (tx) => {
    const item = await lockPublished(tx, id);
    if (item.authorId === viewerId) throw new DomainError("FORBIDDEN", Msg.cannotLikeOwn);
    const [like] = await tx
      .insert(knowledgeLikes)
      .values({ knowledgeId: id, userId: viewerId })
      .onConflictDoNothing()
      .returning({ id: knowledgeLikes.id });
    if (like) {
      await tx
        .update(sharedKnowledge)
        .set({ likeCount: sql`${sharedKnowledge.likeCount} + 1` })
        .where(eq(sharedKnowledge.id, id));
      await creditPoints(tx, {
        userId: item.authorId,
        points: LIKE_POINTS,
        reason: "knowledge_liked",
        sourceId: String(like.id),
      });
    }
    return { liked: true, likeCount: await likeCountOf(tx, id) };
  });
}

/**
 * Withdraws the viewer's like of a published item, if any: the author's `LIKE_POINTS` are
 * reversed by a negative ledger entry (reason `knowledge_like_withdrawn`, source the like's id)
 * and `member.changed` is published for them, in the same transaction.
 * @throws NOT_FOUND (not published).
 */
export async function unlikeItem(db: Db, viewerId: string, id: number) {
  return db.transaction(async (tx) => {
    const item = await lockPublished(tx, id);
    const [like] = await tx
      .delete(knowledgeLikes)
      .where(and(eq(knowledgeLikes.knowledgeId, id), eq(knowledgeLikes.userId, viewerId)))
      .returning({ id: knowledgeLikes.id });
    if (like) {
      await tx
        .update(sharedKnowledge)
        .set({ likeCount: sql`${sharedKnowledge.likeCount} - 1` })
        .where(eq(sharedKnowledge.id, id));
      await creditPoints(tx, {
        userId: item.authorId,
        points: -LIKE_POINTS,
        reason: "knowledge_like_withdrawn",
        sourceId: String(like.id),
      });
    }
    return { liked: false, likeCount: await likeCountOf(tx, id) };
  });
}

/**
 * Takes a published item out of the library with a note the author reads in My Submissions.
 * Likes and points already earned stay.
 * @throws NOT_FOUND (no such item); CONFLICT 'This item is not published.'
 */
export async function unpublishItem(db: Db, actor: AdminActor, input: z.output<typeof unpublishInput>) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sharedKnowledge)
      .set({ unpublishedAt: new Date(), unpublishedBy: actor.id, unpublishNote: input.note })
      .where(and(published, eq(sharedKnowledge.id, input.id)))
      .returning({ id: sharedKnowledge.id, userId: sharedKnowledge.userId });
    if (!row) {
      const [exists] = await tx
        .select({ id: sharedKnowledge.id })
        .from(sharedKnowledge)
        .where(eq(sharedKnowledge.id, input.id));
      throw exists ? new DomainError("CONFLICT", Msg.notPublished) : new DomainError("NOT_FOUND", Msg.notFound);
    }
    await logAdminAction(tx, actor, {
      type: "library_item_unpublished",
      targetId: row.userId,
      details: { submissionId: input.id, note: input.note },
    });
    await publish(tx, { type: "knowledge.changed" });
    return { ok: true as const };
  });
}

/** Whether `uploadId` is the attachment of an item published in the library (who may download it). */
export async function isPublishedAttachment(db: DbOrTx, uploadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sharedKnowledge.id })
    .from(sharedKnowledge)
    .where(and(published, eq(sharedKnowledge.attachmentUploadId, uploadId)))
    .limit(1);
  return row !== undefined;
}
