/**
 * Q&A items: published ones for members, all of them for admins (spec part 2 §2 Q&A, Q&A
 * Management, §4, §7 call 9), and the questions members ask (issue #13 §3): a member's question
 * is a draft item with `askedBy` and an empty answer; an admin answers and publishes it through
 * `updateQa`, or declines it with a note (`declineQuestion`); the asker follows it in `myQuestions`.
 */

import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { Msg } from "../../common/messages";
import type { QaQuestionStatus, qaAskInput, qaItemInput, qaUpdateInput } from "../../common/qa";
import { type AdminActor, logAdminAction } from "../auth/security-events";
import type { Db, DbOrTx } from "../db/client";
import { profiles, qaItems } from "../db/schema";
import { DomainError } from "./errors";

/** Published Q&A for members, newest first. */
export function publishedQa(db: DbOrTx) {
  return db
    .select({ id: qaItems.id, question: qaItems.question, answer: qaItems.answer, subsection: qaItems.subsection })
    .from(qaItems)
    .where(eq(qaItems.isPublished, true))
    .orderBy(desc(qaItems.createdAt), desc(qaItems.id));
}

/** True for a member's question still waiting for the admins (not published, not declined). */
const waiting = sql<boolean>`(${qaItems.askedBy} is not null and ${qaItems.declinedAt} is null and not ${qaItems.isPublished})`;

/** The columns every Q&A listing shows. */
const qaItemFields = {
  id: qaItems.id,
  question: qaItems.question,
  answer: qaItems.answer,
  subsection: qaItems.subsection,
  isPublished: qaItems.isPublished,
};

/**
 * Every item for Q&A Management: members' questions still waiting first, then newest first. Each
 * row carries `askedBy` and the asker's profile name (`askerName`, null for admins' own items).
 */
export function allQa(db: DbOrTx) {
  return db
    .select({
      ...qaItemFields,
      createdBy: qaItems.createdBy,
      createdAt: qaItems.createdAt,
      updatedAt: qaItems.updatedAt,
      askedBy: qaItems.askedBy,
      askerName: profiles.name,
      declinedAt: qaItems.declinedAt,
      declineNote: qaItems.declineNote,
    })
    .from(qaItems)
    .leftJoin(profiles, eq(profiles.userId, qaItems.askedBy))
    .orderBy(desc(waiting), desc(qaItems.createdAt), desc(qaItems.id));
}

/**
 * A member asks the admins a question (issue #13 §3): stored as a draft with an empty answer and
 * `askedBy`. The caller applies the rate limit first. Returns the new item's id.
 */
export async function askQuestion(db: DbOrTx, memberId: string, input: z.output<typeof qaAskInput>) {
  const [row] = await db
    .insert(qaItems)
    .values({ question: input.question, subsection: input.subsection, answer: "", askedBy: memberId })
    .returning({ id: qaItems.id });
  if (!row) throw new Error("Q&A question not inserted");
  return row;
}

/** The status a member's question shows its asker. */
function statusOf(row: { isPublished: boolean; declinedAt: Date | null }): QaQuestionStatus {
  if (row.declinedAt) return "declined";
  return row.isPublished ? "answered" : "pending";
}

/**
 * The questions a member asked, newest first (issue #13 §3), each with its status: `pending`,
 * `answered` (published; `answer` is the published answer) or `declined` (`declineNote` says
 * why). An answer is shown only once published; drafts show none.
 */
export async function myQuestions(db: DbOrTx, memberId: string) {
  const rows = await db
    .select({
      ...qaItemFields,
      declinedAt: qaItems.declinedAt,
      declineNote: qaItems.declineNote,
      createdAt: qaItems.createdAt,
    })
    .from(qaItems)
    .where(eq(qaItems.askedBy, memberId))
    .orderBy(desc(qaItems.createdAt), desc(qaItems.id));
  return rows.map((r) => {
    const status = statusOf(r);
    return {
      id: r.id,
      question: r.question,
      subsection: r.subsection,
      createdAt: r.createdAt,
      status,
      answer: status === "answered" ? r.answer : null,
      declineNote: status === "declined" ? r.declineNote : null,
    };
  });
}

/**
 * An admin declines a member's question with a note for the asker (issue #13 §3).
 * @throws DomainError NOT_FOUND for an unknown id; CONFLICT `questionNotPending` for an item no
 * member asked, or one already published or declined.
 */
export async function declineQuestion(db: Db, actor: AdminActor, id: number, note: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(qaItems)
      .set({ declinedAt: new Date(), declineNote: note, updatedAt: new Date() })
      .where(
        and(eq(qaItems.id, id), isNotNull(qaItems.askedBy), isNull(qaItems.declinedAt), eq(qaItems.isPublished, false)),
      )
      .returning({ id: qaItems.id, askedBy: qaItems.askedBy });
    if (row) {
      await logAdminAction(tx, actor, { type: "qa_declined", targetId: row.askedBy, details: { qaId: id, note } });
      return { id: row.id };
    }
    const [exists] = await tx.select({ id: qaItems.id }).from(qaItems).where(eq(qaItems.id, id));
    if (!exists) throw new DomainError("NOT_FOUND", Msg.notFound);
    throw new DomainError("CONFLICT", Msg.questionNotPending);
  });
}

/** Q&A Management: a new item (draft or published); returns its id. */
export async function createQa(db: Db, actor: AdminActor, input: z.output<typeof qaItemInput>) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(qaItems)
      .values({ ...input, createdBy: actor.id })
      .returning({ id: qaItems.id });
    if (!row) throw new Error("Q&A item not inserted");
    await logAdminAction(tx, actor, {
      type: "qa_created",
      details: { qaId: row.id, published: input.isPublished },
    });
    return row;
  });
}

/**
 * Q&A Management: edits every field of an item (publishing is `isPublished`). Publishing a
 * declined member question withdraws the decline (the asker then sees it answered).
 * @throws DomainError NOT_FOUND for an unknown id.
 */
export async function updateQa(db: Db, actor: AdminActor, input: z.output<typeof qaUpdateInput>) {
  const { id, ...fields } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(qaItems)
      .set({
        ...fields,
        updatedAt: new Date(),
        ...(fields.isPublished ? { declinedAt: null, declineNote: null } : {}),
      })
      .where(eq(qaItems.id, id))
      .returning({ id: qaItems.id, askedBy: qaItems.askedBy });
    if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
    await logAdminAction(tx, actor, {
      type: "qa_updated",
      targetId: row.askedBy,
      details: { qaId: id, published: fields.isPublished ?? false },
    });
    return { id: row.id };
  });
}

/**
 * Q&A Management: deletes an item.
 * @throws DomainError NOT_FOUND for an unknown id.
 */
export async function deleteQa(db: Db, actor: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(qaItems).where(eq(qaItems.id, id)).returning({ askedBy: qaItems.askedBy });
    if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
    await logAdminAction(tx, actor, { type: "qa_deleted", targetId: row.askedBy, details: { qaId: id } });
  });
}
