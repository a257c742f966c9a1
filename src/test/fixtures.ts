/**
 * Sample inputs and small readers shared by the integration tests, so each test file starts with
 * no local helpers: a valid input of each form (override what the test is about), the standing
 * and ledger of a member, and a member request answered by a matching member.
 */
import { asc, eq } from "drizzle-orm";
import { POST_VALIDITY_DEFAULT_DAYS } from "../common/constants";
import type { HelpRequestInput } from "../common/help";
import type { ShareKnowledgeInput } from "../common/knowledge";
import type { RequestType } from "../common/memberRequests";
import type { Board, PostForm, PostInput } from "../common/posts";
import type { ServiceInput } from "../common/services";
import type { Db } from "../server/db/client";
import {
  countries,
  pointsLedger,
  posts,
  products,
  profiles,
  securityEvents,
  services,
  sharedKnowledge,
} from "../server/db/schema";
import type { Member, TestApp } from "./app";

/**
 * The columns a membership request written straight into `posts` needs besides its own: area,
 * kind, and an expiry POST_VALIDITY_DEFAULT_DAYS ahead, as `insertMemberRequest` writes them.
 */
export const membershipRequest = () => ({
  area: "membership" as const,
  kind: "request" as const,
  expiresAt: new Date(Date.now() + POST_VALIDITY_DEFAULT_DAYS * 24 * 3600_000),
});

/** A valid Share Knowledge input (country knowledge about the Emirates). */
export const shareInput = (over: Partial<ShareKnowledgeInput> = {}): ShareKnowledgeInput => ({
  shareType: "country",
  title: "Selling saffron in the Emirates",
  content: "Customs clear in two days with a certificate of origin.",
  category: "AE",
  eventDate: null,
  eventLocation: "",
  attachmentUploadId: null,
  ...over,
});

/** A valid Request Help input (country knowledge about Germany). */
export const helpInput = (over: Partial<HelpRequestInput> = {}): HelpRequestInput => ({
  helpType: "country_knowledge",
  title: "Distributor wanted in Germany",
  description: "We export pistachios and look for a distributor.",
  targetCountry: "DE",
  productCategory: null,
  expertiseAreas: [],
  employmentType: null,
  serviceType: null,
  budgetRange: "",
  additionalDetails: "",
  ...over,
});

/** The description of the sample member requests (under 30 words). */
export const REQUEST_DESCRIPTION = "Looking for a distributor of dried fruit";

/** Contact details of the sample responses. */
export const RESPONSE_CONTACTS = {
  contactEmail: "offer@example.com",
  contactPhone: "+989121234567",
  contactWhatsapp: "",
} as const;

/** A member request (/member-request form) of `by` to `country`; returns its id. */
export async function submitRequest(by: Member, country: string, requestType: RequestType = "co_marketing") {
  const { id } = await by.caller.memberRequests.submit({
    productId: null,
    countryCode: country,
    requestType,
    description: REQUEST_DESCRIPTION,
  });
  return id;
}

/**
 * A request of `requester` (a fresh member unless given) to `country`, answered by a fresh member
 * who targets that country.
 */
export async function answeredRequest(t: TestApp, country = "FR", requester?: Member) {
  const r = requester ?? (await t.member());
  const responder = await t.member({ countries: [country] });
  const requestId = await submitRequest(r, country);
  const { id: responseId } = await responder.caller.memberRequests.respond({
    requestId,
    message: "We distribute in that market.",
    ...RESPONSE_CONTACTS,
  });
  return { requester: r, responder, requestId, responseId };
}

/** A member's stored request row. */
export async function requestRow(db: Db, id: number) {
  const [r] = await db.select().from(posts).where(eq(posts.id, id));
  if (!r) throw new Error(`no member request ${id}`);
  return r;
}

/** A member's tier and points balance. */
export async function standingOf(db: Db, userId: string) {
  const [p] = await db
    .select({ tier: profiles.tier, points: profiles.points })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!p) throw new Error(`no profile for ${userId}`);
  return p;
}

/** A member's points ledger rows, oldest first. */
export function ledgerOf(db: Db, userId: string) {
  return db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id);
}

/** A pending knowledge submission by a fresh member (or `by`). */
export async function pendingSubmission(t: TestApp, over: Partial<ShareKnowledgeInput> = {}, by?: Member) {
  const author = by ?? (await t.member());
  const row = await author.caller.knowledge.share(shareInput(over));
  if (!row) throw new Error("no submission");
  return { author, id: row.id };
}

/** A stored knowledge submission row. */
export async function submissionRow(db: Db, id: number) {
  const [r] = await db.select().from(sharedKnowledge).where(eq(sharedKnowledge.id, id));
  if (!r) throw new Error(`no submission ${id}`);
  return r;
}

/** Security events of `type`, optionally of one user or about one e-mail (`details.email`). */
export async function securityEventsOf(db: Db, type: string, where?: { userId?: string; email?: string }) {
  const rows = await db.select().from(securityEvents).where(eq(securityEvents.eventType, type));
  return rows.filter(
    (r) =>
      (!where?.userId || r.userId === where.userId) &&
      (!where?.email || (r.eventDetails as { email?: string }).email === where.email),
  );
}

