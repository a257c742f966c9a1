/**
 * Consultancy and training services (issue #15; spec part 2 §3 `consultation_services`, §7 call
 * 2; ADR 17): the search of the consultation request dialog (its in-memory twin is
 * `serviceMatches`, src/common/services.ts; the tests check that the two agree), the provider's
 * side (publish, edit, pause, resume: every create or edit is pending again) and the admin
 * review with the provider's e-mail. Writes that move the pending count publish
 * `services.changed` in their transaction (the admin badge).
 */
import { and, arrayContains, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { mayPublishServices, type ServiceFilter, type ServiceStatus, type ServiceValues } from "../../common/services";
import { hitRateLimit } from "../auth/rate-limit";
import { type AdminActor, logAdminAction } from "../auth/security-events";
import type { Db, DbOrTx } from "../db/client";
import { countries, profiles, services, users } from "../db/schema";
import { publish } from "../live/events";
import { enqueueMail } from "../mail/outbox";
import { serviceReviewMail } from "../mail/templates";
import { DomainError, tooManyRequests } from "./errors";
import { notify } from "./notifications";

/** At most this many services in the dialog's results view. */
export const SERVICE_SEARCH_LIMIT = 50;

/** A service in the dialog's results: its fields, its provider's name and public contacts. */
export type ServiceMatch = Awaited<ReturnType<typeof searchServices>>[number];

/**
 * The SQL filter of spec part 2 §7 call 2: approved, not paused, of the filter's type, listing
 * its export service, and its sector and country when given (list-contains; a service that
 * lists no sector, or no country, serves all of them: ADR 17); never a service of `viewerId`,
 * nor of a provider who is suspended.
 */
function serviceFilterSql(f: ServiceFilter, viewerId: string | null): SQL {
  const where: (SQL | undefined)[] = [
    eq(services.status, "approved"),
    eq(services.paused, false),
    eq(services.serviceType, f.serviceType),
    arrayContains(services.exportServices, [f.exportService]),
    f.sector ? or(sql`cardinality(${services.sectors}) = 0`, arrayContains(services.sectors, [f.sector])) : undefined,
    f.country
      ? or(sql`cardinality(${services.countries}) = 0`, arrayContains(services.countries, [f.country]))
      : undefined,
    viewerId ? ne(services.providerId, viewerId) : undefined,
    isNull(users.suspendedAt),
  ];
  return and(...where) as SQL;
}

/** A service's own fields: what its provider published (listed in searches as they are). */
const listedColumns = {
  id: services.id,
  title: services.title,
  description: services.description,
  serviceType: services.serviceType,
  sectors: services.sectors,
  countries: services.countries,
  exportServices: services.exportServices,
  city: services.locationCity,
  country: services.locationCountry,
  startDate: services.startDate,
  endDate: services.endDate,
  modes: services.modes,
  contactEmail: services.contactEmail,
  contactPhone: services.contactPhone,
  contactWhatsapp: services.contactWhatsapp,
};

/** A service as its provider sees it (every field, the review and whether it is paused). */
const ownFields = {
  ...listedColumns,
  status: services.status,
  paused: services.paused,
  adminNotes: services.adminNotes,
  reviewedAt: services.reviewedAt,
  createdAt: services.createdAt,
  updatedAt: services.updatedAt,
};

/**
 * The approved, active services that match `f` (spec part 2 §7 call 2), newest approval first,
 * at most SERVICE_SEARCH_LIMIT: each with the provider's name and the contact channels the
 * provider published on the service (not the profile's private ones).
 */
export async function searchServices(db: DbOrTx, f: ServiceFilter, viewerId: string | null) {
  return db
    .select({
      ...listedColumns,
      providerId: services.providerId,
      providerName: sql<string>`coalesce(${profiles.name}, '')`,
    })
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId))
    .leftJoin(profiles, eq(profiles.userId, services.providerId))
    .where(serviceFilterSql(f, viewerId))
    .orderBy(desc(services.reviewedAt), desc(services.id))
    .limit(SERVICE_SEARCH_LIMIT);
}

/** The providers of the services that match `f` (the routing of a consultation request; ADR 17). */
export async function matchingProviders(db: DbOrTx, f: ServiceFilter, viewerId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ providerId: services.providerId })
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId))
    .where(serviceFilterSql(f, viewerId));
  return rows.map((r) => r.providerId);
}

