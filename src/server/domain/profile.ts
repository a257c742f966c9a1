/**
 * Member profiles (spec part 2 §2 Profile Settings, §3, §5).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { Msg } from "../../common/messages";
import {
  type ActivitySelections,
  profileCompletion,
  type profileUpdateInput,
  pruneActivityDetails,
} from "../../common/profile";
import type { Db, DbOrTx } from "../db/client";
import { countries, profiles, uploads, users } from "../db/schema";
import { fileUrl } from "../files/uploads";
import { publish } from "../live/events";
import { DomainError } from "./errors";

type ProfileUpdate = z.output<typeof profileUpdateInput>;

/** The viewer's own profile with the account e-mail, file links and completion. */
export async function getOwnProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ profile: profiles, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  const p = row.profile;
  const fileIds = [p.photoUploadId, p.attachmentUploadId].filter((x): x is string => !!x);
  const files = fileIds.length
    ? await db
        .select({
          id: uploads.id,
          fileName: uploads.fileName,
          sizeBytes: uploads.sizeBytes,
          contentType: uploads.contentType,
        })
        .from(uploads)
        .where(inArray(uploads.id, fileIds))
    : [];
  const fileOf = (id: string | null) => {
    const f = files.find((x) => x.id === id);
    return f ? { ...f, url: fileUrl(f.id) } : null;
  };
  const activitySelections = p.activitySelections as ActivitySelections;
  return {
    userId: p.userId,
    email: row.email,
    name: p.name,
    activities: p.activities,
    userType: p.userType,
    tier: p.tier,
    points: p.points,
    mobile: p.mobile ?? "",
    whatsapp: p.whatsapp ?? "",
    postalAddress: p.postalAddress ?? "",
    postalCode: p.postalCode ?? "",
    linkedinUrl: p.linkedinUrl ?? "",
    expertiseAreas: p.expertiseAreas,
    yearsExportExperience: p.yearsExportExperience,
    certificates: p.certificates,
    industrialSectors: p.industrialSectors,
    targetCountries: p.targetCountries,
    activitySelections,
    photo: fileOf(p.photoUploadId),
    attachment: fileOf(p.attachmentUploadId),
    completion: profileCompletion({ ...p, email: row.email, activitySelections }),
  };
}

/**
 * Saves Profile Settings. Target countries must exist; the photo and the attachment must be the
 * member's own uploads of the right purpose.
 * @throws DomainError BAD_REQUEST with the spec's message.
 */
export async function updateOwnProfile(db: Db, userId: string, input: ProfileUpdate): Promise<void> {
  if (input.targetCountries.length > 0) {
    const found = await db
      .select({ code: countries.code })
      .from(countries)
      .where(inArray(countries.code, input.targetCountries));
    if (found.length !== input.targetCountries.length) {
      throw new DomainError("BAD_REQUEST", Msg.invalidCountry);
    }
  }
  for (const [id, purpose] of [
    [input.photoUploadId, "profile_photo"],
    [input.attachmentUploadId, "profile_attachment"],
  ] as const) {
    if (!id) continue;
    const [own] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.ownerId, userId), eq(uploads.purpose, purpose)));
    if (!own) throw new DomainError("BAD_REQUEST", Msg.uploadInvalidFile);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        name: input.name,
        mobile: input.mobile,
        whatsapp: input.whatsapp,
        postalAddress: input.postalAddress,
        postalCode: input.postalCode,
        linkedinUrl: input.linkedinUrl,
        expertiseAreas: input.expertiseAreas,
        yearsExportExperience: input.yearsExportExperience,
        certificates: input.certificates,
        industrialSectors: input.industrialSectors,
        targetCountries: input.targetCountries,
        activitySelections: pruneActivityDetails(input.activitySelections as ActivitySelections),
        photoUploadId: input.photoUploadId,
        attachmentUploadId: input.attachmentUploadId,
        updatedAt: new Date(),
      })
      .where(eq(profiles.userId, userId));
    // Matching depends on sectors, countries and activity: badges recount.
    await publish(tx, { type: "member.changed", userIds: [userId] });
  });
}
