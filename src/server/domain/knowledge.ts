/**
 * Knowledge sharing: a member's submissions (spec part 2 §2 Share Knowledge, §4, §7 call 4, §8).
 */
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { shareKnowledgeInput } from "../../common/knowledge";
import { Msg } from "../../common/messages";
import type { Db, DbOrTx } from "../db/client";
import { sharedKnowledge, uploads } from "../db/schema";
import { publish } from "../live/events";
import { DomainError } from "./errors";

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
    if (!own) throw new DomainError("BAD_REQUEST", Msg.uploadInvalidFile);
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

/**
 * The viewer's own submissions (status and points), with the admin's note and time when an
 * approved item was unpublished from the library.
 */
export function listOwnSubmissions(db: DbOrTx, userId: string) {
  return db
    .select({
      id: sharedKnowledge.id,
      title: sharedKnowledge.title,
      shareType: sharedKnowledge.shareType,
      status: sharedKnowledge.status,
      pointsAwarded: sharedKnowledge.pointsAwarded,
      createdAt: sharedKnowledge.createdAt,
      unpublishedAt: sharedKnowledge.unpublishedAt,
      unpublishNote: sharedKnowledge.unpublishNote,
      likeCount: sharedKnowledge.likeCount,
    })
    .from(sharedKnowledge)
    .where(eq(sharedKnowledge.userId, userId))
    .orderBy(desc(sharedKnowledge.createdAt))
    .limit(100);
}
