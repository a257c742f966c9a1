/**
 * What the admin analytics' active-members chart reads (issue #17 §3; ADR 20): each member's
 * active days, and per date how the number of members active in the 7 and 30 days before it
 * changes, kept by the writer that records the activity (`recordActiveDay`), so that the chart
 * sums a few hundred dates instead of reading every sign-in.
 */
import { date, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** The days (UTC) on which an approved, unsuspended member was active: signed in or used the club. */
export const memberActiveDays = pgTable(
  "member_active_days",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Per date, the change in the number of members active in the 7 (`active7`) and 30 (`active30`)
 * days before it: the running sum of the changes up to a date is that number. A member's active
 * day `d` counts for the dates `d + 1` to `d + N` (N = 7 or 30); each day adds only the dates no
 * other day of the same member covers already, so a member counts once per date. Kept when
 * members are deleted: the figures are history.
 */
export const activeMemberChanges = pgTable("active_member_changes", {
  day: date({ mode: "string" }).primaryKey(),
  active7: integer().notNull().default(0),
  active30: integer().notNull().default(0),
});
