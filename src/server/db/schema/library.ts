/**
 * The knowledge library's likes (issue #13 §1). The items are `shared_knowledge` rows
 * (schema/knowledge.ts): approved and not unpublished.
 */
import { bigint, index, pgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./index";
import { sharedKnowledge } from "./knowledge";

/**
 * A like standing now: at most one per member and item. Each row has its own id, which is the
 * `source_id` of its +2 in the points ledger (reason `knowledge_liked`) and, once withdrawn (the
 * row is deleted), of the −2 that reverses it (reason `knowledge_like_withdrawn`). So each like
 * is credited once and reversed once, whatever the timing of the calls.
 */
export const knowledgeLikes = pgTable(
  "knowledge_likes",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    knowledgeId: bigint({ mode: "number" })
      .notNull()
      .references(() => sharedKnowledge.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("knowledge_likes_item_user_key").on(t.knowledgeId, t.userId),
    index("knowledge_likes_user_idx").on(t.userId),
  ],
);
