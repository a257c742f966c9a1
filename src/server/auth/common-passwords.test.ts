/**
 * Common and breached passwords are refused (ASVS 5.0 V6.2.4, V6.2.12; ADR 23): the matching
 * (case, look-alikes, digits and symbols added at the ends), and over HTTP against a real database
 * at sign-up, password reset and password change — each refused with `Msg.passwordCommon` at the
 * password field and nothing changed, while strong passwords pass.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { passwordSchema } from "../../common/validation";
import { createTestApp, type TestApp } from "../../test/app";
import { emailOutbox, users } from "../db/schema";
import { candidateForms, isCommonPassword } from "./common-passwords";
import { newPasswordSchema } from "./password-policy";

/**
 * Passwords people pick to satisfy composition rules: each meets every rule of `passwordSchema`,
 * and each is on the list itself or a look-alike/padded variation of an entry.
 */
const COMMON = [
  "P@ssw0rd",
  "Password1!",
  "Qwerty123!",
  "Welcome1!",
  "Passw0rd!",
  "Dragon2024!",
  "Iloveyou1!",
  "Monkey123$",
  "Sunshine1!",
  "Football1!",
  "Abc12345!",
  "Summer2024!",
  "1Qaz2wsx!",
  "Zaq12wsx!",
  "Letmein1!",
  "Admin123!",
  "Secret123!",
  "Master1!",
  "Shadow12!",
  "Baseball1!",
  "Princess1!",
  "Superman1!",
  "Trustno1!",
  "Michael1!",
  "Charlie1!",
];

/** Strong passwords: random, or a passphrase, that the list must not catch. */
const STRONG = [
  "vR8$qL2!mZ7x",
  "Kettle-Orbit-42!Lamp",
  "Saffron&Caspian&Ledger9",
  "Lantern?Meadow7Quartz",
  "Str0ng!Passw0rd",
];

describe("matching", () => {
  it("every sample meets the composition rules, so only the list refuses it", () => {
    for (const p of [...COMMON, ...STRONG]) expect(passwordSchema.safeParse(p).success, p).toBe(true);
  });

  it("refuses each common sample, and accepts the strong ones", () => {
    for (const p of COMMON) expect(isCommonPassword(p), p).toBe(true);
    for (const p of STRONG) expect(isCommonPassword(p), p).toBe(false);
  });

  it("folds case, reads look-alikes as letters and drops digits and symbols added at either end", () => {
    expect(candidateForms("P@ssw0rd")).toContain("password");
    expect(candidateForms("Password1!")).toContain("password");
    expect(candidateForms("Qwerty123!")).toContain("qwerty123");
    expect(candidateForms("Qwerty123!")).toContain("qwerty");
    expect(candidateForms("!!Welcome")).toContain("welcome");
    expect(candidateForms("TRUSTNO1")).toContain("trustno1");
    // A stem shorter than four letters is not looked up: "Abc" + random digits is not on a list.
    expect([...candidateForms("Abc!83920571")].every((f) => f.length >= 4)).toBe(true);
  });

  it("refuses no random password of 12 characters in 2,000 (the list is not a composition rule)", () => {
    const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789@$!%*?&";
    const bytes = new Uint8Array(12);
    let refused = 0;
    for (let i = 0; i < 2000; i++) {
      crypto.getRandomValues(bytes);
      const p = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
      if (isCommonPassword(p)) refused++;
    }
    expect(refused).toBe(0);
  });

  it("the schema reports the list only once the composition rules hold: one message at a time", () => {
    const issues = (p: string) => newPasswordSchema.safeParse(p).error?.issues.map((i) => i.message) ?? [];
    expect(issues("password")).toEqual([Msg.passwordComposition]);
    expect(issues("P@ssw0rd")).toEqual([Msg.passwordCommon]);
    expect(issues("vR8$qL2!mZ7x")).toEqual([]);
  });
});

describe("over HTTP, at sign-up, reset and change", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  let counter = 0;
  const next = () => ++counter;
  const freshIp = () => `192.0.2.${next() % 250}`;

  function signUp(email: string, password: string) {
    return t.mutation(
      "auth.signUp",
      { name: "Ada Lovelace", email, password, activity: "exporter", userType: "individual" },
      { remoteAddress: freshIp() },
    );
  }

  async function passwordHashOf(id: string) {
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    return row?.hash;
  }

  it("sign-up: each common password is refused at the password field and no account is made", async () => {
    for (const password of COMMON) {
      const email = `common-${next()}@example.com`;
      const res = await signUp(email, password);
      expect(res.status, password).toBe(400);
      expect(res.error?.data.fieldErrors?.password, password).toEqual([Msg.passwordCommon]);
      expect(await t.db.select().from(users).where(eq(users.email, email)), password).toHaveLength(0);
    }
    for (const password of STRONG.slice(0, 2)) {
      const res = await signUp(`strong-${next()}@example.com`, password);
      expect(res.status, password).toBe(200);
    }
  });

  it("password reset: each common password is refused, the link stays valid and the password unchanged", async () => {
    const m = await t.member();
    const before = await passwordHashOf(m.id);
    expect((await t.mutation("passwordReset.request", { email: m.email }, { remoteAddress: freshIp() })).status).toBe(
      200,
    );
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, m.email));
    const token = /reset-password\?token=([a-z2-7]+\.[a-z2-7]+)/.exec(mail?.textBody ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    const complete = (password: string) =>
      t.mutation(
        "passwordReset.complete",
        { token, newPassword: password, confirmPassword: password },
        { remoteAddress: freshIp() },
      );
    for (const password of COMMON) {
      const res = await complete(password);
      expect(res.status, password).toBe(400);
      expect(res.error?.data.fieldErrors?.newPassword, password).toEqual([Msg.passwordCommon]);
    }
    expect(await passwordHashOf(m.id)).toBe(before);
    // The same link then takes a strong password.
    expect((await complete(STRONG[2]!)).status).toBe(200);
    expect(await passwordHashOf(m.id)).not.toBe(before);
  });

  it("password change: each common password is refused and the password unchanged; a strong one is taken", async () => {
    const m = await t.member();
    const before = await passwordHashOf(m.id);
    const change = (password: string) =>
      t.mutation(
        "account.changePassword",
        { currentPassword: m.password, newPassword: password, confirmPassword: password },
        { token: m.token },
      );
    for (const password of COMMON) {
      const res = await change(password);
      expect(res.status, password).toBe(400);
      expect(res.error?.data.fieldErrors?.newPassword, password).toEqual([Msg.passwordCommon]);
    }
    expect(await passwordHashOf(m.id)).toBe(before);
    expect((await change(STRONG[3]!)).status).toBe(200);
    expect(await passwordHashOf(m.id)).not.toBe(before);
  });
});
