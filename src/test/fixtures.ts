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
import type { Db } from "../server/db/client";
import {
  countries,
  pointsLedger,
  posts,
  products,
  profiles,
  securityEvents,
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
