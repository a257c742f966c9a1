/**
 * Services (issue #15 §1, §4): publish → pending (not searchable) → approve → searchable; reject
 * with a note (without one: 400); edit → pending again; pause hides, resume shows; who may
 * publish, edit, pause and review; the decision e-mail; the admin badge; the directory.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import type { ServiceFilter } from "../../common/services";
import { type Caller, createTestApp, expectTRPCError, type Member, type TestApp, withTimeout } from "../../test/app";
import { serviceInput } from "../../test/fixtures";
import { emailOutbox, services } from "../db/schema";
import { countPendingServices } from "../domain/services";

let t: TestApp;
let admin: Caller;
let adminId: string;
/** A member who searches (not a provider). */
let seeker: Member;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.actor("admin");
  admin = a.caller;
  adminId = a.user!.id;
  seeker = await t.member();
});

afterAll(async () => {
  await t?.close();
});

/** The dialog's search for the sample service (online logistics consultancy). */
const LOGISTICS: ServiceFilter = {
  serviceType: "consultancy",
  exportService: "logistics",
  sector: null,
  country: null,
};

/** A fresh provider (export expert unless told otherwise) with one service of the sample's fields. */
async function published(over: Parameters<typeof serviceInput>[0] = {}, locale?: "en" | "fa") {
  const provider = await t.member({ activities: ["export_expert"], locale });
  const { id } = await provider.caller.services.create(serviceInput(over));
  return { provider, id };
}

async function searchIds(f: ServiceFilter = LOGISTICS, by: Member = seeker) {
  return (await by.caller.services.search(f)).map((s) => s.id);
}

async function row(id: number) {
  const [r] = await t.db.select().from(services).where(eq(services.id, id));
  if (!r) throw new Error(`no service ${id}`);
  return r;
}

describe("publish and review", () => {
  it("publish → pending and not searchable → approve → searchable with the provider's name", async () => {
    const { provider, id } = await published({ title: "Unique logistics A" });
    expect(await row(id)).toMatchObject({ status: "pending", paused: false, providerId: provider.id });
    expect(await searchIds()).not.toContain(id);
    expect(await provider.caller.services.mine()).toEqual([
      expect.objectContaining({ id, status: "pending", title: "Unique logistics A", adminNotes: null }),
    ]);

    await admin.services.review({ id, decision: "approved" });
    expect(await row(id)).toMatchObject({ status: "approved", reviewedBy: adminId });
    const found = (await seeker.caller.services.search(LOGISTICS)).find((s) => s.id === id);
    expect(found).toMatchObject({ title: "Unique logistics A", providerName: provider.name, providerId: provider.id });
    // Other filters: the export service, the type, the sector and the country narrow it.
    expect(await searchIds({ ...LOGISTICS, exportService: "e_commerce" })).not.toContain(id);
    expect(await searchIds({ ...LOGISTICS, serviceType: "training" })).not.toContain(id);
    expect(await searchIds({ ...LOGISTICS, sector: "agriculture", country: "DE" })).toContain(id);
    expect(await searchIds({ ...LOGISTICS, country: "FR" })).not.toContain(id);
    // Never the provider's own service.
    expect(await searchIds(LOGISTICS, provider)).not.toContain(id);
  });

  it("reject needs a note (400 with the message); with one the provider reads it", async () => {
    const { provider, id } = await published();
    const res = await t.mutation(
      "services.review",
      { id, decision: "rejected", notes: "" },
      { token: (await t.actor("admin")).token },
    );
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(Msg.serviceRejectNoteRequired);
    expect((await row(id)).status).toBe("pending");

    await admin.services.review({ id, decision: "rejected", notes: "Please name your references." });
    expect((await provider.caller.services.get({ id })).adminNotes).toBe("Please name your references.");
    expect(await searchIds()).not.toContain(id);
  });

  it("a second review of the same service is refused with Msg.serviceReviewed", async () => {
    const { id } = await published();
    await admin.services.review({ id, decision: "approved" });
    await expectTRPCError(
      admin.services.review({ id, decision: "rejected", notes: "Late" }),
      "CONFLICT",
      Msg.serviceReviewed,
    );
    await expectTRPCError(admin.services.review({ id: 987654321, decision: "approved" }), "NOT_FOUND", Msg.notFound);
    expect((await row(id)).status).toBe("approved");
  });

  it("the review lists and counts per status", async () => {
    const { id } = await published({ title: "Listed for review" });
    const pending = await admin.services.reviewList({ status: "pending" });
    expect(pending.items.find((s) => s.id === id)).toMatchObject({ title: "Listed for review", status: "pending" });
    expect(pending.counts.pending).toBe(await countPendingServices(t.db));
    await admin.services.review({ id, decision: "approved" });
    expect((await admin.services.reviewList({ status: "pending" })).items.map((s) => s.id)).not.toContain(id);
    expect((await admin.services.reviewList({ status: "approved" })).items.map((s) => s.id)).toContain(id);
  });

  it("queues the decision e-mail in the provider's language, with the note and a link to My services", async () => {
    const en = await published({ title: "Mail EN" });
    const fa = await published({ title: "Mail FA" }, "fa");
    await admin.services.review({ id: en.id, decision: "rejected", notes: "Add your city." });
    await admin.services.review({ id: fa.id, decision: "approved" });
    const mails = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id));
    const enMail = mails.find((m) => m.toAddress === en.provider.email);
    const faMail = mails.find((m) => m.toAddress === fa.provider.email);
    expect(enMail?.subject).toBe("Your Export Club service was not approved");
    expect(enMail?.textBody).toContain("Add your city.");
    expect(enMail?.textBody).toContain("Mail EN");
    expect(enMail?.textBody).toContain("/services/mine");
    expect(faMail?.subject).toBe("خدمت شما در باشگاه صادرات تأیید شد");
    expect(faMail?.textBody).toContain("/services/mine");
  });
});

