/**
 * The admin inbox: review of knowledge submissions with points on approval (spec part 2 §2
 * Admin Inbox, §4, §7 call 8, §8).
 */
import { and, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { reviewKnowledgeInput } from "../../common/inbox";
import { Msg } from "../../common/messages";
import { type AdminActor, logAdminAction } from "../auth/security-events";
import type { Db, DbOrTx } from "../db/client";
import { profiles, sharedKnowledge } from "../db/schema";
import { fileUrl } from "../files/uploads";
import { publish } from "../live/events";
import { DomainError } from "./errors";
import { type MailLinks, notify } from "./notifications";
import { creditPoints } from "./points";

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

/**
 * Approves (crediting 50, 100 or 200 points once, in the same transaction) or rejects a
 * pending submission. Only pending items can be reviewed; a concurrent second review fails.
 * @throws CONFLICT 'This submission has already been reviewed.'; NOT_FOUND.
 */
export async function reviewSubmission(
  db: Db,
  reviewer: AdminActor,
  input: z.output<typeof reviewKnowledgeInput>,
  links: MailLinks,
) {
  await db.transaction(async (tx) => {
    const points = input.decision === "approved" ? input.points : null;
    const [row] = await tx
      .update(sharedKnowledge)
      .set({
        status: input.decision,
        reviewedBy: reviewer.id,
        reviewedAt: new Date(),
        adminNotes: input.notes || null,
        pointsAwarded: points,
      })
      .where(and(eq(sharedKnowledge.id, input.id), eq(sharedKnowledge.status, "pending")))
      .returning({ userId: sharedKnowledge.userId, title: sharedKnowledge.title });
    if (!row) {
      const [exists] = await tx
        .select({ id: sharedKnowledge.id })
        .from(sharedKnowledge)
        .where(eq(sharedKnowledge.id, input.id));
      throw exists ? new DomainError("CONFLICT", Msg.submissionReviewed) : new DomainError("NOT_FOUND", Msg.notFound);
    }
    await logAdminAction(tx, reviewer, {
      type: "knowledge_reviewed",
      targetId: row.userId,
      details: { submissionId: input.id, decision: input.decision, points },
    });
    if (points !== null) {
      await creditPoints(tx, { userId: row.userId, points, reason: "knowledge_approved", sourceId: String(input.id) });
    }
    await notify(
      tx,
      {
        userId: row.userId,
        kind: "knowledge_reviewed",
        params: { submissionId: input.id, title: row.title, decision: input.decision, points },
      },
      links,
    );
    await publish(tx, { type: "knowledge.changed" });
  });
}
