/**
 * Consultancy and training services (issue #15; spec part 2 §3 `consultation_services`, §7 call
 * 2; ADR 17): the search of the consultation request dialog. Its in-memory twin is
 * `serviceMatches` (src/common/services.ts); the tests check that the two agree.
 */
import { and, arrayContains, desc, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { ServiceFilter } from "../../common/services";
import type { DbOrTx } from "../db/client";
import { profiles, services, users } from "../db/schema";

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

/**
 * The approved, active services that match `f` (spec part 2 §7 call 2), newest approval first,
 * at most SERVICE_SEARCH_LIMIT: each with the provider's name and the contact channels the
 * provider published on the service (not the profile's private ones).
 */
export async function searchServices(db: DbOrTx, f: ServiceFilter, viewerId: string | null) {
  return db
    .select({
      id: services.id,
      title: services.title,
      description: services.description,
      serviceType: services.serviceType,
      sectors: services.sectors,
      countries: services.countries,
      exportServices: services.exportServices,
      locationCity: services.locationCity,
      locationCountry: services.locationCountry,
      startDate: services.startDate,
      endDate: services.endDate,
      modes: services.modes,
      contactEmail: services.contactEmail,
      contactPhone: services.contactPhone,
      contactWhatsapp: services.contactWhatsapp,
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
