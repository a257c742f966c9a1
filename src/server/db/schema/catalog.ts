/**
 * Product catalogue for member requests (spec part 2 §3 products, isic_codes; issue #4 §1):
 * ISIC Rev.4 sections and divisions, and common export products, each with an ISIC code and
 * one of the 24 industrial sectors, in English and Persian.
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { industrialSectors } from "./reference";

/** ISIC Rev.4: sections (one letter) and divisions (two digits). */
export const isicCodes = pgTable("isic_codes", {
  code: text().primaryKey(),
  /** The section letter of a division; null for a section. */
  section: text(),
  descriptionEn: text().notNull(),
  descriptionFa: text().notNull(),
});

export const products = pgTable(
  "products",
  {
    id: integer().primaryKey(),
    nameEn: text().notNull(),
    nameFa: text().notNull(),
    descriptionEn: text().notNull(),
    descriptionFa: text().notNull(),
    isicCode: text()
      .notNull()
      .references(() => isicCodes.code),
    sector: text()
      .notNull()
      .references(() => industrialSectors.code),
  },
  (t) => [index("products_name_idx").on(sql`lower(${t.nameEn})`)],
);
