/**
 * Profile Settings and account changes over HTTP against a real database (spec part 2 §2, §4,
 * §5; issue #3 §2, §3; DESIGN.md §8.10): every validation of Update Profile with its message
 * and nothing changed by bad input, the completion percentage, the photo limit, pruning of
 * activity details, the e-mail change by link and the password change that ends other sessions.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import type { ProfileUpdateInput } from "../../common/profile";
import {
  type Actor,
  createTestApp,
  DEFAULT_PASSWORD,
  padTo,
  SAMPLE_FILES,
  type TestApp,
  type TestUser,
  uploadFile,
} from "../../test/app";
import { emailChangeRequests, emailOutbox, profiles, securityEvents, sessions, users } from "../db/schema";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

type OwnProfile = {
  userId: string;
  email: string;
  name: string;
  mobile: string;
  whatsapp: string;
  postalAddress: string;
  postalCode: string;
  linkedinUrl: string;
  expertiseAreas: string[];
  yearsExportExperience: number;
  certificates: string[];
  industrialSectors: string[];
  targetCountries: string[];
  activitySelections: { mainCategories: string[]; details: Record<string, string[]> };
  photo: { id: string; fileName: string; sizeBytes: number; contentType: string; url: string } | null;
  attachment: { id: string; fileName: string; sizeBytes: number; contentType: string; url: string } | null;
  completion: { percent: number; missing: string[] };
};

/** The Update Profile form as an empty profile sends it (name only). */
function emptyForm(name: string): ProfileUpdateInput {
  return {
    name,
    mobile: "",
    whatsapp: "",
    postalAddress: "",
    postalCode: "",
    linkedinUrl: "",
    expertiseAreas: [],
    yearsExportExperience: 0,
    certificates: [],
    industrialSectors: [],
    targetCountries: [],
    activitySelections: { mainCategories: [], details: {} },
    photoUploadId: null,
    attachmentUploadId: null,
  };
}

async function profileRow(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row!;
}

async function getProfile(token: string | null): Promise<OwnProfile> {
  const res = await t.query<OwnProfile>("profile.get", undefined, { token });
  expect(res.status).toBe(200);
  return res.data!;
}

async function upload(token: string | null, purpose: string, fileName: string, content: Buffer): Promise<string> {
  const res = await uploadFile(t, { token, purpose, fileName, content });
  expect(res.status).toBe(201);
  return res.json!.id as string;
}

