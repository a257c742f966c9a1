/**
 * Knowledge sharing, the admin inbox, points and tiers, help requests, the 3-star bonus, the
 * leaderboard, dashboard figures and Q&A through the router on a real database (spec part 2
 * §2–§5, §8, §9; DESIGN.md §6, §8.1, §8.5, §8.9; issue #5):
 *
 * - approving one submission twice at the same time credits its points once;
 * - parallel help requests never exceed the monthly quota of the member's real tier, and each
 *   help request reaches matching members as a member request;
 * - an upgrade spends its cost once, never without enough points, never downwards;
 * - a draft Q&A item is invisible to members;
 * - a 3-star rating pays the responder 15 points, once;
 * - the leaderboard, member counts and recent activity come from real rows;
 * - the inbox badge follows new submissions live.
 */
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { Activity, Tier } from "../../common/constants";
import type { HelpRequestInput } from "../../common/help";
import { KNOWLEDGE_COUNTRIES, type ShareKnowledgeInput } from "../../common/knowledge";
import { Msg } from "../../common/messages";
import { type Caller, createTestApp, type TestApp, withTimeout } from "../../test/app";
import {
  countries,
  helpRequests,
  memberRequests,
  memberResponses,
  pointsLedger,
  profiles,
  qaItems,
  sharedKnowledge,
  users,
} from "../db/schema";
import { monthStart } from "../domain/help";
import { countPendingKnowledge } from "../domain/inbox";

let t: TestApp;
let admin: Caller;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.actor("admin");
  admin = a.caller;
  adminId = a.user!.id;
});

afterAll(async () => {
  await t?.close();
});

interface Member {
  id: string;
  name: string;
  token: string;
  caller: Caller;
}

interface MemberSpec {
  activities?: Activity[];
  countries?: string[];
  sectors?: string[];
  tier?: Tier;
  points?: number;
  name?: string;
}

/**
 * An approved member routed only by what is given (no activity unless told), with this tier and
 * balance. The caller's auth is read after the change, as the next request would see it.
 */
async function member(spec: MemberSpec = {}): Promise<Member> {
  const a = await t.actor("member", { user: spec.name ? { name: spec.name } : {} });
  await t.db
    .update(profiles)
    .set({
      activities: spec.activities ?? [],
      targetCountries: spec.countries ?? [],
      industrialSectors: spec.sectors ?? [],
      tier: spec.tier ?? "turquoise",
      points: spec.points ?? 0,
    })
    .where(eq(profiles.userId, a.user!.id));
  return { id: a.user!.id, name: a.user!.name, token: a.token!, caller: await fresh(a.token!) };
}

/** A caller with the auth of `token` as it is now (the viewer is loaded once per request). */
async function fresh(token: string): Promise<Caller> {
  const auth = await t.authOf(token);
  if (!auth) throw new Error("session refused");
  return t.callerWith(auth);
}

/** The code and message of a failed call; a validation failure reads as its first issue's text. */
async function failure(fn: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  let error: unknown;
  try {
    await fn();
  } catch (err) {
    error = err;
  }
  if (error === undefined) throw new Error("expected the call to fail");
  return describeError(error);
}

function describeError(error: unknown): { code: string; message: string } {
  const e = error as { code?: string; message: string; cause?: unknown };
  const message = e.cause instanceof ZodError ? (e.cause.issues[0]?.message ?? e.message) : e.message;
  return { code: e.code ?? String(error), message };
}

/** "OK" or "CODE: message" of a settled call. */
function outcome(r: PromiseSettledResult<unknown>): string {
  if (r.status === "fulfilled") return "OK";
  const { code, message } = describeError(r.reason);
  return `${code}: ${message}`;
}

async function standingOf(userId: string) {
  const [p] = await t.db
    .select({ tier: profiles.tier, points: profiles.points })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return p!;
}

async function ledgerOf(userId: string) {
  return t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id);
}

async function submissionRow(id: number) {
  const [r] = await t.db.select().from(sharedKnowledge).where(eq(sharedKnowledge.id, id));
  return r!;
}

const share = (over: Partial<ShareKnowledgeInput> = {}): ShareKnowledgeInput => ({
  shareType: "country",
  title: "Selling saffron in the Emirates",
  content: "Customs clear in two days with a certificate of origin.",
  category: "AE",
  eventDate: null,
  eventLocation: "",
  attachmentUploadId: null,
  ...over,
});

/** A pending submission by a fresh member (or `by`). */
async function pendingSubmission(over: Partial<ShareKnowledgeInput> = {}, by?: Member) {
  const author = by ?? (await member());
  const row = await author.caller.knowledge.share(share(over));
  return { author, id: row!.id };
}

