/**
 * The self-assessments members keep (issue #18 §3), of two kinds: `readiness` and `diamond` (the
 * Porter diamond analysis, §2). `answers` holds what the member chose (validated by
 * `readinessAnswersSchema` or `diamondAnswersSchema` before insert); `scores` and `overall` are
 * computed by the server from them (`scoreReadiness` / `scoreDiamond`), never taken from the client.
 */
import { bigint, boolean, index, jsonb, pgEnum, pgTable, smallint, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  ASSESSMENT_KINDS,
  type DiamondAnswers,
  type DiamondScore,
  type ReadinessAnswers,
  type ReadinessScore,
} from "../../../common/assessments";
import { users } from "./index";

export const assessmentKindEnum = pgEnum("assessment_kind", ASSESSMENT_KINDS);

export const assessments = pgTable(
  "assessments",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: assessmentKindEnum().notNull(),
    /** `ReadinessAnswers` for `readiness`, `DiamondAnswers` for `diamond`. */
    answers: jsonb().$type<ReadinessAnswers | DiamondAnswers>().notNull(),
    /**
     * `ReadinessScore` (per area 0–100, strongest, weakest) or `DiamondScore` (ratings, strengths,
     * gaps) without `overall`, as `kind` says.
     */
    scores: jsonb().$type<Omit<ReadinessScore, "overall"> | Omit<DiamondScore, "overall">>().notNull(),
    overall: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assessments_user_kind_created_idx").on(t.userId, t.kind, t.createdAt.desc())],
);

/**
 * A member's choice to show their latest readiness score on their directory card (issue #18 §3).
 * No row = not shown.
 */
export const assessmentPreferences = pgTable("assessment_preferences", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  showOnCard: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
