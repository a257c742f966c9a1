/**
 * Knowledge sharing and its admin review (spec part 2 §2 Share Knowledge, Admin Inbox, §4, §8).
 */
import { TRPCError } from "@trpc/server";
import { and, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { reviewKnowledgeInput, shareKnowledgeInput } from "../../common/knowledge";
import { Msg } from "../../common/messages";
import type { Db, DbOrTx } from "../db/client";
import { profiles, sharedKnowledge, uploads } from "../db/schema";
import { publish } from "../events";
import { fileUrl } from "../files/uploads";
import { creditPoints } from "./points";

/** Stores a pending submission; the attachment must be the member's own knowledge upload. */
export async function shareKnowledge(db: Db, userId: string, input: z.output<typeof shareKnowledgeInput>) {
  if (input.attachmentUploadId) {
    const [own] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          eq(uploads.id, input.attachmentUploadId),
          eq(uploads.ownerId, userId),
          eq(uploads.purpose, "knowledge_attachment"),
        ),
      );
    if (!own) throw new TRPCError({ code: "BAD_REQUEST", message: Msg.uploadInvalidFile });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sharedKnowledge)
      .values({ ...input, userId })
      .returning({ id: sharedKnowledge.id });
    await publish(tx, { type: "knowledge.changed" });
    return row;
  });
}

/** Counters of the admin inbox. */
export async function knowledgeCounts(db: DbOrTx) {
  const rows = await db
    .select({ status: sharedKnowledge.status, n: count() })
    .from(sharedKnowledge)
    .groupBy(sharedKnowledge.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  return { pending: by.pending ?? 0, approved: by.approved ?? 0, rejected: by.rejected ?? 0 };
}

export async function countPendingKnowledge(db: DbOrTx): Promise<number> {
  return (await knowledgeCounts(db)).pending;
}

/** Every submission, newest first, with its author's name (null when missing). */
export async function listSubmissions(db: DbOrTx, status?: "pending" | "approved" | "rejected") {
  const rows = await db
    .select({
      id: sharedKnowledge.id,
      title: sharedKnowledge.title,
      content: sharedKnowledge.content,
      shareType: sharedKnowledge.shareType,
      category: sharedKnowledge.category,
      eventDate: sharedKnowledge.eventDate,
      eventLocation: sharedKnowledge.eventLocation,
      attachmentUploadId: sharedKnowledge.attachmentUploadId,
      status: sharedKnowledge.status,
      adminNotes: sharedKnowledge.adminNotes,
      pointsAwarded: sharedKnowledge.pointsAwarded,
      reviewedAt: sharedKnowledge.reviewedAt,
      createdAt: sharedKnowledge.createdAt,
      authorName: profiles.name,
    })
    .from(sharedKnowledge)
    .leftJoin(profiles, eq(profiles.userId, sharedKnowledge.userId))
    .where(status ? eq(sharedKnowledge.status, status) : undefined)
    .orderBy(desc(sharedKnowledge.createdAt), desc(sharedKnowledge.id))
    .limit(500);
  return rows.map(({ attachmentUploadId, ...r }) => ({
    ...r,
    attachmentUrl: attachmentUploadId ? fileUrl(attachmentUploadId) : null,
  }));
}

/** The viewer's own submissions (status and points). */
export function listOwnSubmissions(db: DbOrTx, userId: string) {
  return db
    .select({
      id: sharedKnowledge.id,
      title: sharedKnowledge.title,
      shareType: sharedKnowledge.shareType,
      status: sharedKnowledge.status,
      pointsAwarded: sharedKnowledge.pointsAwarded,
      createdAt: sharedKnowledge.createdAt,
    })
    .from(sharedKnowledge)
    .where(eq(sharedKnowledge.userId, userId))
    .orderBy(desc(sharedKnowledge.createdAt))
    .limit(100);
}

/**
 * Approves (crediting 50, 100 or 200 points once, in the same transaction) or rejects a
 * pending submission. Only pending items can be reviewed; a concurrent second review fails.
 * @throws CONFLICT 'This submission has already been reviewed.'; NOT_FOUND.
 */
export async function reviewSubmission(db: Db, reviewerId: string, input: z.output<typeof reviewKnowledgeInput>) {
  await db.transaction(async (tx) => {
    const points = input.decision === "approved" ? input.points : null;
    const [row] = await tx
      .update(sharedKnowledge)
      .set({
        status: input.decision,
        reviewedBy: reviewerId,
        reviewedAt: new Date(),
        adminNotes: input.notes || null,
        pointsAwarded: points,
      })
      .where(and(eq(sharedKnowledge.id, input.id), eq(sharedKnowledge.status, "pending")))
      .returning({ userId: sharedKnowledge.userId });
    if (!row) {
      const [exists] = await tx
        .select({ id: sharedKnowledge.id })
        .from(sharedKnowledge)
        .where(eq(sharedKnowledge.id, input.id));
      throw exists
        ? new TRPCError({ code: "CONFLICT", message: Msg.submissionReviewed })
        : new TRPCError({ code: "NOT_FOUND", message: Msg.notFound });
    }
    if (points !== null) {
      await creditPoints(tx, { userId: row.userId, points, reason: "knowledge_approved", sourceId: String(input.id) });
    }
    await publish(tx, { type: "knowledge.changed" });
  });
}