const help = (over: Partial<HelpRequestInput> = {}): HelpRequestInput => ({
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

async function helpRowsOf(userId: string) {
  return t.db.select().from(helpRequests).where(eq(helpRequests.userId, userId)).orderBy(helpRequests.id);
}

async function memberRequestCountOf(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(memberRequests).where(eq(memberRequests.userId, userId));
  return row?.n ?? 0;
}

// ── Knowledge sharing and the admin inbox ───────────────────────────────────────────────

describe("knowledge.share and the inbox", () => {
  it("stores a pending submission the author and the inbox see", async () => {
    const author = await member({ name: "Sharer Sara" });
    const before = await admin.inbox.counts();
    const { id } = (await author.caller.knowledge.share(
      share({ shareType: "experience", category: "trade_fair", eventDate: "2025-02-17", eventLocation: " Dubai " }),
    ))!;
    expect(await submissionRow(id)).toMatchObject({
      userId: author.id,
      shareType: "experience",
      category: "trade_fair",
      eventDate: "2025-02-17",
      eventLocation: "Dubai",
      status: "pending",
      reviewedBy: null,
      reviewedAt: null,
      pointsAwarded: null,
    });
    expect(await author.caller.knowledge.mine()).toEqual([
      expect.objectContaining({ id, status: "pending", pointsAwarded: null, shareType: "experience" }),
    ]);
    expect(await admin.inbox.counts()).toEqual({ ...before, pending: before.pending + 1 });
    const pending = await admin.inbox.list({ status: "pending" });
    expect(pending.find((r) => r.id === id)).toMatchObject({
      authorName: "Sharer Sara",
      status: "pending",
      attachmentUrl: null,
    });
    expect((await admin.inbox.list({ status: "approved" })).some((r) => r.id === id)).toBe(false);
    expect((await admin.inbox.list({})).some((r) => r.id === id)).toBe(true);
  });

  it("refuses a category of another type, and an attachment that is not the member's upload", async () => {
    const author = await member();
    expect(
      await failure(() => author.caller.knowledge.share(share({ shareType: "regulations", category: "AE" }))),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.categoryRequired });
    expect(await failure(() => author.caller.knowledge.share(share({ title: "  " })))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.titleRequired,
    });
    expect(
      await failure(() =>
        author.caller.knowledge.share(share({ attachmentUploadId: "3f1c2a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60" })),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.uploadInvalidFile });
    expect(await author.caller.knowledge.mine()).toEqual([]);
  });

  it("approving one submission twice at the same time credits its points once", async () => {
    const { author, id } = await pendingSubmission();
    const before = await standingOf(author.id);
    const results = await Promise.allSettled([
      admin.inbox.review({ id, decision: "approved", points: 100 }),
      admin.inbox.review({ id, decision: "approved", points: 100 }),
    ]);
    expect(results.map(outcome).sort()).toEqual([`CONFLICT: ${Msg.submissionReviewed}`, "OK"]);
    expect((await standingOf(author.id)).points).toBe(before.points + 100);
    const ledger = await ledgerOf(author.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 100, reason: "knowledge_approved", sourceId: String(id) });
    const row = await submissionRow(id);
    expect(row).toMatchObject({ status: "approved", pointsAwarded: 100, reviewedBy: adminId });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect(await author.caller.knowledge.mine()).toEqual([
      expect.objectContaining({ id, status: "approved", pointsAwarded: 100 }),
    ]);
  });

  it("two admins approving at once with different points: one wins, and the points match its award", async () => {
    const other = (await t.actor("admin")).caller;
    const { author, id } = await pendingSubmission();
    const results = await Promise.allSettled([
      admin.inbox.review({ id, decision: "approved", points: 200 }),
      other.inbox.review({ id, decision: "approved", points: 50 }),
    ]);
    expect(results.map(outcome).sort()).toEqual([`CONFLICT: ${Msg.submissionReviewed}`, "OK"]);
    const awarded = results[0]!.status === "fulfilled" ? 200 : 50;
    expect((await submissionRow(id)).pointsAwarded).toBe(awarded);
    expect((await standingOf(author.id)).points).toBe(awarded);
    expect((await ledgerOf(author.id)).map((r) => r.delta)).toEqual([awarded]);
  });

  it("approve and reject at the same time: exactly one decision, and points only if approved", async () => {
    const { author, id } = await pendingSubmission();
    const [approve, reject] = await Promise.allSettled([
      admin.inbox.review({ id, decision: "approved", points: 200 }),
      admin.inbox.review({ id, decision: "rejected", notes: "Duplicate" }),
    ]);
    const row = await submissionRow(id);
    if (approve.status === "fulfilled") {
      expect(outcome(reject)).toBe(`CONFLICT: ${Msg.submissionReviewed}`);
      expect(row).toMatchObject({ status: "approved", pointsAwarded: 200, adminNotes: null });
      expect((await standingOf(author.id)).points).toBe(200);
      expect(await ledgerOf(author.id)).toHaveLength(1);
    } else {
      expect(outcome(approve)).toBe(`CONFLICT: ${Msg.submissionReviewed}`);
      expect(outcome(reject)).toBe("OK");
      expect(row).toMatchObject({ status: "rejected", pointsAwarded: null, adminNotes: "Duplicate" });
      expect((await standingOf(author.id)).points).toBe(0);
      expect(await ledgerOf(author.id)).toEqual([]);
    }
  });

  it("approval defaults to 50 points", async () => {
    const { author, id } = await pendingSubmission();
    await admin.inbox.review({ id, decision: "approved" });
    expect((await submissionRow(id)).pointsAwarded).toBe(50);
    expect((await standingOf(author.id)).points).toBe(50);
  });

  it("rejecting stores the status, reviewer, time and notes, and credits nothing", async () => {
    const { author, id } = await pendingSubmission();
    const started = Date.now();
    expect(await admin.inbox.review({ id, decision: "rejected", notes: "  Please add a source.  " })).toEqual({
      ok: true,
    });
    const row = await submissionRow(id);
    expect(row).toMatchObject({
      status: "rejected",
      reviewedBy: adminId,
      adminNotes: "Please add a source.",
      pointsAwarded: null,
    });
    expect(row.reviewedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row.reviewedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await standingOf(author.id)).toEqual({ tier: "turquoise", points: 0 });
    expect(await ledgerOf(author.id)).toEqual([]);
    expect((await admin.inbox.list({ status: "rejected" })).find((r) => r.id === id)).toMatchObject({
      adminNotes: "Please add a source.",
    });
  });

  it("a submission that is not pending cannot be reviewed again; an unknown one is NOT_FOUND", async () => {
    const rejected = await pendingSubmission();
    await admin.inbox.review({ id: rejected.id, decision: "rejected" });
    const approved = await pendingSubmission();
    await admin.inbox.review({ id: approved.id, decision: "approved", points: 100 });
    const rejectedRow = await submissionRow(rejected.id);
    const approvedRow = await submissionRow(approved.id);

    for (const decision of ["approved", "rejected"] as const) {
      for (const s of [rejected, approved]) {
        expect(await failure(() => admin.inbox.review({ id: s.id, decision }))).toEqual({
          code: "CONFLICT",
          message: Msg.submissionReviewed,
        });
      }
    }
    // Nothing changed: neither the rows nor the points.
    expect(await submissionRow(rejected.id)).toEqual(rejectedRow);
    expect(await submissionRow(approved.id)).toEqual(approvedRow);
    expect(await ledgerOf(rejected.author.id)).toEqual([]);
    expect((await ledgerOf(approved.author.id)).map((r) => r.delta)).toEqual([100]);
    expect((await standingOf(approved.author.id)).points).toBe(100);

    expect((await failure(() => admin.inbox.review({ id: 999_999_999, decision: "approved" }))).code).toBe("NOT_FOUND");
    // @ts-expect-error: 75 is not one of the allowed awards
    expect((await failure(() => admin.inbox.review({ id: approved.id, decision: "approved", points: 75 }))).code).toBe(
      "BAD_REQUEST",
    );
  });

  it("members cannot review", async () => {
    const { id } = await pendingSubmission();
    const m = await member();
    expect((await failure(() => m.caller.inbox.review({ id, decision: "approved" }))).code).toBe("FORBIDDEN");
    expect((await submissionRow(id)).status).toBe("pending");
  });
});

