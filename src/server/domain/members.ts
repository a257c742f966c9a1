import { and, arrayContains, asc, count, eq, ilike, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { DIRECTORY_PAGE_SIZE, type directoryInput } from "../../common/members";
import { Msg } from "../../common/messages";
import { ARABIC_LETTERS, foldPersian, PERSIAN_LETTERS, ZWNJ } from "../../common/search";
import type { DbOrTx } from "../db/client";
import { postResponses, profiles, users } from "../db/schema";
import { fileUrl } from "../files/uploads";
import { readinessShownOnCards } from "./assessments";
import { DomainError } from "./errors";
import { authorLibrary } from "./library";
import { listedServicesOf } from "./services";

/**
 * Approved members whose account is not suspended: the members the directory, the leaderboard
 * and the dashboard figures count.
 */
export const activeMember = and(eq(profiles.approvalStatus, "approved"), isNull(users.suspendedAt));

/** The SQL counterpart of `foldPersian` (common/search.ts) for a text column. */
function foldedSql(column: SQL | typeof profiles.name): SQL {
  return sql`translate(replace(${column}, ${ZWNJ}, ''), ${ARABIC_LETTERS}, ${PERSIAN_LETTERS})`;
}

/**
 * A case-insensitive substring match of `text` in a name column, both sides folded
 * (`foldPersian`), with LIKE wildcards in the user's text escaped.
 */
export function nameMatches(column: SQL | typeof profiles.name, text: string): SQL {
  return ilike(foldedSql(column), containsPattern(text));
}

/** A LIKE pattern matching `text` (folded, wildcards escaped) anywhere in a value. */
export function containsPattern(text: string): string {
  return `%${foldPersian(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Average of the 1–3 star ratings their responses received (spec part 2 §3), and how many. */
/** What a directory card and a member page both show (never contact details), with the rating. */
const publicProfileFields = {
  userId: profiles.userId,
  name: profiles.name,
  photoUploadId: profiles.photoUploadId,
  activities: profiles.activities,
  userType: profiles.userType,
  industrialSectors: profiles.industrialSectors,
  targetCountries: profiles.targetCountries,
  tier: profiles.tier,
  points: profiles.points,
};

const ratingFields = {
  ratingAverage: sql<
    number | null
  >`(select round(avg(${postResponses.rating})::numeric, 1)::float8 from ${postResponses} where ${postResponses.responderId} = ${profiles.userId} and ${postResponses.rating} is not null)`,
  ratingCount: sql<number>`(select count(*)::int from ${postResponses} where ${postResponses.responderId} = ${profiles.userId} and ${postResponses.rating} is not null)`,
};

/**
 * Approved, active members matching every given filter, by name, one page at a time. Returns
 * public fields only: never e-mail, phone, WhatsApp, address or attachment.
 */
export async function listDirectory(db: DbOrTx, input: z.output<typeof directoryInput>) {
  const where: SQL[] = [eq(profiles.approvalStatus, "approved"), isNull(users.suspendedAt)];
  if (input.search) where.push(nameMatches(profiles.name, input.search));
  if (input.activity) where.push(arrayContains(profiles.activities, [input.activity]));
  if (input.sector) where.push(arrayContains(profiles.industrialSectors, [input.sector]));
  if (input.country) where.push(arrayContains(profiles.targetCountries, [input.country]));
  if (input.tier) where.push(eq(profiles.tier, input.tier));
  const condition = and(...where);
  const [rows, totals] = await Promise.all([
    db
      .select({ ...publicProfileFields, ...ratingFields })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(condition)
      .orderBy(asc(sql`lower(${profiles.name})`), asc(profiles.userId))
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((input.page - 1) * DIRECTORY_PAGE_SIZE),
    db.select({ n: count() }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(condition),
  ]);
  // Their approved, listed services (issue #15 §4), one query for the page.
  // And the readiness scores their owners chose to show (issue #18 §3).
  const ids = rows.map((r) => r.userId);
  const [listed, readiness] = await Promise.all([listedServicesOf(db, ids), readinessShownOnCards(db, ids)]);
  return {
    items: rows.map(({ photoUploadId, ratingAverage, ratingCount, ...r }) => ({
      ...r,
      photoUrl: photoUploadId ? fileUrl(photoUploadId) : null,
      rating: { average: ratingAverage === null ? null : Number(ratingAverage), count: Number(ratingCount) },
      services: listed.filter((s) => s.providerId === r.userId).map(({ providerId: _, ...s }) => s),
      /** Their latest readiness score (0–100) when they chose to show it, else null. */
      readiness: readiness.get(r.userId) ?? null,
    })),
    total: totals[0]?.n ?? 0,
    page: input.page,
    pageSize: DIRECTORY_PAGE_SIZE,
  };
}

/**
 * A member's page (issue #13 §2): photo, name, activities, user type, sectors, target countries,
 * expertise, years of export experience, certificates, tier, average rating (one decimal, 0–3)
 * with its count, their published knowledge and their approved, listed services. Public fields only: never e-mail, phone,
 * WhatsApp, postal address, LinkedIn or the profile attachment (members reach each other through
 * requests and offers).
 * @throws NOT_FOUND unless the member is approved and not suspended.
 */
export async function getMemberPage(db: DbOrTx, viewerId: string, userId: string) {
  const [row] = await db
    .select({
      ...publicProfileFields,
      expertiseAreas: profiles.expertiseAreas,
      yearsExportExperience: profiles.yearsExportExperience,
      certificates: profiles.certificates,
      memberSince: profiles.reviewedAt,
      ...ratingFields,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(activeMember, eq(profiles.userId, userId)))
    .limit(1);
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  const { photoUploadId, ratingAverage, ratingCount, ...r } = row;
  return {
    ...r,
    photoUrl: photoUploadId ? fileUrl(photoUploadId) : null,
    rating: { average: ratingAverage === null ? null : Number(ratingAverage), count: Number(ratingCount) },
    knowledge: await authorLibrary(db, viewerId, userId),
    services: (await listedServicesOf(db, [userId])).map(({ providerId: _, ...s }) => s),
  };
}
