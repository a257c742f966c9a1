/**
 * Admin approval of applicants (spec part 1 §2 User Approval Management, §4, §7
 * update_user_approval).
 */
import { and, count, desc, eq } from "drizzle-orm";
import { Msg } from "../../common/messages";
import { type AdminActor, logAdminAction } from "../auth/security-events";
import type { Db, DbOrTx } from "../db/client";
import { profiles, users } from "../db/schema";
import { publish } from "../live/events";
import { enqueueMail } from "../mail/outbox";
import { approvalMail } from "../mail/templates";
import { DomainError } from "./errors";
import { notify } from "./notifications";

/** Pending applicants, newest applied first (spec part 1 §7). */
export function listPendingApplicants(db: DbOrTx) {
  return db
    .select({
      userId: profiles.userId,
      name: profiles.name,
      email: users.email,
      activities: profiles.activities,
      userType: profiles.userType,
      approvalStatus: profiles.approvalStatus,
      appliedAt: profiles.appliedAt,
      approvalNotes: profiles.approvalNotes,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.approvalStatus, "pending"))
    .orderBy(desc(profiles.appliedAt));
}

/** Number of pending applicants (the admin inbox badge). */
export async function countPendingApplicants(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profiles).where(eq(profiles.approvalStatus, "pending"));
  return row?.n ?? 0;
}

/**
 * Moves a pending applicant to approved or rejected with optional notes, and queues the
 * applicant's e-mail in the same transaction.
 * @throws DomainError NOT_FOUND for an unknown user; CONFLICT when the applicant is not pending.
 */
export async function reviewApplicant(
  db: Db,
  input: { userId: string; decision: "approved" | "rejected"; notes: string | null },
  reviewer: AdminActor,
  opts: { signInUrl: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(profiles)
      .set({
        approvalStatus: input.decision,
        approvalNotes: input.notes,
        reviewedBy: reviewer.id,
        reviewedAt: new Date(),
      })
      .where(and(eq(profiles.userId, input.userId), eq(profiles.approvalStatus, "pending")))
      .returning({ name: profiles.name });
    const applicant = updated[0];
    if (!applicant) {
      const [exists] = await tx.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, input.userId));
      throw exists ? new DomainError("CONFLICT", Msg.applicantNotPending) : new DomainError("NOT_FOUND", Msg.notFound);
    }
    const [account] = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!account) throw new DomainError("NOT_FOUND", Msg.notFound);
    const locale = account.locale ?? "en";
    await enqueueMail(tx, {
      to: account.email,
      kind: `approval:${input.userId}`,
      locale,
      content: approvalMail(locale, {
        name: applicant.name,
        decision: input.decision,
        notes: input.notes,
        signInUrl: opts.signInUrl,
      }),
    });
    // The decision's e-mail above stays transactional (not preference-governed); the
    // notification is in-app only.
    await notify(tx, { userId: input.userId, kind: "approval_decided", params: { decision: input.decision } });
    await logAdminAction(tx, reviewer, {
      type: "approval_changed",
      targetId: input.userId,
      details: { status: input.decision },
    });
    await publish(tx, { type: "applicants.changed" });
    await publish(tx, { type: "member.changed", userIds: [input.userId] });
  });
}