describe("inbox.onPendingCount subscription", () => {
  it("yields the pending count, then the new count after a share and after a review", async () => {
    const ac = new AbortController();
    const a = await t.actor("admin", { signal: ac.signal });
    const author = await member();
    const iterable = await a.caller.inbox.onPendingCount();
    const it = iterable[Symbol.asyncIterator]();
    try {
      const first = await withTimeout(it.next(), 5_000, "the first count");
      expect(first).toEqual({ done: false, value: await countPendingKnowledge(t.db) });
      const start = first.value as number;

      // Ask for the next value before the change, as the WebSocket adapter does.
      const second = it.next();
      const { id } = (await author.caller.knowledge.share(share()))!;
      expect(await withTimeout(second, 5_000, "the count after a share")).toEqual({ done: false, value: start + 1 });

      const third = it.next();
      await admin.inbox.review({ id, decision: "approved" });
      expect(await withTimeout(third, 5_000, "the count after a review")).toEqual({ done: false, value: start });

      const fourth = it.next();
      ac.abort();
      expect(await withTimeout(fourth, 5_000, "the end after abort")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await it.return?.();
    }
  });

  it("is refused to members before any value", async () => {
    const m = await member();
    const code = await failure(async () => {
      const iterable = await m.caller.inbox.onPendingCount();
      await iterable[Symbol.asyncIterator]().next();
    });
    expect(code.code).toBe("FORBIDDEN");
  });
});

// ── Help requests ───────────────────────────────────────────────────────────────────────

describe("help requests and the monthly quota", () => {
  it("every country of the knowledge and help forms is in the reference list", async () => {
    const rows = await t.db
      .select({ code: countries.code })
      .from(countries)
      .where(inArray(countries.code, [...KNOWLEDGE_COUNTRIES]));
    expect(rows.map((r) => r.code).sort()).toEqual([...KNOWLEDGE_COUNTRIES].sort());
  });

  it("ten parallel requests by a Turquoise member create exactly two", async () => {
    const m = await member({ tier: "turquoise" });
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: 2, remaining: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => m.caller.help.submit(help({ title: `Request ${i}` }))),
    );
    const outcomes = results.map(outcome);
    expect(outcomes.filter((o) => o === "OK")).toHaveLength(2);
    expect(outcomes.filter((o) => o !== "OK")).toEqual(
      Array.from({ length: 8 }, () => `TOO_MANY_REQUESTS: ${Msg.requestLimitReached}`),
    );
    expect(Msg.requestLimitReached).toBe(
      "You've reached your monthly request limit. Upgrade your membership for more requests.",
    );
    const rows = await helpRowsOf(m.id);
    expect(rows).toHaveLength(2);
    expect(await memberRequestCountOf(m.id)).toBe(2);
    expect(await m.caller.help.quota()).toEqual({ used: 2, limit: 2, remaining: 0 });
    // Each created help request is linked to its own member request.
    const linked = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(new Set(linked.map((l) => l.memberRequestId)).size).toBe(2);
    expect(rows.map((r) => r.memberRequestId).sort()).toEqual(linked.map((l) => l.memberRequestId).sort());
  });

  it("a Silver member gets five", async () => {
    const m = await member({ tier: "silver" });
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: 5, remaining: 5 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => m.caller.help.submit(help())));
    const outcomes = results.map(outcome);
    expect(outcomes.filter((o) => o === "OK")).toHaveLength(5);
    expect(new Set(outcomes.filter((o) => o !== "OK"))).toEqual(
      new Set([`TOO_MANY_REQUESTS: ${Msg.requestLimitReached}`]),
    );
    expect(await helpRowsOf(m.id)).toHaveLength(5);
    expect(await memberRequestCountOf(m.id)).toBe(5);
    expect(await m.caller.help.quota()).toEqual({ used: 5, limit: 5, remaining: 0 });
  });

  it("a Gold member is unlimited", async () => {
    const m = await member({ tier: "gold" });
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: null, remaining: null });
    const results = await Promise.allSettled(Array.from({ length: 7 }, () => m.caller.help.submit(help())));
    expect(results.map(outcome)).toEqual(Array.from({ length: 7 }, () => "OK"));
    expect(await helpRowsOf(m.id)).toHaveLength(7);
    expect(await m.caller.help.quota()).toEqual({ used: 7, limit: null, remaining: null });
  });

  it("the quota counts this calendar month only, and follows the real tier after an upgrade", async () => {
    const m = await member({ tier: "turquoise", points: 500 });
    // Two requests last month do not count.
    const lastMonth = new Date(monthStart().getTime() - 24 * 3600_000);
    await t.db.insert(helpRequests).values(
      [1, 2].map(() => ({
        userId: m.id,
        helpType: "country_knowledge" as const,
        title: "Old",
        description: "Old request",
        targetCountry: "DE",
        createdAt: lastMonth,
      })),
    );
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: 2, remaining: 2 });
    await m.caller.help.submit(help());
    expect(await m.caller.help.quota()).toEqual({ used: 1, limit: 2, remaining: 1 });
    await m.caller.help.submit(help());
    expect(await failure(() => m.caller.help.submit(help()))).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: Msg.requestLimitReached,
    });

    // Upgrading to Silver lifts the limit to five at once.
    expect(await m.caller.points.upgrade({ tier: "silver" })).toEqual({ tier: "silver", points: 0 });
    const after = await fresh(m.token);
    expect(await after.help.quota()).toEqual({ used: 2, limit: 5, remaining: 3 });
    await after.help.submit(help());
    expect(await after.help.quota()).toEqual({ used: 3, limit: 5, remaining: 2 });
  });

  it("a refused request uses no quota and stores nothing", async () => {
    const m = await member({ tier: "turquoise" });
    expect(await failure(() => m.caller.help.submit(help({ targetCountry: null })))).toEqual({
      code: "BAD_REQUEST",
      message: "This field is required for this type of help.",
    });
    expect(await failure(() => m.caller.help.submit(help({ targetCountry: "ZZ" })))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.invalidCountry,
    });
    expect(await failure(() => m.caller.help.submit(help({ title: "" })))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.titleRequired,
    });
    expect(await helpRowsOf(m.id)).toEqual([]);
    expect(await memberRequestCountOf(m.id)).toBe(0);
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: 2, remaining: 2 });
  });

  it("enforces each help type's required field", async () => {
    const m = await member({ tier: "gold" });
    const cases: Partial<HelpRequestInput>[] = [
      { helpType: "country_knowledge", targetCountry: null },
      { helpType: "product_experience", targetCountry: "DE", productCategory: null },
      { helpType: "hire_expert", targetCountry: "DE", expertiseAreas: [] },
      { helpType: "trade_services", targetCountry: "DE", serviceType: null },
      { helpType: "documents", targetCountry: "DE", productCategory: null },
      { helpType: "collaboration", targetCountry: "DE", productCategory: null },
    ];
    for (const c of cases) {
      expect(await failure(() => m.caller.help.submit(help(c))), c.helpType).toEqual({
        code: "BAD_REQUEST",
        message: Msg.helpFieldRequired,
      });
    }
    expect(await helpRowsOf(m.id)).toEqual([]);
  });

  it("stores the help request and its member request, routed to matching members", async () => {
    const requester = await member({ tier: "gold", name: "Helpless Hamid" });
    const byCountry = await member({ countries: ["IT"] });
    const bySector = await member({ sectors: ["food_beverages"] });
    const byActivity = await member({ activities: ["export_service_provider"] });
    const byExporter = await member({ activities: ["exporter"] });
    const byExpert = await member({ activities: ["export_expert"] });
    const nobody = await member({ countries: ["JP"], sectors: ["automotive"] });

    const received = async (m: Member) =>
      (await m.caller.memberRequests.received({})).items.filter((i) => i.requesterName === "Helpless Hamid");

    // Country knowledge → knowledge_sharing, to members targeting the country (and experts).
    const countryHelp = await requester.caller.help.submit(
      help({
        helpType: "country_knowledge",
        title: "  Customs in Italy  ",
        targetCountry: "IT",
        urgency: "high",
        budgetRange: " 1000 EUR ",
        additionalDetails: "",
      }),
    );
    const [helpRow] = await t.db.select().from(helpRequests).where(eq(helpRequests.id, countryHelp.id));
    expect(helpRow).toMatchObject({
      userId: requester.id,
      memberRequestId: countryHelp.memberRequestId,
      helpType: "country_knowledge",
      title: "Customs in Italy",
      targetCountry: "IT",
      urgency: "high",
      budgetRange: "1000 EUR",
      additionalDetails: null,
    });
    const [req] = await t.db.select().from(memberRequests).where(eq(memberRequests.id, countryHelp.memberRequestId));
    expect(req).toMatchObject({
      userId: requester.id,
      title: "Customs in Italy",
      description: "We export pistachios and look for a distributor.",
      targetCountry: "IT",
      sector: null,
      requestType: "knowledge_sharing",
      urgency: "urgent",
      status: "active",
    });
    expect((await received(byCountry)).map((i) => i.id)).toEqual([countryHelp.memberRequestId]);
    expect((await received(byCountry))[0]).toMatchObject({ title: "Customs in Italy", countryCode: "IT" });
    expect((await received(byExpert)).map((i) => i.id)).toEqual([countryHelp.memberRequestId]);
    expect(await received(bySector)).toEqual([]);
    expect(await received(byActivity)).toEqual([]);
    expect(await received(nobody)).toEqual([]);
    expect(await received(requester)).toEqual([]);

    // Product experience → the category's sector.
    const productHelp = await requester.caller.help.submit(
      help({ helpType: "product_experience", targetCountry: null, productCategory: "saffron_spices" }),
    );
    const [productReq] = await t.db
      .select()
      .from(memberRequests)
      .where(eq(memberRequests.id, productHelp.memberRequestId));
    expect(productReq).toMatchObject({ sector: "food_beverages", targetCountry: null, urgency: "normal" });
    expect((await received(bySector)).map((i) => i.id)).toEqual([productHelp.memberRequestId]);
    expect((await received(byCountry)).map((i) => i.id)).toEqual([countryHelp.memberRequestId]);

    // Trade services → commercial assistance (service providers); collaboration → co-marketing (exporters).
    const tradeHelp = await requester.caller.help.submit(
      help({ helpType: "trade_services", targetCountry: null, serviceType: "legal" }),
    );
    expect((await received(byActivity)).map((i) => i.id)).toEqual([tradeHelp.memberRequestId]);
    const collab = await requester.caller.help.submit(
      help({ helpType: "collaboration", targetCountry: null, productCategory: "auto_parts" }),
    );
    expect((await received(byExporter)).map((i) => i.id)).toEqual([collab.memberRequestId]);
    // auto_parts routes to the automotive sector.
    expect((await received(nobody)).map((i) => i.id)).toEqual([collab.memberRequestId]);

    // The matching member can answer it like any other request.
    const { id: responseId } = await byCountry.caller.memberRequests.respond({
      requestId: countryHelp.memberRequestId,
      message: "Our broker in Genoa can help.",
      contactEmail: "genoa@example.com",
      contactPhone: "",
      contactWhatsapp: "",
    });
    expect((await requester.caller.offers.list()).map((o) => o.id)).toContain(responseId);
  });
});

