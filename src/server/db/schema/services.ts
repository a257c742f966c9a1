/**
 * Consultancy and training services that providers publish and admins review (spec part 2 §3
 * `consultation_services`; issue #15; ADR 17). A consultation request is a post of the
 * consultancy area (`posts`), not a table of its own.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ExportService, SessionMode } from "../../../common/services";
import { CONSULTATION_TYPES } from "../../../common/services";
import { users } from "./index";
import { reviewStatusEnum } from "./knowledge";
import { countries } from "./reference";

export const consultationTypeEnum = pgEnum("consultation_type", CONSULTATION_TYPES);

/**
 * A provider's service. `status` is the review (pending on create and on every edit); `paused`
 * hides an approved service from searches until its provider resumes it.
 */
export const services = pgTable(
  "services",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    providerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text().notNull(),
    serviceType: consultationTypeEnum().notNull(),
    /** Industrial sector codes (sectors.ts); empty = not narrowed by sector. */
    sectors: text().array().notNull().default(sql`'{}'::text[]`),
    /** Target country codes; empty = not narrowed by country. */
    countries: text().array().notNull().default(sql`'{}'::text[]`),
    exportServices: text().array().$type<ExportService[]>().notNull(),
    locationCity: text().notNull(),
    locationCountry: text()
      .notNull()
      .references(() => countries.code),
    startDate: date(),
    endDate: date(),
    modes: text().array().$type<SessionMode[]>().notNull(),
    contactEmail: text().notNull(),
    contactPhone: text(),
    contactWhatsapp: text(),
    status: reviewStatusEnum().notNull().default("pending"),
    paused: boolean().notNull().default(false),
    reviewedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    adminNotes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("services_provider_idx").on(t.providerId, t.createdAt),
    index("services_pending_idx").on(t.updatedAt).where(sql`${t.status} = 'pending'`),
    // The dialog's search (spec part 2 §7 call 2): listed services of one type.
    index("services_listed_idx").on(t.serviceType).where(sql`${t.status} = 'approved' and not ${t.paused}`),
  ],
);
