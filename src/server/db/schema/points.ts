import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./index";

export const pointsReasonEnum = pgEnum("points_reason", [
  "knowledge_approved",
  "helpful_answer",
  "tier_upgrade",
  /** +2 to an author per like of their published knowledge; source: the `knowledge_likes` id. */
  "knowledge_liked",
  /** −2 when that like is withdrawn; same source. */
  "knowledge_like_withdrawn",
]);

/**
 * One row per award (+) or spend (−). Unique per reason and source, so nothing is credited
 * twice; the balance on `profiles.points` changes in the same transaction (DESIGN.md §6).
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer().notNull(),
    reason: pointsReasonEnum().notNull(),
    /** What earned or spent it: a submission id, a response id, a like id, or `<userId>:<tier>`. */
    sourceId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("points_ledger_reason_source_key").on(t.reason, t.sourceId),
    index("points_ledger_created_user_idx").on(t.createdAt, t.userId),
  ],
);