// ── Points and tiers ───────────────────────────────────────────────────────────────────

describe("points.upgrade", () => {
  it("without enough points is refused and changes nothing", async () => {
    for (const [tier, points] of [
      ["silver", 499],
      ["gold", 1199],
    ] as const) {
      const m = await member({ points });
      expect(await failure(() => m.caller.points.upgrade({ tier }))).toEqual({
        code: "BAD_REQUEST",
        message: "You do not have enough points for this tier.",
      });
      expect(await standingOf(m.id)).toEqual({ tier: "turquoise", points });
      expect(await ledgerOf(m.id)).toEqual([]);
    }
  });

  it("a downgrade or the same tier is refused", async () => {
    for (const [from, to] of [
      ["turquoise", "turquoise"],
      ["silver", "silver"],
      ["gold", "silver"],
      ["gold", "turquoise"],
    ] as const) {
      const m = await member({ tier: from, points: 5000 });
      expect(await failure(() => m.caller.points.upgrade({ tier: to }))).toEqual({
        code: "BAD_REQUEST",
        message: "You already have this tier or a higher one.",
      });
      expect(await standingOf(m.id)).toEqual({ tier: from, points: 5000 });
      expect(await ledgerOf(m.id)).toEqual([]);
    }
  });

  it("an upgrade spends the cost and writes the ledger row", async () => {
    const m = await member({ points: 650 });
    expect(await m.caller.points.upgrade({ tier: "silver" })).toEqual({ tier: "silver", points: 150 });
    expect(await ledgerOf(m.id)).toEqual([
      expect.objectContaining({ delta: -500, reason: "tier_upgrade", sourceId: `${m.id}:silver` }),
    ]);
  });

  /** Points never negative, ledger sum equals the change of balance, at most one upgrade per tier. */
  async function expectConsistent(id: string, start: number) {
    const standing = await standingOf(id);
    const ledger = await ledgerOf(id);
    expect(standing.points).toBeGreaterThanOrEqual(0);
    expect(ledger.reduce((s, r) => s + r.delta, 0)).toBe(standing.points - start);
    expect(new Set(ledger.map((r) => r.sourceId)).size).toBe(ledger.length);
    return { standing, ledger };
  }

  it("Silver and Gold at once with 1200 points spend once", async () => {
    const m = await member({ points: 1200 });
    const [silver, gold] = (
      await Promise.allSettled([m.caller.points.upgrade({ tier: "silver" }), m.caller.points.upgrade({ tier: "gold" })])
    ).map(outcome);
    const { standing, ledger } = await expectConsistent(m.id, 1200);
    expect(ledger).toHaveLength(1);
    if (silver === "OK") {
      expect(gold).toBe(`BAD_REQUEST: ${Msg.notEnoughPoints}`);
      expect(standing).toEqual({ tier: "silver", points: 700 });
    } else {
      expect(silver).toBe(`BAD_REQUEST: ${Msg.noDowngrade}`);
      expect(gold).toBe("OK");
      expect(standing).toEqual({ tier: "gold", points: 0 });
    }
  });

  it("two Gold upgrades at once with 1200 points spend once", async () => {
    const m = await member({ points: 1200 });
    const results = await Promise.allSettled([
      m.caller.points.upgrade({ tier: "gold" }),
      m.caller.points.upgrade({ tier: "gold" }),
    ]);
    expect(results.map(outcome).sort()).toEqual([`BAD_REQUEST: ${Msg.noDowngrade}`, "OK"]);
    const { standing, ledger } = await expectConsistent(m.id, 1200);
    expect(standing).toEqual({ tier: "gold", points: 0 });
    expect(ledger).toHaveLength(1);
  });
});