// ── The provider's side and the admin review (issue #15 §1) ──────────────────────────────

/** The columns of a service that `serviceFields` fills. */
function columnsOf(v: ServiceValues) {
  return {
    title: v.title,
    description: v.description,
    serviceType: v.serviceType,
    sectors: v.sectors,
    countries: v.countries,
    exportServices: v.exportServices,
    locationCity: v.city,
    locationCountry: v.country,
    startDate: v.startDate,
    endDate: v.endDate,
    modes: v.modes,
    contactEmail: v.contactEmail,
    contactPhone: v.contactPhone,
    contactWhatsapp: v.contactWhatsapp,
  };
}

/** Every country a service names must be in the reference list (as `createPost` checks). */
async function checkCountries(db: DbOrTx, v: ServiceValues): Promise<void> {
  const named = [...new Set([v.country, ...v.countries])];
  const found = await db.select({ code: countries.code }).from(countries).where(inArray(countries.code, named));
  if (found.length !== named.length) throw new DomainError("BAD_REQUEST", Msg.invalidCountry);
}

/**
 * Publishes a service of `userId` for review (pending).
 * @throws FORBIDDEN `Msg.servicePublishNotAllowed` unless `mayPublishServices` of their profile;
 *   TOO_MANY_REQUESTS `Msg.serviceLimitReached` past 10 publishes or edits a day;
 *   BAD_REQUEST `Msg.invalidCountry` for a country not in the list.
 */
export async function createService(db: Db, userId: string, v: ServiceValues): Promise<{ id: number }> {
  const [p] = await db
    .select({ activities: profiles.activities, selections: profiles.activitySelections })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!p || !mayPublishServices({ activities: p.activities, mainCategories: p.selections?.mainCategories ?? [] })) {
    throw new DomainError("FORBIDDEN", Msg.servicePublishNotAllowed);
  }
  await checkCountries(db, v);
  await hitServiceLimit(db, userId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(services)
      .values({ providerId: userId, ...columnsOf(v) })
      .returning({ id: services.id });
    if (!row) throw new Error("service not inserted");
    await publish(tx, { type: "services.changed" });
    return row;
  });
}

/**
 * Replaces the fields of a service of `userId`: it goes back to pending (review cleared, not
 * paused) until an admin reviews it again.
 * @throws NOT_FOUND unless it is theirs; BAD_REQUEST `Msg.invalidCountry`.
 */
export async function updateService(db: Db, userId: string, id: number, v: ServiceValues): Promise<void> {
  await checkCountries(db, v);
  const [own] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, id), eq(services.providerId, userId)));
  if (!own) throw new DomainError("NOT_FOUND", Msg.notFound);
  await hitServiceLimit(db, userId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(services)
      .set({
        ...columnsOf(v),
        status: "pending",
        paused: false,
        reviewedBy: null,
        reviewedAt: null,
        adminNotes: null,
        updatedAt: new Date(),
      })
      .where(and(eq(services.id, id), eq(services.providerId, userId)))
      .returning({ id: services.id });
    if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
    await publish(tx, { type: "services.changed" });
  });
}

/**
 * Counts a publish or an edit against `RATE_LIMITS.service` (10 a day): each one lands in the
 * admins' review queue.
 * @throws TOO_MANY_REQUESTS `Msg.serviceLimitReached` with the delay.
 */
async function hitServiceLimit(db: Db, userId: string): Promise<void> {
  const limit = await hitRateLimit(db, `service:${userId}`, RATE_LIMITS.service);
  if (!limit.allowed) throw tooManyRequests(Msg.serviceLimitReached, limit.delaySeconds);
}

/** The services of `userId`, newest first. */
export function listMyServices(db: DbOrTx, userId: string) {
  return db
    .select(ownFields)
    .from(services)
    .where(eq(services.providerId, userId))
    .orderBy(desc(services.createdAt), desc(services.id));
}

/**
 * One service of `userId` (the edit form).
 * @throws NOT_FOUND unless it is theirs.
 */
export async function getMyService(db: DbOrTx, userId: string, id: number) {
  const [row] = await db
    .select(ownFields)
    .from(services)
    .where(and(eq(services.id, id), eq(services.providerId, userId)));
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  return row;
}