describe("profile.update validations", () => {
  let m: Actor;
  let valid: ProfileUpdateInput;

  beforeAll(async () => {
    m = await t.actor("member", { user: { name: "Validation Member" } });
    valid = {
      ...emptyForm("Validation Member"),
      mobile: "+989121234567",
      whatsapp: "989121234567",
      linkedinUrl: "https://www.linkedin.com/in/validation",
      yearsExportExperience: 3,
      certificates: ["ISO 9001"],
      targetCountries: ["DE"],
      activitySelections: { mainCategories: ["A"], details: { A: ["regular"] } },
    };
    // A valid profile to start from: every refused update below must leave it as it is.
    const saved = await t.mutation("profile.update", valid, { token: m.token });
    expect(saved.status).toBe(200);
  });

  /** Sends `valid` with `change` and expects BAD_REQUEST `message`, with the stored profile unchanged. */
  async function expectRefused(change: Partial<ProfileUpdateInput>, message: string, field?: string) {
    const before = await profileRow(m.user!.id);
    const res = await t.mutation("profile.update", { ...valid, ...change }, { token: m.token });
    expect(res.status, JSON.stringify(change)).toBe(400);
    expect(res.error?.data.code).toBe("BAD_REQUEST");
    expect(res.error?.message, JSON.stringify(change)).toBe(message);
    if (field) expect(res.error?.data.fieldErrors?.[field]).toContain(message);
    expect(await profileRow(m.user!.id)).toEqual(before);
  }

  it("an invalid phone number: 'Please enter a valid phone number'", async () => {
    for (const mobile of ["12ab", "0123456789", "+", "1", "+98 912 123 4567", "1234567890123456"]) {
      await expectRefused({ mobile }, "Please enter a valid phone number", "mobile");
    }
  });

  it("an invalid WhatsApp number: 'Please enter a valid WhatsApp number'", async () => {
    for (const whatsapp of ["+0123", "whatsapp", "98-912-123"]) {
      await expectRefused({ whatsapp }, "Please enter a valid WhatsApp number", "whatsapp");
    }
  });

  it("more than two main categories (or one twice): 'Maximum of 2 categories selected'", async () => {
    await expectRefused(
      { activitySelections: { mainCategories: ["A", "B", "C"], details: {} } },
      "Maximum of 2 categories selected",
    );
    await expectRefused({ activitySelections: { mainCategories: ["A", "A"], details: {} } }, Msg.maxCategories);
  });

  it("details of an unselected category, or not of their category, are refused", async () => {
    await expectRefused(
      { activitySelections: { mainCategories: ["A"], details: { A: ["regular"], B: ["b3_logistics"] } } },
      Msg.invalidActivityDetail,
    );
    await expectRefused(
      { activitySelections: { mainCategories: ["A"], details: { B: [] } } },
      Msg.invalidActivityDetail,
    );
    await expectRefused(
      { activitySelections: { mainCategories: ["A", "D"], details: { A: ["expert"] } } },
      Msg.invalidActivityDetail,
    );
  });

  it("years of experience outside the list: 'Please choose your years of export experience'", async () => {
    for (const yearsExportExperience of [7, 11, 25, -1]) {
      await expectRefused({ yearsExportExperience }, Msg.invalidExperience, "yearsExportExperience");
    }
  });

  it("an empty certificate: 'Please enter a certificate or appraisal'", async () => {
    await expectRefused({ certificates: ["ISO 9001", "   "] }, "Please enter a certificate or appraisal");
    await expectRefused({ certificates: [""] }, Msg.certificateRequired);
  });

  it("a LinkedIn address that is not an https linkedin.com one is refused", async () => {
    for (const linkedinUrl of [
      "linkedin.com/in/ada",
      "http://www.linkedin.com/in/ada",
      "https://notlinkedin.com/in/ada",
      "https://evil.example/linkedin.com/in/ada",
      "javascript:alert(1)",
    ]) {
      await expectRefused({ linkedinUrl }, Msg.invalidLinkedin, "linkedinUrl");
    }
  });

  it("an unknown country code: 'Please choose a country from the list'", async () => {
    await expectRefused({ targetCountries: ["DE", "ZZ"] }, "Please choose a country from the list");
    await expectRefused({ targetCountries: ["de"] }, Msg.invalidCountry);
    await expectRefused({ targetCountries: ["DEU"] }, Msg.invalidCountry);
  });

  it("a name too short is refused", async () => {
    await expectRefused({ name: " A " }, Msg.nameTooShort, "name");
  });

  it("someone else's upload, an upload of another purpose or an unknown id: 'Please choose a file you uploaded for this field.'", async () => {
    const other = await t.actor("member");
    const othersPhoto = await upload(other.token, "profile_photo", "other.png", SAMPLE_FILES.png);
    const othersCv = await upload(other.token, "profile_attachment", "other.pdf", SAMPLE_FILES.pdf);
    const myCv = await upload(m.token, "profile_attachment", "mine.pdf", SAMPLE_FILES.pdf);
    const myPhoto = await upload(m.token, "profile_photo", "mine.png", SAMPLE_FILES.png);
    const myGeneric = await upload(m.token, "attachment", "generic.pdf", SAMPLE_FILES.pdf);
    const message = "Please choose a file you uploaded for this field.";
    await expectRefused({ photoUploadId: othersPhoto }, message);
    await expectRefused({ attachmentUploadId: othersCv }, message);
    await expectRefused({ photoUploadId: myCv }, message);
    await expectRefused({ attachmentUploadId: myPhoto }, message);
    await expectRefused({ attachmentUploadId: myGeneric }, message);
    await expectRefused({ photoUploadId: "00000000-0000-4000-8000-000000000000" }, message);
    // Its own files of the right purpose are fine.
    const ok = await t.mutation<OwnProfile>(
      "profile.update",
      { ...valid, photoUploadId: myPhoto, attachmentUploadId: myCv },
      { token: m.token },
    );
    expect(ok.status).toBe(200);
    expect(ok.data?.photo).toMatchObject({ id: myPhoto, fileName: "mine.png", url: `/api/files/${myPhoto}` });
    expect(ok.data?.attachment).toMatchObject({ id: myCv, fileName: "mine.pdf", contentType: "application/pdf" });
    // Back to the starting point for the other cases.
    expect((await t.mutation("profile.update", valid, { token: m.token })).status).toBe(200);
  });

  it("a photo over 1 MB is refused by the server and the profile keeps no photo", async () => {
    const res = await uploadFile(t, {
      token: m.token,
      purpose: "profile_photo",
      fileName: "large.jpg",
      content: padTo(SAMPLE_FILES.jpeg, 1024 * 1024 + 200 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: Msg.photoTooLarge } });
    expect((await getProfile(m.token)).photo).toBeNull();
  });

  it("pending and anonymous callers cannot read or update a profile", async () => {
    const pending = await t.actor("pending");
    expect((await t.query("profile.get", undefined, { token: pending.token })).status).toBe(403);
    const before = await profileRow(pending.user!.id);
    const res = await t.mutation("profile.update", emptyForm("Sneaky Name"), { token: pending.token });
    expect(res.status).toBe(403);
    expect(await profileRow(pending.user!.id)).toEqual(before);
    expect((await t.mutation("profile.update", emptyForm("Nobody"))).status).toBe(401);
  });
});