// ── Q&A ─────────────────────────────────────────────────────────────────────────────────

describe("Q&A", () => {
  it("a draft is invisible to members; admins create, publish, edit and delete", async () => {
    const m = await member();
    const draft = (await admin.qa.create({
      question: "  Is there a fee?  ",
      answer: "No, membership is free.",
      subsection: "club_related",
      isPublished: false,
    }))!;
    const published = (await admin.qa.create({
      question: "What is an HS code?",
      answer: "A customs classification number.",
      subsection: "export_related",
      isPublished: true,
    }))!;
    const [draftRow] = await t.db.select().from(qaItems).where(eq(qaItems.id, draft.id));
    expect(draftRow).toMatchObject({ question: "Is there a fee?", isPublished: false, createdBy: adminId });

    const memberIds = async () => (await m.caller.qa.list()).map((q) => q.id);
    expect(await memberIds()).toContain(published.id);
    expect(await memberIds()).not.toContain(draft.id);
    expect((await m.caller.qa.list()).find((q) => q.id === published.id)).toEqual({
      id: published.id,
      question: "What is an HS code?",
      answer: "A customs classification number.",
      subsection: "export_related",
    });
    const adminIds = (await admin.qa.adminList()).map((q) => q.id);
    expect(adminIds).toEqual(expect.arrayContaining([draft.id, published.id]));
    expect((await admin.qa.adminList()).find((q) => q.id === draft.id)).toMatchObject({ isPublished: false });

    // Publishing the draft shows it; unpublishing the other hides it.
    expect(
      await admin.qa.update({
        id: draft.id,
        question: "Is there a fee?",
        answer: "No, the membership is free of charge.",
        subsection: "club_related",
        isPublished: true,
      }),
    ).toEqual({ id: draft.id });
    await admin.qa.update({
      id: published.id,
      question: "What is an HS code?",
      answer: "A customs classification number.",
      subsection: "export_related",
      isPublished: false,
    });
    expect(await memberIds()).toContain(draft.id);
    expect(await memberIds()).not.toContain(published.id);
    const [updated] = await t.db.select().from(qaItems).where(eq(qaItems.id, draft.id));
    expect(updated).toMatchObject({ answer: "No, the membership is free of charge.", isPublished: true });
    expect(updated!.updatedAt).toBeInstanceOf(Date);

    expect(await admin.qa.delete({ id: draft.id })).toEqual({ ok: true });
    expect(await memberIds()).not.toContain(draft.id);
    expect((await admin.qa.adminList()).map((q) => q.id)).not.toContain(draft.id);
    expect((await failure(() => admin.qa.delete({ id: draft.id }))).code).toBe("NOT_FOUND");
    expect(
      (
        await failure(() =>
          admin.qa.update({ id: draft.id, question: "Q", answer: "A", subsection: "club_related", isPublished: true }),
        )
      ).code,
    ).toBe("NOT_FOUND");
  });

  it("refuses blank questions and answers, and members cannot manage", async () => {
    expect(
      await failure(() =>
        admin.qa.create({ question: " ", answer: "A", subsection: "club_related", isPublished: true }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.questionRequired });
    expect(
      await failure(() =>
        admin.qa.create({ question: "Q", answer: "", subsection: "club_related", isPublished: true }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.answerRequired });
    const m = await member();
    expect(
      (
        await failure(() =>
          m.caller.qa.create({ question: "Q", answer: "A", subsection: "club_related", isPublished: true }),
        )
      ).code,
    ).toBe("FORBIDDEN");
    expect((await failure(() => m.caller.qa.adminList())).code).toBe("FORBIDDEN");
  });
});

// ── The 3-star bonus ────────────────────────────────────────────────────────────────────

/** A request by a fresh member, answered by a fresh member who targets its country. */
async function answered(country = "FR") {
  const requester = await member();
  const responder = await member({ countries: [country] });
  const { id: requestId } = await requester.caller.memberRequests.submit({
    productId: null,
    countryCode: country,
    requestType: "co_marketing",
    description: "Looking for a distributor of dried fruit",
  });
  const { id: responseId } = await responder.caller.memberRequests.respond({
    requestId,
    message: "We distribute in that market.",
    contactEmail: "offer@example.com",
    contactPhone: "",
    contactWhatsapp: "",
  });
  return { requester, responder, requestId, responseId };
}

describe("the helpful-answer bonus", () => {
  it("a 3-star rating credits 15 points to the responder, once", async () => {
    const { requester, responder, responseId } = await answered();
    expect(await requester.caller.offers.rate({ responseId, rating: 3 })).toEqual({ ok: true });
    expect((await standingOf(responder.id)).points).toBe(15);
    expect(await ledgerOf(responder.id)).toEqual([
      expect.objectContaining({ delta: 15, reason: "helpful_answer", sourceId: String(responseId) }),
    ]);
    expect(await ledgerOf(requester.id)).toEqual([]);

    for (const rating of [3, 2]) {
      expect(await failure(() => requester.caller.offers.rate({ responseId, rating }))).toEqual({
        code: "CONFLICT",
        message: Msg.alreadyRated,
      });
    }
    expect((await standingOf(responder.id)).points).toBe(15);
    expect(await ledgerOf(responder.id)).toHaveLength(1);
  });

  it("a 2-star or 1-star rating pays nothing", async () => {
    for (const rating of [2, 1]) {
      const { requester, responder, responseId } = await answered();
      await requester.caller.offers.rate({ responseId, rating });
      expect((await standingOf(responder.id)).points).toBe(0);
      expect(await ledgerOf(responder.id)).toEqual([]);
      const [row] = await t.db.select().from(memberResponses).where(eq(memberResponses.id, responseId));
      expect(row!.rating).toBe(rating);
    }
  });

  it("two 3-star ratings at once pay once; someone else's offer cannot be rated", async () => {
    const { requester, responder, responseId } = await answered();
    const outsider = await member();
    expect((await failure(() => outsider.caller.offers.rate({ responseId, rating: 3 }))).code).toBe("NOT_FOUND");
    const results = await Promise.allSettled([
      requester.caller.offers.rate({ responseId, rating: 3 }),
      requester.caller.offers.rate({ responseId, rating: 3 }),
    ]);
    expect(results.map(outcome).sort()).toEqual([`CONFLICT: ${Msg.alreadyRated}`, "OK"]);
    expect((await standingOf(responder.id)).points).toBe(15);
    expect(await ledgerOf(responder.id)).toHaveLength(1);
  });

  it("each helpful answer pays separately", async () => {
    const responder = await member({ countries: ["FR"] });
    for (let i = 0; i < 2; i++) {
      const requester = await member();
      const { id: requestId } = await requester.caller.memberRequests.submit({
        productId: null,
        countryCode: "FR",
        requestType: "co_marketing",
        description: `Request number ${i}`,
      });
      const { id: responseId } = await responder.caller.memberRequests.respond({
        requestId,
        message: "Happy to help.",
        contactEmail: "r@example.com",
        contactPhone: "",
        contactWhatsapp: "",
      });
      await requester.caller.offers.rate({ responseId, rating: 3 });
    }
    expect((await standingOf(responder.id)).points).toBe(30);
    expect((await ledgerOf(responder.id)).map((r) => r.delta)).toEqual([15, 15]);
  });
});

// ── Leaderboard and dashboard figures ─────────────────────────────────────────────────

describe("leaderboard.list", () => {
  // Far above anything the other tests award, so these members lead.
  const BIG = 10_000_000;

  it("allTime ranks approved, active members by balance with ties, and shows the viewer", async () => {
    const first = await member({ points: BIG + 2000, name: "Zz Leader" });
    const tieB = await member({ points: BIG + 1000, name: "Bb Tied" });
    const tieA = await member({ points: BIG + 1000, name: "Aa Tied" });
    const fourth = await member({ points: BIG, name: "Fourth" });
    const pendingRich = await t.createUser({ status: "pending", name: "Pending Rich" });
    await t.db
      .update(profiles)
      .set({ points: BIG * 5 })
      .where(eq(profiles.userId, pendingRich.id));
    const suspended = await member({ points: BIG * 5, name: "Suspended Rich" });
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const viewer = await member({ points: 7 });

    const board = await viewer.caller.leaderboard.list({ period: "allTime", limit: 4 });
    expect(board.top.map((r) => [r.name, r.rank, r.points])).toEqual([
      ["Zz Leader", 1, BIG + 2000],
      ["Aa Tied", 2, BIG + 1000],
      ["Bb Tied", 2, BIG + 1000],
      ["Fourth", 4, BIG],
    ]);
    expect(board.top[0]).toMatchObject({ userId: first.id, tier: "turquoise", activities: [] });
    expect(board.top.map((r) => r.userId)).toEqual([first.id, tieA.id, tieB.id, fourth.id]);
    for (const r of board.top) {
      expect(typeof r.rank).toBe("number");
      expect(typeof r.points).toBe("number");
    }

    // The viewer's own rank: one more than the active members with more points.
    const all = await t.db
      .select({ points: profiles.points, suspendedAt: users.suspendedAt, status: profiles.approvalStatus })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId));
    const expectedRank =
      all.filter((r) => r.status === "approved" && r.suspendedAt === null && r.points > 7).length + 1;
    expect(board.me).toMatchObject({ userId: viewer.id, points: 7, rank: expectedRank });

    const leaderView = await first.caller.leaderboard.list({ period: "allTime" });
    expect(leaderView.me).toMatchObject({ userId: first.id, rank: 1, points: BIG + 2000 });
    expect(leaderView.top.length).toBeLessThanOrEqual(20);
    expect(leaderView.top.map((r) => r.userId)).not.toContain(suspended.id);
    expect(leaderView.top.map((r) => r.userId)).not.toContain(pendingRich.id);
    // A suspended member is not ranked, even for themselves.
    await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, suspended.id));
    const back = await fresh(suspended.token);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect((await back.leaderboard.list({ period: "allTime" })).me).toBeNull();
  });

  it("month counts only the positive ledger rows of this month", async () => {
    const now = Date.now();
    const lastMonth = new Date(monthStart().getTime() - 24 * 3600_000);
    const earner = await member({ name: "Month Earner" });
    const spender = await member({ name: "Month Spender", points: 999 });
    const veteran = await member({ name: "Veteran", points: BIG * 10 });
    const viewer = await member();
    await t.db.insert(pointsLedger).values([
      // earner: 3 000 000 this month
      { userId: earner.id, delta: 2_000_000, reason: "knowledge_approved", sourceId: `m-${now}-1` },
      { userId: earner.id, delta: 1_000_000, reason: "helpful_answer", sourceId: `m-${now}-2` },
      // spender: 2 000 000 earned this month, a spend this month, a big award last month
      { userId: spender.id, delta: 2_000_000, reason: "knowledge_approved", sourceId: `m-${now}-3` },
      { userId: spender.id, delta: -1_500_000, reason: "tier_upgrade", sourceId: `m-${now}-4` },
      {
        userId: spender.id,
        delta: 5_000_000,
        reason: "knowledge_approved",
        sourceId: `m-${now}-5`,
        createdAt: lastMonth,
      },
      // veteran: everything last month
      {
        userId: veteran.id,
        delta: BIG * 10,
        reason: "knowledge_approved",
        sourceId: `m-${now}-6`,
        createdAt: lastMonth,
      },
    ]);

    const board = await viewer.caller.leaderboard.list({ period: "month", limit: 2 });
    expect(board.top.map((r) => [r.userId, r.rank, r.points])).toEqual([
      [earner.id, 1, 3_000_000],
      [spender.id, 2, 2_000_000],
    ]);
    expect(typeof board.top[0]!.points).toBe("number");
    const full = await viewer.caller.leaderboard.list({ period: "month", limit: 100 });
    expect(full.top.map((r) => r.userId)).not.toContain(veteran.id);
    expect(full.top.every((r) => r.points > 0)).toBe(true);
    expect((await spender.caller.leaderboard.list({ period: "month" })).me).toMatchObject({
      userId: spender.id,
      rank: 2,
      points: 2_000_000,
    });
    // Nothing earned this month: not ranked.
    expect(board.me).toBeNull();
    // The all-time board still ranks the veteran by balance.
    expect((await veteran.caller.leaderboard.list({ period: "allTime" })).me).toMatchObject({ rank: 1 });
  });
});

