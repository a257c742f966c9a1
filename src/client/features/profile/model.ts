/**
 * The Profile Settings form model (spec part 2 §2, §3, §5): the values the form edits, how they
 * come from `profile.get` and go to `profile.update`, the live completion percentage, and small
 * helpers for reading errors by field.
 */
import type { FormErrors, UseFormReturnType } from "@mantine/form";
import { TRPCClientError } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import {
  type ActivitySelections,
  type ExpertiseArea,
  type ProfileUpdateInput,
  profileCompletion,
  profileUpdateInput,
  pruneActivityDetails,
} from "../../../common/profile";
import type { SectorCode } from "../../../common/sectors";
import type { AppRouter } from "../../../server/trpc/router";
import { normalizePhone } from "../../lib/digits";
import { validateWith } from "../../lib/form";
import type { Uploaded } from "../../lib/upload";

/** What `profile.get` (and `profile.update`) return. */
export type OwnProfile = inferRouterOutputs<AppRouter>["profile"]["get"];

export interface ProfileFormValues {
  name: string;
  mobile: string;
  whatsapp: string;
  postalAddress: string;
  postalCode: string;
  linkedinUrl: string;
  expertiseAreas: ExpertiseArea[];
  yearsExportExperience: number;
  certificates: string[];
  industrialSectors: SectorCode[];
  targetCountries: string[];
  activitySelections: ActivitySelections;
  /** The current files; only their ids are sent. */
  photo: Uploaded | null;
  attachment: Uploaded | null;
}

export type ProfileForm = UseFormReturnType<ProfileFormValues>;

function fileOf(f: OwnProfile["photo"]): Uploaded | null {
  return f ? { id: f.id, fileName: f.fileName, sizeBytes: f.sizeBytes, contentType: f.contentType, url: f.url } : null;
}

export function valuesFromProfile(p: OwnProfile): ProfileFormValues {
  const sel = p.activitySelections ?? { mainCategories: [], details: {} };
  return {
    name: p.name,
    mobile: p.mobile,
    whatsapp: p.whatsapp,
    postalAddress: p.postalAddress,
    postalCode: p.postalCode,
    linkedinUrl: p.linkedinUrl,
    expertiseAreas: [...p.expertiseAreas] as ExpertiseArea[],
    yearsExportExperience: p.yearsExportExperience,
    certificates: [...p.certificates],
    industrialSectors: [...p.industrialSectors] as SectorCode[],
    targetCountries: [...p.targetCountries],
    activitySelections: pruneActivityDetails({
      mainCategories: [...(sel.mainCategories ?? [])],
      details: { ...(sel.details ?? {}) },
    }),
    photo: fileOf(p.photo),
    attachment: fileOf(p.attachment),
  };
}

/** The `profile.update` input of the form's values. */
export function toUpdateInput(v: ProfileFormValues): ProfileUpdateInput {
  return {
    name: v.name,
    mobile: normalizePhone(v.mobile),
    whatsapp: normalizePhone(v.whatsapp),
    postalAddress: v.postalAddress,
    postalCode: v.postalCode,
    linkedinUrl: v.linkedinUrl,
    expertiseAreas: v.expertiseAreas,
    yearsExportExperience: v.yearsExportExperience,
    certificates: v.certificates,
    industrialSectors: v.industrialSectors,
    targetCountries: v.targetCountries,
    activitySelections: pruneActivityDetails(v.activitySelections),
    photoUploadId: v.photo?.id ?? null,
    attachmentUploadId: v.attachment?.id ?? null,
  };
}

const validateInput = validateWith(profileUpdateInput);

/** Client validation: the server's own schema over what would be sent. */
export function validateProfile(values: ProfileFormValues): FormErrors {
  return validateInput(toUpdateInput(values));
}

/** The completion percentage of what is on screen now (spec part 2 §5), moving as fields fill. */
export function liveCompletion(v: ProfileFormValues, email: string) {
  return profileCompletion({
    name: v.name,
    email,
    photoUploadId: v.photo?.id ?? null,
    mobile: v.mobile.trim() || null,
    postalAddress: v.postalAddress.trim() || null,
    linkedinUrl: v.linkedinUrl.trim() || null,
    expertiseAreas: v.expertiseAreas,
    yearsExportExperience: v.yearsExportExperience,
    certificates: v.certificates,
    industrialSectors: v.industrialSectors,
    targetCountries: v.targetCountries,
    activitySelections: v.activitySelections,
    attachmentUploadId: v.attachment?.id ?? null,
  });
}

/**
 * The first error at `path` or under it (`certificates` also finds `certificates.2`): zod
 * reports nested paths, the server's flattened errors only top-level keys.
 */
export function errorUnder(errors: FormErrors, path: string): string | undefined {
  const direct = errors[path];
  if (direct) return String(direct);
  for (const [k, v] of Object.entries(errors)) if (v && k.startsWith(`${path}.`)) return String(v);
  return undefined;
}

/** The server's English message of a tRPC error (before translation), to route it to a field. */
export function rawServerMessage(error: unknown): string | undefined {
  return error instanceof TRPCClientError && error.data ? error.message : undefined;
}

/** Form fields in the order they appear, for focusing the first one with an error. */
export const FIELD_ORDER = [
  "name",
  "photoUploadId",
  "mobile",
  "whatsapp",
  "postalAddress",
  "postalCode",
  "linkedinUrl",
  "expertiseAreas",
  "yearsExportExperience",
  "certificates",
  "industrialSectors",
  "targetCountries",
  "activitySelections",
  "attachmentUploadId",
] as const;
