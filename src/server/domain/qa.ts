/**
 * Q&A items: published ones for members, all of them for admins (spec part 2 §2 Q&A, Q&A
 * Management, §4, §7 call 9).
 */

import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { Msg } from "../../common/messages";
import type { qaItemInput, qaUpdateInput } from "../../common/qa";
import type { DbOrTx } from "../db/client";
import { qaItems } from "../db/schema";
import { DomainError } from "./errors";

/** Published Q&A for members, newest first. */
export function publishedQa(db: DbOrTx) {
  return db
    .select({ id: qaItems.id, question: qaItems.question, answer: qaItems.answer, subsection: qaItems.subsection })
    .from(qaItems)
    .where(eq(qaItems.isPublished, true))
    .orderBy(desc(qaItems.createdAt), desc(qaItems.id));
}

export function allQa(db: DbOrTx) {
  return db.select().from(qaItems).orderBy(desc(qaItems.createdAt), desc(qaItems.id));
}

/** Q&A Management: a new item (draft or published); returns its id. */
export async function createQa(db: DbOrTx, adminId: string, input: z.output<typeof qaItemInput>) {
  const [row] = await db
    .insert(qaItems)
    .values({ ...input, createdBy: adminId })
    .returning({ id: qaItems.id });
  if (!row) throw new Error("Q&A item not inserted");
  return row;
}

/**
 * Q&A Management: edits every field of an item (publishing is `isPublished`).
 * @throws DomainError NOT_FOUND for an unknown id.
 */
export async function updateQa(db: DbOrTx, input: z.output<typeof qaUpdateInput>) {
  const { id, ...fields } = input;
  const [row] = await db
    .update(qaItems)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(qaItems.id, id))
    .returning({ id: qaItems.id });
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  return row;
}

/**
 * Q&A Management: deletes an item.
 * @throws DomainError NOT_FOUND for an unknown id.
 */
export async function deleteQa(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db.delete(qaItems).where(eq(qaItems.id, id)).returning({ id: qaItems.id });
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
}
