/**
 * The self-assessments members keep (issue #18 §2, §3): readiness assessments and Porter diamond
 * analyses, saved with the score the server computes from the answers, listed newest first, read
 * back by their owner only. The dashboard's latest and the directory card are readiness only.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type AssessmentKind,
  type AssessmentSaveInput,
  type DiamondAnswers,
  type DiamondScore,
  type ReadinessAnswers,
  type ReadinessScore,
  scoreDiamond,
  scoreReadiness,
} from "../../common/assessments";
import { Msg } from "../../common/messages";
import type { DbOrTx } from "../db/client";
import { assessmentPreferences, assessments, countries } from "../db/schema";
import { DomainError } from "./errors";

/** What every listing returns of an assessment: the score, never the raw row. */
const summaryFields = {
  id: assessments.id,
  kind: assessments.kind,
  scores: assessments.scores,
  overall: assessments.overall,
  createdAt: assessments.createdAt,
  /** A diamond analysis's product and target market (null for a readiness assessment). */
  product: sql<string | null>`${assessments.answers}->>'product'`,
  market: sql<string | null>`${assessments.answers}->>'market'`,
};

type SummaryRow = {
  id: number;
  kind: AssessmentKind;
  scores: Omit<ReadinessScore, "overall"> | Omit<DiamondScore, "overall">;
  overall: number;
  createdAt: Date;
  product: string | null;
  market: string | null;
};

/** A saved assessment as every listing returns it: its kind, date and score in one piece. */
export type AssessmentSummary =
  | { id: number; kind: "readiness"; createdAt: Date; score: ReadinessScore }
  | { id: number; kind: "diamond"; createdAt: Date; score: DiamondScore; product: string; market: string };

/** The row as the client reads it: the kind's score in one piece (`ReadinessScore` or `DiamondScore`). */
function toSummary(row: SummaryRow): AssessmentSummary {
  if (row.kind === "diamond")
    return {
      id: row.id,
      kind: "diamond",
      createdAt: row.createdAt,
      product: row.product ?? "",
      market: row.market ?? "",
      score: { ...(row.scores as Omit<DiamondScore, "overall">), overall: row.overall },
    };
  return {
    id: row.id,
    kind: "readiness",
    createdAt: row.createdAt,
    score: { ...(row.scores as Omit<ReadinessScore, "overall">), overall: row.overall },
  };
}

/** The readiness summary of a row known to be one (the queries filter on the kind). */
function toReadinessSummary(row: SummaryRow) {
  const summary = toSummary(row);
  if (summary.kind !== "readiness") throw new Error("Not a readiness assessment");
  return summary;
}

/**
 * Saves a member's assessment of either kind. The answers are already validated; the score is
 * computed here from them and nothing else. A diamond analysis's target market must be in the
 * reference list of countries.
 * @throws DomainError BAD_REQUEST `Msg.invalidCountry` for a market not in the list.
 */
export async function saveAssessment(db: DbOrTx, userId: string, input: AssessmentSaveInput) {
  if (input.kind === "diamond") {
    const [country] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, input.answers.market));
    if (!country) throw new DomainError("BAD_REQUEST", Msg.invalidCountry);
  }
  const { overall, ...scores } =
    input.kind === "diamond" ? scoreDiamond(input.answers) : scoreReadiness(input.answers as ReadinessAnswers);
  const [row] = await db
    .insert(assessments)
    .values({ userId, kind: input.kind, answers: input.answers as ReadinessAnswers | DiamondAnswers, scores, overall })
    .returning(summaryFields);
  if (!row) throw new Error("Assessment not inserted");
  return toSummary(row);
}

/** The member's assessments of both kinds, newest first (at most 100). */
export async function myAssessments(db: DbOrTx, userId: string) {
  const rows = await db
    .select(summaryFields)
    .from(assessments)
    .where(eq(assessments.userId, userId))
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(100);
  return rows.map(toSummary);
}

/**
 * One of the member's own assessments with its answers, and `previous`: the summary of their
 * assessment of the same kind saved just before it (null for the first), for the comparison.
 * Anyone else's is NOT_FOUND.
 */
export async function getAssessment(db: DbOrTx, userId: string, id: number) {
  const [row] = await db
    .select({ ...summaryFields, answers: assessments.answers })
    .from(assessments)
    .where(and(eq(assessments.id, id), eq(assessments.userId, userId)));
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  const [before] = await db
    .select(summaryFields)
    .from(assessments)
    .where(
      and(
        eq(assessments.userId, userId),
        eq(assessments.kind, row.kind),
        // Compared in SQL: a JavaScript Date would drop the timestamp's microseconds.
        sql`(${assessments.createdAt}, ${assessments.id}) < (select s.created_at, s.id from assessments s where s.id = ${id})`,
      ),
    )
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(1);
  const { answers, ...summary } = row;
  return { ...toSummary(summary), answers, previous: before ? toSummary(before) : null };
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
    latest: rows[0] ? toReadinessSummary(rows[0]) : null,
    previous: rows[1] ? toReadinessSummary(rows[1]) : null,
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