describe("the provider's side", () => {
  it("edit → pending again with the review cleared, not searchable until approved again", async () => {
    const { provider, id } = await published();
    await admin.services.review({ id, decision: "approved", notes: "Fine" });
    await provider.caller.services.pause({ id });
    await provider.caller.services.update({ id, service: serviceInput({ title: "Edited title" }) });
    expect(await row(id)).toMatchObject({
      title: "Edited title",
      status: "pending",
      paused: false,
      reviewedBy: null,
      reviewedAt: null,
      adminNotes: null,
    });
    expect(await searchIds()).not.toContain(id);
    await admin.services.review({ id, decision: "approved" });
    expect(await searchIds()).toContain(id);
  });

  it("pause hides an approved service, resume shows it; a pending one cannot be paused", async () => {
    const { provider, id } = await published();
    await expectTRPCError(provider.caller.services.pause({ id }), "BAD_REQUEST", Msg.serviceNotApproved);
    await admin.services.review({ id, decision: "approved" });
    await provider.caller.services.pause({ id });
    expect((await provider.caller.services.get({ id })).paused).toBe(true);
    expect(await searchIds()).not.toContain(id);
    await provider.caller.services.resume({ id });
    expect(await searchIds()).toContain(id);
  });

  it("members who are not experts, providers or consultants (C) may not publish", async () => {
    const exporter = await t.member({ activities: ["exporter"] });
    await expectTRPCError(exporter.caller.services.create(serviceInput()), "FORBIDDEN", Msg.servicePublishNotAllowed);
    const provider = await t.member({ activities: ["export_service_provider"] });
    await provider.caller.services.create(serviceInput());
    const consultant = await t.member({
      activities: ["exporter"],
      activitySelections: { mainCategories: ["C"], details: {} },
    });
    await consultant.caller.services.create(serviceInput());
  });

  it("the 11th publish or edit of a day is TOO_MANY_REQUESTS and writes nothing", async () => {
    const provider = await t.member({ activities: ["export_expert"] });
    const { id } = await provider.caller.services.create(serviceInput({ title: "First" }));
    for (let i = 0; i < 8; i++) await provider.caller.services.create(serviceInput({ title: `More ${i}` }));
    await provider.caller.services.update({ id, service: serviceInput({ title: "Edited" }) });
    await expectTRPCError(
      provider.caller.services.create(serviceInput({ title: "One too many" })),
      "TOO_MANY_REQUESTS",
      Msg.serviceLimitReached,
    );
    await expectTRPCError(
      provider.caller.services.update({ id, service: serviceInput({ title: "Edited again" }) }),
      "TOO_MANY_REQUESTS",
      Msg.serviceLimitReached,
    );
    const mine = await t.db
      .select({ title: services.title })
      .from(services)
      .where(eq(services.providerId, provider.id));
    expect(mine).toHaveLength(9);
    expect(mine.map((m) => m.title)).toContain("Edited");
    // Another member's service id is NOT_FOUND before it counts against the limit.
    const other = await t.member({ activities: ["export_expert"] });
    await expectTRPCError(other.caller.services.update({ id, service: serviceInput() }), "NOT_FOUND", Msg.notFound);
  });

  it("refuses a country that is not in the reference list", async () => {
    const provider = await t.member({ activities: ["export_expert"] });
    await expectTRPCError(
      provider.caller.services.create(serviceInput({ country: "ZZ" })),
      "BAD_REQUEST",
      Msg.invalidCountry,
    );
    await expectTRPCError(
      provider.caller.services.create(serviceInput({ countries: ["DE", "QQ"] })),
      "BAD_REQUEST",
      Msg.invalidCountry,
    );
  });

  it("only the owner reads, edits, pauses or resumes a service (NOT_FOUND for others)", async () => {
    const { id } = await published();
    await admin.services.review({ id, decision: "approved" });
    const other = await t.member({ activities: ["export_expert"] });
    await expectTRPCError(other.caller.services.get({ id }), "NOT_FOUND", Msg.notFound);
    await expectTRPCError(
      other.caller.services.update({ id, service: serviceInput({ title: "Hijacked" }) }),
      "NOT_FOUND",
      Msg.notFound,
    );
    await expectTRPCError(other.caller.services.pause({ id }), "NOT_FOUND", Msg.notFound);
    await expectTRPCError(other.caller.services.resume({ id }), "NOT_FOUND", Msg.notFound);
    // Admins are not owners either.
    await expectTRPCError(admin.services.pause({ id }), "NOT_FOUND", Msg.notFound);
    expect(await row(id)).toMatchObject({ status: "approved", paused: false, title: serviceInput().title });
  });

  it("only admins review (FORBIDDEN for members, the provider included)", async () => {
    const { provider, id } = await published();
    await expectTRPCError(provider.caller.services.review({ id, decision: "approved" }), "FORBIDDEN", Msg.adminOnly);
    await expectTRPCError(seeker.caller.services.reviewList({ status: "pending" }), "FORBIDDEN", Msg.adminOnly);
    expect((await row(id)).status).toBe("pending");
  });

  it("a suspended provider's service is not searchable", async () => {
    const { provider, id } = await published();
    await admin.services.review({ id, decision: "approved" });
    expect(await searchIds()).toContain(id);
    await admin.adminMembers.suspend({ userId: provider.id, reason: "Spam reports" });
    expect(await searchIds()).not.toContain(id);
  });
});

