/**
 * Shared knowledge and its review (spec part 2 §3 shared_knowledge).
 */
import { sql } from "drizzle-orm";
import { bigint, customType, date, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { SHARE_TYPES } from "../../../common/knowledge";
import { FULL_TEXT_SQL } from "../../../common/library";
import { uploads } from "./files";
import { users } from "./index";

export const shareTypeEnum = pgEnum("share_type", SHARE_TYPES);

export const reviewStatusEnum = pgEnum("review_status", ["pending", "approved", "rejected"]);

/** Postgres `tsvector` (read only through SQL; never selected into JavaScript). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A knowledge submission, reviewed by an admin; approval credits points (spec part 2 §4).
 * Approved and not unpublished, it is published in the library (issue #13 §1).
 */
export const sharedKnowledge = pgTable(
  "shared_knowledge",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    content: text().notNull(),
    shareType: shareTypeEnum().notNull(),
    /** Country code, product category or event type, by share type. */
    category: text().notNull(),
    eventDate: date(),
    eventLocation: text(),
    attachmentUploadId: uuid().references(() => uploads.id, { onDelete: "set null" }),
    status: reviewStatusEnum().notNull().default("pending"),
    reviewedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    adminNotes: text(),
    pointsAwarded: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin takes an approved item out of the library, with the note the author sees. */
    unpublishedAt: timestamp({ withTimezone: true }),
    unpublishedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    unpublishNote: text(),
    /** Likes standing now (`knowledge_likes` rows), kept in the like's transaction; sorts "most liked". */
    likeCount: integer().notNull().default(0),
    /**
     * Title and content for full-text search: Persian/Arabic letters folded like `foldPersian`
     * (common/search.ts), Arabic diacritics removed, the 'simple' configuration (no stemming, so
     * Persian and English words alike are found as typed). See `FULL_TEXT_SQL`.
     */
    searchVector: tsvector().generatedAlwaysAs(sql.raw(FULL_TEXT_SQL)),
  },
  (t) => [
    index("shared_knowledge_created_idx").on(t.createdAt.desc()),
    index("shared_knowledge_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("shared_knowledge_user_idx").on(t.userId),
    // The library: published items, newest approved first or most liked first.
    index("shared_knowledge_published_idx")
      .on(t.reviewedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved' and ${t.unpublishedAt} is null`),
    index("shared_knowledge_published_likes_idx")
      .on(t.likeCount.desc(), t.reviewedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved' and ${t.unpublishedAt} is null`),
    index("shared_knowledge_search_idx").using("gin", t.searchVector),
  ],
);