describe("saving and the completion percentage", () => {
  it("a new profile with only name and e-mail is 15 %; WhatsApp and postal code do not count", async () => {
    const m = await t.actor("member");
    const p = await getProfile(m.token);
    expect(p).toMatchObject({
      userId: m.user!.id,
      email: m.user!.email,
      name: m.user!.name,
      mobile: "",
      photo: null,
      attachment: null,
      completion: { percent: 15 },
    });
    expect(p.completion.missing).toEqual([
      "photo",
      "mobile",
      "postalAddress",
      "linkedin",
      "expertise",
      "experience",
      "certificates",
      "sectors",
      "countries",
      "activity",
      "attachment",
    ]);
    const res = await t.mutation<OwnProfile>(
      "profile.update",
      { ...emptyForm(m.user!.name), whatsapp: "+441234567890", postalCode: "1234" },
      { token: m.token },
    );
    expect(res.data?.completion.percent).toBe(15);
    expect(res.data).toMatchObject({ whatsapp: "+441234567890", postalCode: "1234" });
  });

  it("a partial profile: 6 of 13 items is 46 %", async () => {
    const m = await t.actor("member");
    const res = await t.mutation<OwnProfile>(
      "profile.update",
      {
        ...emptyForm(m.user!.name),
        mobile: " +989121234567 ",
        postalAddress: "  1 Export Street  ",
        linkedinUrl: "https://linkedin.com/in/partial",
        expertiseAreas: ["legal"],
      },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.data?.completion).toEqual({
      percent: 46,
      missing: ["photo", "experience", "certificates", "sectors", "countries", "activity", "attachment"],
    });
    // Trimmed on the way in.
    expect(res.data).toMatchObject({ mobile: "+989121234567", postalAddress: "1 Export Street" });
    expect((await getProfile(m.token)).completion.percent).toBe(46);
  });

  it("a complete profile is 100 % and everything saved reads back", async () => {
    const m = await t.actor("member");
    const photo = await upload(m.token, "profile_photo", "portrait.jpg", SAMPLE_FILES.jpeg);
    const cv = await upload(m.token, "profile_attachment", "catalogue.pdf", SAMPLE_FILES.pdf);
    const full: ProfileUpdateInput = {
      name: "  Complete Member  ",
      mobile: "+989121234567",
      whatsapp: "+989121234568",
      postalAddress: "1 Export Street, Tehran",
      postalCode: "1234567890",
      linkedinUrl: "https://www.linkedin.com/in/complete",
      expertiseAreas: ["marketing", "commercial"],
      yearsExportExperience: 10,
      certificates: [" ISO 9001 ", "HACCP"],
      industrialSectors: ["food_beverages", "agriculture"],
      targetCountries: ["DE", "FR", "DE"],
      activitySelections: {
        mainCategories: ["A", "B"],
        details: { A: ["regular"], B: ["b1_trade_fairs", "b3_logistics"] },
      },
      photoUploadId: photo,
      attachmentUploadId: cv,
    };
    const res = await t.mutation<OwnProfile>("profile.update", full, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.data?.completion).toEqual({ percent: 100, missing: [] });
    const p = await getProfile(m.token);
    expect(p).toMatchObject({
      name: "Complete Member",
      email: m.user!.email,
      mobile: "+989121234567",
      whatsapp: "+989121234568",
      postalAddress: "1 Export Street, Tehran",
      postalCode: "1234567890",
      linkedinUrl: "https://www.linkedin.com/in/complete",
      expertiseAreas: ["marketing", "commercial"],
      yearsExportExperience: 10,
      certificates: ["ISO 9001", "HACCP"],
      industrialSectors: ["food_beverages", "agriculture"],
      targetCountries: ["DE", "FR"],
      activitySelections: {
        mainCategories: ["A", "B"],
        details: { A: ["regular"], B: ["b1_trade_fairs", "b3_logistics"] },
      },
      photo: { id: photo, fileName: "portrait.jpg", contentType: "image/jpeg", url: `/api/files/${photo}` },
      attachment: { id: cv, fileName: "catalogue.pdf", contentType: "application/pdf", url: `/api/files/${cv}` },
      completion: { percent: 100, missing: [] },
    });
    const row = await profileRow(m.user!.id);
    expect(row).toMatchObject({ photoUploadId: photo, attachmentUploadId: cv, updatedAt: expect.any(Date) });

    // Clearing optional fields stores nulls, and the percentage drops again.
    const cleared = await t.mutation<OwnProfile>(
      "profile.update",
      { ...full, mobile: "", linkedinUrl: "", photoUploadId: null },
      { token: m.token },
    );
    expect(cleared.data?.completion).toEqual({ percent: 77, missing: ["photo", "mobile", "linkedin"] });
    expect(await profileRow(m.user!.id)).toMatchObject({ mobile: null, linkedinUrl: null, photoUploadId: null });
  });

  it("deselecting a category drops its details on save; empty detail lists are pruned", async () => {
    const m = await t.actor("member");
    const form = emptyForm(m.user!.name);
    await t.mutation(
      "profile.update",
      {
        ...form,
        activitySelections: { mainCategories: ["B", "D"], details: { B: ["b2_contracts"], D: ["manager"] } },
      },
      { token: m.token },
    );
    expect((await profileRow(m.user!.id)).activitySelections).toEqual({
      mainCategories: ["B", "D"],
      details: { B: ["b2_contracts"], D: ["manager"] },
    });
    // B deselected (the form sends no B details), C chosen with no details yet.
    const res = await t.mutation<OwnProfile>(
      "profile.update",
      { ...form, activitySelections: { mainCategories: ["D", "C"], details: { D: ["manager"], C: [] } } },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.data?.activitySelections).toEqual({ mainCategories: ["D", "C"], details: { D: ["manager"] } });
    expect((await profileRow(m.user!.id)).activitySelections).toEqual({
      mainCategories: ["D", "C"],
      details: { D: ["manager"] },
    });
  });
});

