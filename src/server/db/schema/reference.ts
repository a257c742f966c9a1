/**
 * Reference data seeded at start (spec part 2 §3 fixed lists): countries, industrial sectors,
 * activities and user types, each with English and Persian names.
 */
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** ISO 3166-1 countries: UN members plus Palestine and Vatican City. */
export const countries = pgTable("countries", {
  /** ISO 3166-1 alpha-2 code, upper case. */
  code: text().primaryKey(),
  nameEn: text().notNull(),
  nameFa: text().notNull(),
});

/** The 24 industrial sectors of spec part 2 §3, in the spec's order. */
export const industrialSectors = pgTable("industrial_sectors", {
  /** Stable slug, e.g. `food_beverages`. */
  code: text().primaryKey(),
  nameEn: text().notNull(),
  nameFa: text().notNull(),
  sortOrder: integer().notNull(),
});

/** Exporter, Export Expert, Export Service Provider (spec part 1 §5). */
export const activities = pgTable("activities", {
  code: text().primaryKey(),
  nameEn: text().notNull(),
  nameFa: text().notNull(),
  sortOrder: integer().notNull(),
});

/** Individual or Organization (spec part 1 §5). */
export const userTypes = pgTable("user_types", {
  code: text().primaryKey(),
  nameEn: text().notNull(),
  nameFa: text().notNull(),
  sortOrder: integer().notNull(),
});

/**
 * What each start-up seed last wrote: `name` is `reference` or `catalog`, `hash` the SHA-256 of
 * its rows. A start whose rows hash the same skips the upserts (db/seed/state.ts).
 */
export const seedState = pgTable("seed_state", {
  name: text().primaryKey(),
  hash: text().notNull(),
  appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