describe("dashboard.memberCounts", () => {
  it("counts approved, unsuspended members, and those active in the last 30 days", async () => {
    const viewer = await member();
    const before = await viewer.caller.dashboard.memberCounts();
    const active = await member();
    const dormant = await member();
    const suspended = await member();
    const pending = await t.createUser({ status: "pending" });
    const day = 24 * 3600_000;
    await t.db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, active.id));
    await t.db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - 40 * day) })
      .where(eq(users.id, dormant.id));
    await t.db
      .update(users)
      .set({ lastActiveAt: new Date(), suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    await t.db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, pending.id));

    const after = await viewer.caller.dashboard.memberCounts();
    expect(after).toEqual({ total: before.total + 2, active: before.active + 1 });

    // And the figures are the real ones.
    const all = await t.db
      .select({ status: profiles.approvalStatus, suspendedAt: users.suspendedAt, lastActiveAt: users.lastActiveAt })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId));
    const counted = all.filter((r) => r.status === "approved" && r.suspendedAt === null);
    expect(after.total).toBe(counted.length);
    expect(after.active).toBe(
      counted.filter((r) => r.lastActiveAt && r.lastActiveAt.getTime() >= Date.now() - 30 * day).length,
    );
  });
});

describe("dashboard.recentActivity", () => {
  it("lists approved shares, active requests and answers, newest first, with names", async () => {
    const stamp = Date.now().toString(36);
    const sharer = await member({ name: `Sharer ${stamp}` });
    const requester = await member({ name: `Requester ${stamp}` });
    const helper = await member({ name: `Helper ${stamp}`, countries: ["ES"] });

    const approved = await pendingSubmission({ title: `Approved tip ${stamp}` }, sharer);
    await admin.inbox.review({ id: approved.id, decision: "approved" });
    const rejected = await pendingSubmission({ title: `Rejected tip ${stamp}` }, sharer);
    await admin.inbox.review({ id: rejected.id, decision: "rejected" });
    await pendingSubmission({ title: `Pending tip ${stamp}` }, sharer);

    const closed = await requester.caller.memberRequests.submit({
      productId: null,
      countryCode: "ES",
      requestType: "co_marketing",
      description: `Closed request ${stamp}`,
    });
    await t.db.update(memberRequests).set({ status: "closed" }).where(eq(memberRequests.id, closed.id));
    const helpReq = await requester.caller.help.submit(
      help({ title: `Help title ${stamp}`, targetCountry: "ES", description: `Help description ${stamp}` }),
    );
    await helper.caller.memberRequests.respond({
      requestId: helpReq.memberRequestId,
      message: "We know the Spanish market.",
      contactEmail: "es@example.com",
      contactPhone: "",
      contactWhatsapp: "",
    });

    const activity = await helper.caller.dashboard.recentActivity();
    expect(activity.length).toBeLessThanOrEqual(10);
    const times = activity.map((a) => a.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const a of activity) expect(a.at).toBeInstanceOf(Date);

    const mine = activity.filter((a) => a.name.endsWith(stamp)).map((a) => [a.kind, a.name, a.subject]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ["shared", `Sharer ${stamp}`, `Approved tip ${stamp}`],
        ["requested", `Requester ${stamp}`, `Help title ${stamp}`],
        ["helped", `Helper ${stamp}`, `Help description ${stamp}`],
      ]),
    );
    expect(mine).toHaveLength(3);
    // The answer came last, so it leads.
    expect(activity[0]).toMatchObject({ kind: "helped", name: `Helper ${stamp}` });
  });
});