describe("e-mail change", () => {
  async function outboxTo(address: string) {
    return t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  }

  async function emailOf(userId: string): Promise<string> {
    const [u] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return u!.email;
  }

  function tokenIn(text: string): string {
    const match = /\/confirm-email\?token=([a-z2-7]+)/.exec(text);
    expect(match, text).not.toBeNull();
    return match![1]!;
  }

  it("changes the address only when the link sent to the new address is opened, once", async () => {
    const m = await t.actor("member");
    const user = m.user!;
    const newEmail = `renamed-${Date.now()}@example.com`;
    const res = await t.mutation(
      "account.requestEmailChange",
      { newEmail: `  ${newEmail.toUpperCase()} `, currentPassword: user.password },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });

    // One message, to the new address, with the link; nothing to the old one; nothing changed yet.
    const mails = await outboxTo(newEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: `email-change:${user.id}`, status: "pending" });
    expect(mails[0]!.textBody).toContain("http://localhost/confirm-email?token=");
    const token = tokenIn(mails[0]!.textBody);
    expect(await outboxTo(user.email)).toHaveLength(0);
    expect(await emailOf(user.id)).toBe(user.email);
    const [request] = await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, user.id));
    expect(request).toMatchObject({ newEmail, consumedAt: null });
    expect(request!.tokenHash).not.toContain(token);
    const requested = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "email_change_requested")));
    expect(requested).toHaveLength(1);
    // The old address still signs in until the link is opened.
    expect((await t.mutation("auth.signIn", { email: user.email, password: user.password })).status).toBe(200);

    // Opening the link (signed out) applies the change.
    const confirmed = await t.mutation("account.confirmEmail", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toEqual({ email: newEmail });
    expect(await emailOf(user.id)).toBe(newEmail);
    const changed = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "email_changed")));
    expect(changed).toHaveLength(1);
    expect(changed[0]!.eventDetails).toMatchObject({ from: user.email, to: newEmail });

    // The link works once.
    const again = await t.mutation("account.confirmEmail", { token });
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe("This confirmation link is invalid or has expired.");

    // The new address signs in; the old one no longer does.
    expect((await t.mutation("auth.signIn", { email: newEmail, password: user.password })).status).toBe(200);
    expect((await t.mutation("auth.signIn", { email: user.email, password: user.password })).status).toBe(401);
  });

  it("a wrong current password: 'Your current password is incorrect.', nothing queued", async () => {
    const m = await t.actor("member");
    const newEmail = `wrongpw-${Date.now()}@example.com`;
    const res = await t.mutation(
      "account.requestEmailChange",
      { newEmail, currentPassword: "Not!MyPassw0rd" },
      { token: m.token },
    );
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe("Your current password is incorrect.");
    expect(await outboxTo(newEmail)).toHaveLength(0);
    expect(await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, m.user!.id))).toEqual([]);
  });

  it("a taken address is a CONFLICT; one's own address is refused; nothing queued", async () => {
    const m = await t.actor("member");
    const other = await t.createUser({ status: "approved" });
    const taken = await t.mutation(
      "account.requestEmailChange",
      { newEmail: other.email.toUpperCase(), currentPassword: m.user!.password },
      { token: m.token },
    );
    expect(taken.status).toBe(409);
    expect(taken.error?.data.code).toBe("CONFLICT");
    expect(taken.error?.message).toBe(Msg.emailTaken);
    expect(await outboxTo(other.email)).toHaveLength(0);

    const same = await t.mutation(
      "account.requestEmailChange",
      { newEmail: m.user!.email, currentPassword: m.user!.password },
      { token: m.token },
    );
    expect(same.status).toBe(400);
    expect(same.error?.message).toBe(Msg.sameEmail);
    expect(await outboxTo(m.user!.email)).toHaveLength(0);
  });

  it("a link whose address was taken meanwhile is a CONFLICT; an expired or unknown link is refused", async () => {
    const m = await t.actor("member");
    const wanted = `contested-${Date.now()}@example.com`;
    await t.mutation(
      "account.requestEmailChange",
      { newEmail: wanted, currentPassword: m.user!.password },
      { token: m.token },
    );
    const token = tokenIn((await outboxTo(wanted))[0]!.textBody);
    await t.createUser({ status: "approved", email: wanted });
    const conflict = await t.mutation("account.confirmEmail", { token });
    expect(conflict.status).toBe(409);
    expect(await emailOf(m.user!.id)).toBe(m.user!.email);

    const later = `expired-${Date.now()}@example.com`;
    await t.mutation(
      "account.requestEmailChange",
      { newEmail: later, currentPassword: m.user!.password },
      { token: m.token },
    );
    const expiredToken = tokenIn((await outboxTo(later))[0]!.textBody);
    await t.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.newEmail, later));
    for (const bad of [expiredToken, "a".repeat(32)]) {
      const res = await t.mutation("account.confirmEmail", { token: bad });
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe(Msg.emailLinkInvalid);
    }
    expect(await emailOf(m.user!.id)).toBe(m.user!.email);
  });
});