/** The seeded catalogue: every product with its sector, and every country code, in id/code order. */
export async function catalogueOf(
  db: Db,
): Promise<{ products: { id: number; sector: string }[]; countries: string[] }> {
  const [productRows, countryRows] = await Promise.all([
    db.select({ id: products.id, sector: products.sector }).from(products).orderBy(asc(products.id)),
    db.select({ code: countries.code }).from(countries).orderBy(asc(countries.code)),
  ]);
  return { products: productRows, countries: countryRows.map((c) => c.code) };
}

/** The description of the sample posts (under every form's word limit, also the 30 of export-services requests). */
export const POST_DESCRIPTION = "We are looking for a reliable partner in this market";

/** A valid `posts.create` input of `form` (to Germany, legal, agriculture), with `over` applied. */
export function postInputOf<F extends PostForm>(
  form: F,
  over: Partial<Extract<PostInput, { form: F }>> = {},
): Extract<PostInput, { form: F }> {
  const description = POST_DESCRIPTION;
  const recruitment = {
    expertiseArea: "legal" as const,
    employmentType: "full_time" as const,
    years: 3,
    countries: ["DE"],
    languages: ["en" as const],
    description,
  };
  const base: Record<PostForm, PostInput> = {
    "collaboration.request": {
      form: "collaboration.request",
      collaborationKind: "joint_export",
      sector: "agriculture",
      productId: null,
      countries: ["DE"],
      bring: "Our own brand and a packing line",
      seek: "A partner with buyers",
      description,
    },
    "collaboration.offer": {
      form: "collaboration.offer",
      collaborationKind: "joint_export",
      sector: "agriculture",
      productId: null,
      countries: ["DE"],
      bring: "Buyers in the market",
      seek: "A supplier with capacity",
      description,
    },
    "export_services.request": {
      form: "export_services.request",
      sector: null,
      countryCode: "DE",
      activityType: "legal",
      subActivity: "arbitration",
      urgency: "normal",
      description,
    },
    "export_services.offer": {
      form: "export_services.offer",
      activityType: "legal",
      subActivity: "contract",
      sectors: [],
      countries: ["DE"],
      delivery: ["remote"],
      priceMin: null,
      priceMax: null,
      currency: null,
      description,
    },
    "information.request": {
      form: "information.request",
      informationKind: "market_report",
      countryCode: "DE",
      sector: null,
      productId: null,
      description,
    },
    "information.offer": {
      form: "information.offer",
      informationKind: "market_report",
      countryCode: "DE",
      sector: null,
      productId: null,
      description,
    },
    "consultancy.request": {
      form: "consultancy.request",
      requestType: "consultancy",
      exportService: "logistics",
      inPerson: false,
      online: true,
      city: "Hamburg",
      country: "DE",
      sector: null,
      targetCountry: null,
      startDate: null,
      finishDate: null,
      description: "",
    },
    "recruitment.request": { form: "recruitment.request", ...recruitment },
    "recruitment.offer": { form: "recruitment.offer", ...recruitment, city: "Hamburg", workplace: "on_site" },
  };
  return { ...base[form], ...over } as Extract<PostInput, { form: F }>;
}

/** A `posts.respond` input for `postId` with the sample contacts. */
export const respondTo = (postId: number, message = "We can help with this.") => ({
  postId,
  message,
  ...RESPONSE_CONTACTS,
});

/** The ids of every post of `board` that `member` receives, over all pages (`limit` per page), in list order. */
export async function receivedIdsOf(member: Member, board: Board, limit = 50): Promise<number[]> {
  const ids: number[] = [];
  let cursor: { createdAt: string; id: number; expert?: boolean } | null = null;
  for (;;) {
    const page: Awaited<ReturnType<Member["caller"]["posts"]["received"]>> = await member.caller.posts.received({
      board,
      cursor,
      limit,
    });
    ids.push(...page.items.map((i) => i.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
}

/**
 * A service of `providerId` written straight to the table (issue #15): approved and listed by
 * default, consultancy in logistics, remote and in person, from Hamburg; `over` changes any
 * column. For tests of what services route (the review itself is tested through the router).
 */
export async function insertService(
  db: Db,
  providerId: string,
  over: Partial<typeof services.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(services)
    .values({
      providerId,
      title: "Export logistics coaching",
      description: "Sea and air freight, customs and Incoterms for first-time exporters.",
      serviceType: "consultancy",
      exportServices: ["logistics"],
      locationCity: "Hamburg",
      locationCountry: "DE",
      modes: ["online", "in_person"],
      contactEmail: "coach@example.com",
      status: "approved",
      reviewedAt: new Date(),
      ...over,
    })
    .returning({ id: services.id });
  return row!.id;
}

/** A valid `services.create` input (online logistics consultancy from Hamburg), with `over` applied. */
export const serviceInput = (over: Partial<ServiceInput> = {}): ServiceInput => ({
  title: "Logistics consulting for first-time exporters",
  description: "We plan your first shipments: routes, forwarders, Incoterms and customs papers.",
  serviceType: "consultancy",
  sectors: ["agriculture"],
  countries: ["DE"],
  exportServices: ["logistics"],
  city: "Hamburg",
  country: "DE",
  startDate: null,
  endDate: null,
  modes: ["online"],
  contactEmail: "services@example.com",
  contactPhone: "",
  contactWhatsapp: "",
  ...over,
});