/**
 * Pauses (hides from searches) or resumes an approved service of `userId`.
 * @throws NOT_FOUND unless it is theirs; BAD_REQUEST `Msg.serviceNotApproved` unless approved.
 */
export async function setServicePaused(db: DbOrTx, userId: string, id: number, paused: boolean): Promise<void> {
  const [row] = await db
    .update(services)
    .set({ paused, updatedAt: new Date() })
    .where(and(eq(services.id, id), eq(services.providerId, userId), eq(services.status, "approved")))
    .returning({ id: services.id });
  if (row) return;
  const [exists] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, id), eq(services.providerId, userId)));
  throw exists ? new DomainError("BAD_REQUEST", Msg.serviceNotApproved) : new DomainError("NOT_FOUND", Msg.notFound);
}

/** Services per review status (the admin review screen's counters). */
export async function serviceCounts(db: DbOrTx): Promise<Record<ServiceStatus, number>> {
  const rows = await db.select({ status: services.status, n: count() }).from(services).groupBy(services.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  return { pending: by.pending ?? 0, approved: by.approved ?? 0, rejected: by.rejected ?? 0 };
}

/** Services waiting for review (the admin badge). */
export async function countPendingServices(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(services).where(eq(services.status, "pending"));
  return row?.n ?? 0;
}

/**
 * The services of one status for the admin review screen, oldest waiting first for pending ones
 * and newest reviewed first otherwise, with the provider's name (null when missing).
 */
export function listServicesForReview(db: DbOrTx, status: ServiceStatus) {
  return db
    .select({ ...ownFields, providerId: services.providerId, providerName: profiles.name })
    .from(services)
    .leftJoin(profiles, eq(profiles.userId, services.providerId))
    .where(eq(services.status, status))
    .orderBy(
      ...(status === "pending"
        ? [asc(services.updatedAt), asc(services.id)]
        : [desc(services.reviewedAt), desc(services.id)]),
    )
    .limit(500);
}

/**
 * Approves or rejects (with notes) a pending service, and queues the provider's e-mail in their
 * language in the same transaction.
 * @throws CONFLICT `Msg.serviceReviewed` unless pending; NOT_FOUND.
 */
export async function reviewService(
  db: Db,
  reviewer: AdminActor,
  input: { id: number; decision: "approved" | "rejected"; notes: string },
  opts: { myServicesUrl: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(services)
      .set({
        status: input.decision,
        reviewedBy: reviewer.id,
        reviewedAt: new Date(),
        adminNotes: input.notes || null,
      })
      .where(and(eq(services.id, input.id), eq(services.status, "pending")))
      .returning({ providerId: services.providerId, title: services.title });
    if (!row) {
      const [exists] = await tx.select({ id: services.id }).from(services).where(eq(services.id, input.id));
      throw exists ? new DomainError("CONFLICT", Msg.serviceReviewed) : new DomainError("NOT_FOUND", Msg.notFound);
    }
    const [provider] = await tx
      .select({ email: users.email, locale: users.locale, name: profiles.name })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, row.providerId));
    if (provider) {
      const locale = provider.locale ?? "en";
      await enqueueMail(tx, {
        to: provider.email,
        kind: `service_review:${input.id}`,
        locale,
        content: serviceReviewMail(locale, {
          name: provider.name ?? "",
          title: row.title,
          decision: input.decision,
          notes: input.notes || null,
          myServicesUrl: opts.myServicesUrl,
        }),
      });
    }
    await logAdminAction(tx, reviewer, {
      type: "service_reviewed",
      targetId: row.providerId,
      details: { serviceId: input.id, title: row.title, decision: input.decision },
    });
    // The e-mail above stays transactional; the notification is in-app only.
    await notify(tx, {
      userId: row.providerId,
      kind: "service_reviewed",
      params: { serviceId: input.id, title: row.title, decision: input.decision },
    });
    await publish(tx, { type: "services.changed" });
  });
}

/** A member's approved, not paused services (their directory card and page), newest first. */
export function listedServicesOf(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: services.id,
      providerId: services.providerId,
      title: services.title,
      serviceType: services.serviceType,
    })
    .from(services)
    .where(and(inArray(services.providerId, userIds), eq(services.status, "approved"), eq(services.paused, false)))
    .orderBy(desc(services.reviewedAt), desc(services.id));
}