describe("password change", () => {
  const NEW_PASSWORD = "N3w!Passw0rdX";

  async function hashOf(userId: string): Promise<string> {
    const [u] = await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, userId));
    return u!.h;
  }

  it("needs the current password, ends the other sessions and keeps this one", async () => {
    const user: TestUser = await t.createUser({ status: "approved" });
    const a = await t.sessionFor(user);
    const b = await t.sessionFor(user);
    const res = await t.mutation(
      "account.changePassword",
      { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: a.token },
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });

    // B's next call is refused; A goes on.
    const fromB = await t.query("profile.get", undefined, { token: b.token });
    expect(fromB.status).toBe(401);
    expect(fromB.error?.data.code).toBe("UNAUTHORIZED");
    expect((await t.query("profile.get", undefined, { token: a.token })).status).toBe(200);
    const left = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual([a.auth.session.id]);

    const events = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "password_changed")));
    expect(events).toHaveLength(1);

    // The new password signs in, the old one does not.
    expect((await t.mutation("auth.signIn", { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(401);
    expect((await t.mutation("auth.signIn", { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("a wrong current password: 'Your current password is incorrect.', nothing changes", async () => {
    const user = await t.createUser({ status: "approved" });
    const a = await t.sessionFor(user);
    const b = await t.sessionFor(user);
    const hash = await hashOf(user.id);
    const res = await t.mutation(
      "account.changePassword",
      { currentPassword: "Wrong!Passw0rd", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: a.token },
    );
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe("Your current password is incorrect.");
    expect(await hashOf(user.id)).toBe(hash);
    expect((await t.query("profile.get", undefined, { token: b.token })).status).toBe(200);
  });

  it("the new password follows the sign-up policy; a mismatched confirmation is refused", async () => {
    const user = await t.createUser({ status: "approved" });
    const { token } = await t.sessionFor(user);
    const hash = await hashOf(user.id);
    const mismatch = await t.mutation(
      "account.changePassword",
      { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
      { token },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.error?.message).toBe("New password and confirmation don't match.");
    expect(mismatch.error?.data.fieldErrors?.confirmPassword).toEqual([Msg.passwordMismatch]);

    for (const [weak, message] of [
      ["Sh0rt!", Msg.passwordTooShort],
      ["alllowercase1!", Msg.passwordComposition],
      ["NoDigitsHere!", Msg.passwordComposition],
      ["NoSpecial123", Msg.passwordComposition],
      ["#Starts1Badly", Msg.passwordComposition],
    ] as const) {
      const res = await t.mutation(
        "account.changePassword",
        { currentPassword: DEFAULT_PASSWORD, newPassword: weak, confirmPassword: weak },
        { token },
      );
      expect(res.status, weak).toBe(400);
      expect(res.error?.data.fieldErrors?.newPassword, weak).toContain(message);
    }
    expect(await hashOf(user.id)).toBe(hash);
  });

  it("the sixth current-password check within 15 minutes is TOO_MANY_REQUESTS", async () => {
    const user = await t.createUser({ status: "approved" });
    const { token } = await t.sessionFor(user);
    const body = { currentPassword: "Wrong!Passw0rd", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let i = 0; i < 5; i++) {
      expect((await t.mutation("account.changePassword", body, { token })).status).toBe(400);
    }
    const sixth = await t.mutation("account.changePassword", { ...body, currentPassword: DEFAULT_PASSWORD }, { token });
    expect(sixth.status).toBe(429);
    expect(sixth.error?.data.retryAfterSeconds).toBeGreaterThan(0);
  });
});
