/**
 * The SQL filter of the consultation dialog's search (`searchServices`, `matchingProviders`)
 * against its in-memory twin `serviceMatches` (issue #15; spec part 2 §7 call 2): on seeded
 * random services (every type, status, paused or not, random sectors, countries and export
 * services, some of suspended providers), for random filters and viewers, the SQL returns exactly
 * the services the twin accepts among those of providers who are not suspended.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECTOR_CODES } from "../../common/sectors";
import {
  CONSULTATION_TYPES,
  EXPORT_SERVICES,
  SERVICE_STATUSES,
  type ServiceFilter,
  serviceMatches,
} from "../../common/services";
import { createMember } from "../../test/app";
import { createTestDatabase, type TestDatabase } from "../../test/db";
import { prng } from "../../test/random";
import type { Db } from "../db/client";
import { services, users } from "../db/schema";
import { matchingProviders, SERVICE_SEARCH_LIMIT, searchServices } from "./services";

let tdb: TestDatabase;
let db: Db;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.database.db;
});

afterAll(async () => {
  await tdb?.close();
});

const COUNTRIES = ["DE", "FR", "AE", "TR", "CN"] as const;
const SECTORS = SECTOR_CODES.slice(0, 5);

describe("searchServices agrees with serviceMatches", () => {
  it("on seeded random services, filters and viewers", async () => {
    const r = prng(20261126);
    const providers = await Promise.all(Array.from({ length: 8 }, () => createMember(db, {})));
    const suspended = new Set(providers.slice(0, 2).map((p) => p.id));
    await db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(inArray(users.id, [...suspended]));
    const rows = Array.from({ length: 120 }, () => ({
      providerId: r.pick(providers).id,
      title: "A service",
      description: "Described",
      serviceType: r.pick(CONSULTATION_TYPES),
      sectors: r.sample(SECTORS, r.int(3)),
      countries: r.sample(COUNTRIES, r.int(3)),
      exportServices: r.sample(EXPORT_SERVICES, 1 + r.int(3)),
      locationCity: "Tehran",
      locationCountry: "IR",
      modes: ["online" as const],
      contactEmail: "s@example.com",
      status: r.pick(SERVICE_STATUSES),
      paused: r.chance(0.2),
      reviewedAt: new Date(Date.now() - r.int(1e9)),
    }));
    const stored = await db.insert(services).values(rows).returning();
    expect(stored).toHaveLength(rows.length);

    let nonEmpty = 0;
    for (let i = 0; i < 150; i++) {
      const f: ServiceFilter = {
        serviceType: r.pick(CONSULTATION_TYPES),
        exportService: r.pick(EXPORT_SERVICES.slice(0, 4)),
        sector: r.chance(0.5) ? r.pick(SECTORS) : null,
        country: r.chance(0.5) ? r.pick(COUNTRIES) : null,
      };
      const viewer = r.chance(0.3) ? r.pick(providers).id : null;
      const expected = stored
        .filter((s) => serviceMatches(s, f, viewer) && !suspended.has(s.providerId))
        .map((s) => s.id)
        .sort((a, b) => a - b);
      expect(expected.length).toBeLessThanOrEqual(SERVICE_SEARCH_LIMIT);
      const got = (await searchServices(db, f, viewer)).map((s) => s.id).sort((a, b) => a - b);
      expect(got, JSON.stringify({ f, viewer })).toEqual(expected);
      if (viewer) {
        const providersGot = (await matchingProviders(db, f, viewer)).sort();
        const providersWant = [
          ...new Set(stored.filter((s) => expected.includes(s.id)).map((s) => s.providerId)),
        ].sort();
        expect(providersGot).toEqual(providersWant);
      }
      if (expected.length) nonEmpty++;
    }
    // The data is not trivially empty or full.
    expect(nonEmpty).toBeGreaterThan(20);
  });
});
