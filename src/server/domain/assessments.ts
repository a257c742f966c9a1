/**
 * The self-assessments members keep (issue #18 §3): saved with the score the server computes
 * from the answers, listed newest first, read back by their owner only.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type ReadinessAnswers, type ReadinessScore, scoreReadiness } from "../../common/assessments";
import { Msg } from "../../common/messages";
import type { DbOrTx } from "../db/client";
import { assessmentPreferences, assessments } from "../db/schema";
import { DomainError } from "./errors";

/** What every listing returns of an assessment: the score, never the raw row. */
const summaryFields = {
  id: assessments.id,
  kind: assessments.kind,
  scores: assessments.scores,
  overall: assessments.overall,
  createdAt: assessments.createdAt,
};

type SummaryRow = {
  id: number;
  kind: "readiness";
  scores: Omit<ReadinessScore, "overall">;
  overall: number;
  createdAt: Date;
};

/** The row as the client reads it: `ReadinessScore` in one piece. */
function toSummary(row: SummaryRow) {
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    score: { ...row.scores, overall: row.overall } satisfies ReadinessScore,
  };
}

/**
 * Saves a member's readiness assessment. The answers are already validated; the score is
 * computed here from them and nothing else.
 */
export async function saveReadiness(db: DbOrTx, userId: string, answers: ReadinessAnswers) {
  const { overall, ...scores } = scoreReadiness(answers);
  const [row] = await db
    .insert(assessments)
    .values({ userId, kind: "readiness", answers, scores, overall })
    .returning(summaryFields);
  if (!row) throw new Error("Assessment not inserted");
  return toSummary(row);
}

/** The member's assessments, newest first. */
export async function myAssessments(db: DbOrTx, userId: string) {
  const rows = await db
    .select(summaryFields)
    .from(assessments)
    .where(and(eq(assessments.userId, userId), eq(assessments.kind, "readiness")))
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(100);
  return rows.map(toSummary);
}

/** One of the member's own assessments with its answers; anyone else's is NOT_FOUND. */
export async function getAssessment(db: DbOrTx, userId: string, id: number) {
  const [row] = await db
    .select({ ...summaryFields, answers: assessments.answers })
    .from(assessments)
    .where(and(eq(assessments.id, id), eq(assessments.userId, userId)));
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  return { ...toSummary(row), answers: row.answers };
}

/**
 * The member's latest readiness assessment and the one before it (for the comparison), or nulls,
 * and whether the latest score shows on their directory card.
 */
export async function latestAssessment(db: DbOrTx, userId: string) {
  const [rows, [preference]] = await Promise.all([
    db
      .select(summaryFields)
      .from(assessments)
      .where(and(eq(assessments.userId, userId), eq(assessments.kind, "readiness")))
      .orderBy(desc(assessments.createdAt), desc(assessments.id))
      .limit(2),
    db
      .select({ showOnCard: assessmentPreferences.showOnCard })
      .from(assessmentPreferences)
      .where(eq(assessmentPreferences.userId, userId)),
  ]);
  return {
    latest: rows[0] ? toSummary(rows[0]) : null,
    previous: rows[1] ? toSummary(rows[1]) : null,
    showOnCard: preference?.showOnCard ?? false,
  };
}

/** Shows or hides the member's latest readiness score on their directory card. */
export async function setShowOnCard(db: DbOrTx, userId: string, show: boolean) {
  await db
    .insert(assessmentPreferences)
    .values({ userId, showOnCard: show })
    .onConflictDoUpdate({ target: assessmentPreferences.userId, set: { showOnCard: show, updatedAt: sql`now()` } });
  return { showOnCard: show };
}

/**
 * The latest readiness score (overall, 0–100) of each of `userIds` who chose to show it on their
 * directory card; the others are absent. One query for a directory page.
 */
export async function readinessShownOnCards(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([assessments.userId], { userId: assessments.userId, overall: assessments.overall })
    .from(assessments)
    .innerJoin(
      assessmentPreferences,
      and(eq(assessmentPreferences.userId, assessments.userId), eq(assessmentPreferences.showOnCard, true)),
    )
    .where(and(inArray(assessments.userId, userIds), eq(assessments.kind, "readiness")))
    .orderBy(assessments.userId, desc(assessments.createdAt), desc(assessments.id));
  return new Map(rows.map((r) => [r.userId, r.overall]));
}