describe("the directory", () => {
  it("a member's card and page show their approved, listed services only", async () => {
    const { provider, id } = await published({ title: "Directory service" });
    const hidden = (await provider.caller.services.create(serviceInput({ title: "Still pending" }))).id;
    const listedOf = async () => {
      const page = await seeker.caller.members.get({ userId: provider.id });
      const card = (await seeker.caller.members.list({ search: provider.name })).items.find(
        (m) => m.userId === provider.id,
      );
      return { page: page.services, card: card?.services };
    };
    expect(await listedOf()).toEqual({ page: [], card: [] });
    await admin.services.review({ id, decision: "approved" });
    const entry = { id, title: "Directory service", serviceType: "consultancy" };
    expect(await listedOf()).toEqual({ page: [entry], card: [entry] });
    await provider.caller.services.pause({ id });
    expect(await listedOf()).toEqual({ page: [], card: [] });
    expect(hidden).toBeGreaterThan(0);
  });
});

describe("the live admin services badge", () => {
  it("counts pending services and follows publish and review", async () => {
    const ac = new AbortController();
    const a = await t.actor("admin", { signal: ac.signal });
    const provider = await t.member({ activities: ["export_expert"] });
    expect((await a.caller.badges.get()).admin?.services).toBe(await countPendingServices(t.db));
    const iterable = await a.caller.badges.onChange();
    const it = iterable[Symbol.asyncIterator]();
    try {
      const first = await withTimeout(it.next(), 5_000, "the first badges");
      const start = await countPendingServices(t.db);
      expect(first.value?.admin?.services).toBe(start);

      const second = it.next();
      const { id } = await provider.caller.services.create(serviceInput());
      expect((await withTimeout(second, 5_000, "the badges after a publish")).value?.admin?.services).toBe(start + 1);

      const third = it.next();
      await admin.services.review({ id, decision: "approved" });
      expect((await withTimeout(third, 5_000, "the badges after a review")).value?.admin?.services).toBe(start);

      const fourth = it.next();
      await provider.caller.services.update({ id, service: serviceInput({ title: "Edited" }) });
      expect((await withTimeout(fourth, 5_000, "the badges after an edit")).value?.admin?.services).toBe(start + 1);
    } finally {
      ac.abort();
      await it.return?.();
    }
  });
});
