/**
 * Member profiles: approval state, tier, points balance and the Profile Settings fields (spec
 * part 1 §3, part 2 §3).
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { activityEnum, approvalStatusEnum, tierEnum, users, userTypeEnum } from "./auth";
import { uploads } from "./files";

/**
 * One profile per account: identity, approval state and standing (tier, points balance).
 * Further profile fields arrive with the profile issue.
 */
export const profiles = pgTable(
  "profiles",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    activities: activityEnum().array().notNull(),
    userType: userTypeEnum().notNull(),
    referralCode: text(),
    approvalStatus: approvalStatusEnum().notNull().default("pending"),
    appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvalNotes: text(),
    reviewedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    tier: tierEnum().notNull().default("turquoise"),
    points: integer().notNull().default(0),
    // Profile Settings (spec part 2 §3). Photo and attachment reference `uploads`.
    photoUploadId: uuid().references((): AnyPgColumn => uploads.id, { onDelete: "set null" }),
    attachmentUploadId: uuid().references((): AnyPgColumn => uploads.id, { onDelete: "set null" }),
    mobile: text(),
    whatsapp: text(),
    postalAddress: text(),
    postalCode: text(),
    linkedinUrl: text(),
    expertiseAreas: text().array().notNull().default(sql`'{}'::text[]`),
    yearsExportExperience: integer().notNull().default(0),
    certificates: text().array().notNull().default(sql`'{}'::text[]`),
    /** Industrial sector codes (`industrial_sectors.code`). */
    industrialSectors: text().array().notNull().default(sql`'{}'::text[]`),
    /** ISO alpha-2 codes (`countries.code`). */
    targetCountries: text().array().notNull().default(sql`'{}'::text[]`),
    activitySelections: jsonb()
      .$type<{ mainCategories: string[]; details: Record<string, string[]> }>()
      .notNull()
      .default({ mainCategories: [], details: {} }),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Pending applicants, newest applied first (spec part 1 §7).
    index("profiles_pending_applied_idx").on(t.appliedAt.desc()).where(sql`${t.approvalStatus} = 'pending'`),
  ],
);
