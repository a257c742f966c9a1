/**
 * The self-assessments members keep (issue #18 §3): saved with the score the server computes
 * from the answers, listed newest first, read back by their owner only.
 */
import { and, desc, eq } from "drizzle-orm";
import { type ReadinessAnswers, type ReadinessScore, scoreReadiness } from "../../common/assessments";
import { Msg } from "../../common/messages";
import type { DbOrTx } from "../db/client";
import { assessments } from "../db/schema";
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

/** The member's latest readiness assessment and the one before it (for the comparison), or nulls. */
export async function latestAssessment(db: DbOrTx, userId: string) {
  const rows = await db
    .select(summaryFields)
    .from(assessments)
    .where(and(eq(assessments.userId, userId), eq(assessments.kind, "readiness")))
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(2);
  return { latest: rows[0] ? toSummary(rows[0]) : null, previous: rows[1] ? toSummary(rows[1]) : null };
}
