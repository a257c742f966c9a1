/**
 * A member's rights over their data (docs/architecture.md "A copy of my data", "Deleting an
 * account"): the archive's contents, its link (owner + token, expiry), one at a time and the
 * rate limit; deletion's classification of every column that references users, and its effects.
 */
import { and, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { DATA_EXPORT_TTL_MS } from "../../common/myData";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  expectTRPCError,
  type Member,
  SAMPLE_FILES,
  type TestApp,
  uploadFile,
} from "../../test/app";
import { rowsOf } from "../../test/db";
import { answeredRequest, securityEventsOf, shareInput } from "../../test/fixtures";
import {
  dataExports,
  emailOutbox,
  postResponses,
  posts,
  profiles,
  securityEvents,
  sharedKnowledge,
  uploads,
  uploadVariants,
  users,
} from "../db/schema";
import { ARCHIVE_SECTIONS, archivedFilePath, collectMemberData } from "../domain/dataArchive";
import { buildRequestedExports, expireDataExports, tombstoneEmail, USER_REFERENCES } from "../domain/myData";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const build = () => buildRequestedExports(t.db, t.app.storage, { origin: t.config.publicOrigin });

/** A member with a little of everything: a photo, an attachment, a post, a response, a rating, knowledge. */
async function busyMember() {
  const { requester, responder, requestId, responseId } = await answeredRequest(t, "FR");
  await requester.caller.offers.rate({ responseId, rating: 3 });
  const photo = await uploadFile(t, {
    token: requester.token,
    purpose: "profile_photo",
    fileName: "me.jpg",
    content: SAMPLE_FILES.jpeg,
  });
  const attachment = await uploadFile(t, {
    token: requester.token,
    purpose: "profile_attachment",
    fileName: "cv.pdf",
    content: SAMPLE_FILES.pdf,
  });
  expect([photo.status, attachment.status]).toEqual([201, 201]);
  await t.db
    .update(profiles)
    .set({
      photoUploadId: photo.json!.id as string,
      attachmentUploadId: attachment.json!.id as string,
      mobile: "+989121234567",
    })
    .where(eq(profiles.userId, requester.id));
  await requester.caller.knowledge.share(shareInput({ title: "Pending tip" }));
  await requester.caller.qa.ask({ question: "How do I export saffron?", subsection: "club_related" });
  return { requester, responder, requestId, responseId };
}

async function exportRow(userId: string) {
  const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, userId));
  return row;
}

function download(url: string, token: string | null) {
  const u = new URL(url);
  return t.inject({ method: "GET", url: `${u.pathname}${u.search}`, token });
}

/** Values as JSON gives them (dates as ISO strings), for comparing rows with the archive. */
const asJson = (v: unknown) => JSON.parse(JSON.stringify(v));

describe("a copy of my data", () => {
  it("builds one zip with README, every section as JSON and the member's files, mailed as a link", async () => {
    const { requester } = await busyMember();
    expect(await requester.caller.myData.status()).toBeNull();
    await requester.caller.myData.requestExport();
    expect(await requester.caller.myData.status()).toMatchObject({ status: "requested", url: null });
    expect(await securityEventsOf(t.db, "data_export_requested", { userId: requester.id })).toHaveLength(1);

    expect(await build()).toEqual({ built: 1, failed: 0 });
    const status = await requester.caller.myData.status();
    expect(status).toMatchObject({ status: "ready" });
    expect(status!.url!.startsWith(`${t.config.publicOrigin}/api/my-data/`)).toBe(true);
    expect(status!.expiresAt!.getTime() - status!.readyAt!.getTime()).toBe(DATA_EXPORT_TTL_MS);
    expect(await securityEventsOf(t.db, "data_export_ready", { userId: requester.id })).toHaveLength(1);

    // The mail names the same link, from PUBLIC_ORIGIN.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, requester.email));
    const mail = mails.find((m) => m.kind === `data-export:${requester.id}`);
    expect(mail?.textBody).toContain(status!.url!);

    const res = await download(status!.url!, requester.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(entries);
    expect(names).toEqual(expect.arrayContaining(["README.txt", ...ARCHIVE_SECTIONS.map((s) => s.file)]));
    const readme = Buffer.from(entries["README.txt"]!).toString("utf8");
    for (const s of ARCHIVE_SECTIONS) expect(readme).toContain(s.file);

    // Each section is exactly what the club holds now (read again from the database).
    const expected = asJson(await collectMemberData(t.db, requester.id));
    const json = (name: string) => JSON.parse(Buffer.from(entries[name]!).toString("utf8"));
    // The export's own events were logged after the archive was written.
    const readyEvents = (await securityEventsOf(t.db, "data_export_ready", { userId: requester.id })).length;
    for (const s of ARCHIVE_SECTIONS) {
      if (s.file === "security-events.json" || s.file === "activity.json") continue;
      expect(json(s.file), s.file).toEqual(expected[s.file]);
    }
    expect(json("security-events.json")).toHaveLength(expected["security-events.json"].length - readyEvents);
    expect(json("profile.json")).toMatchObject({ userId: requester.id, name: requester.name, mobile: "+989121234567" });
    expect(json("account.json")).toMatchObject({ email: requester.email });
    expect(json("posts.json").posts).toHaveLength(1);
    expect(json("ratings.json").given).toEqual([expect.objectContaining({ rating: 3 })]);
    expect(json("knowledge.json").shared).toEqual([expect.objectContaining({ title: "Pending tip" })]);
    expect(json("knowledge.json").shared[0]).not.toHaveProperty("searchVector");
    expect(json("qa.json")).toEqual([expect.objectContaining({ question: "How do I export saffron?" })]);
    expect(JSON.stringify(json("activity.json"))).not.toContain("secretHash");
    // No secret of the account is in the archive.
    const everything = names.map((n) => Buffer.from(entries[n]!).toString("latin1")).join("\n");
    expect(everything).not.toContain("$argon2id$");

    // Every uploaded file, byte for byte.
    const files = await t.db.select().from(uploads).where(eq(uploads.ownerId, requester.id));
    expect(files).toHaveLength(2);
    for (const f of files) {
      const stored = await t.app.storage.read(f.storageKey);
      expect(Buffer.from(entries[archivedFilePath(f)]!)).toEqual(stored);
    }
  });

  it("the README is in the member's language", async () => {
    const m = await t.member();
    await t.db.update(users).set({ locale: "fa" }).where(eq(users.id, m.id));
    await m.caller.myData.requestExport();
    await build();
    const status = await m.caller.myData.status();
    const res = await download(status!.url!, m.token);
    const readme = Buffer.from(unzipSync(new Uint8Array(res.rawPayload))["README.txt"]!).toString("utf8");
    expect(readme).toContain("باشگاه صادرات");
  });

  it("downloads need the member's own session AND the token", async () => {
    const owner = await t.member();
    const other = await t.member();
    await owner.caller.myData.requestExport();
    await build();
    const { url } = (await owner.caller.myData.status())!;
    const u = new URL(url!);
    expect((await download(url!, null)).statusCode).toBe(401);
    expect((await download(url!, other.token)).statusCode).toBe(404);
    const admin = await t.actor("admin");
    expect((await download(url!, admin.token)).statusCode).toBe(404);
    const wrongToken = `${u.pathname}?token=${"A".repeat(43)}`;
    expect((await t.inject({ method: "GET", url: wrongToken, token: owner.token })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: u.pathname, token: owner.token })).statusCode).toBe(404);
    expect((await download(url!, owner.token)).statusCode).toBe(200);
  });

  it("expires: the link stops working and the archive's bytes are deleted", async () => {
    const m = await t.member();
    await m.caller.myData.requestExport();
    await build();
    const row = (await exportRow(m.id))!;
    const { url } = (await m.caller.myData.status())!;
    expect(await t.app.storage.stat(row.storageKey!)).not.toBeNull();
    // Not yet due: nothing changes.
    await expireDataExports(t.db, t.app.storage);
    expect((await exportRow(m.id))!.status).toBe("ready");
    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, row.id));
    // Past expires_at but before the cleanup ran: refused already.
    expect((await download(url!, m.token)).statusCode).toBe(404);
    await expireDataExports(t.db, t.app.storage);
    expect(await m.caller.myData.status()).toMatchObject({ status: "expired", url: null });
    expect(await t.app.storage.stat(row.storageKey!)).toBeNull();
  });

  it("one at a time, and at most 3 a day", async () => {
    const m = await t.member();
    await m.caller.myData.requestExport();
    await expectTRPCError(m.caller.myData.requestExport(), "CONFLICT", Msg.dataExportInProgress);
    await build();
    const first = (await exportRow(m.id))!;
    // A new request replaces the ready archive, whose bytes go.
    await m.caller.myData.requestExport();
    expect(await t.app.storage.stat(first.storageKey!)).toBeNull();
    await build();
    await m.caller.myData.requestExport();
    await build();
    await expectTRPCError(m.caller.myData.requestExport(), "TOO_MANY_REQUESTS", Msg.dataExportTooMany);
  });

  it("an admin asks on the member's behalf: the link goes to the member, the audit names the admin", async () => {
    const m = await t.member();
    const admin = await t.actor("admin");
    await admin.caller.adminMembers.exportData({ userId: m.id });
    const [audit] = await securityEventsOf(t.db, "data_export_by_admin", { userId: m.id });
    expect(audit?.actorId).toBe(admin.user!.id);
    await build();
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, `data-export:${m.id}`));
    expect(mails.map((x) => x.toAddress)).toEqual([m.email]);
    await expectTRPCError(
      admin.caller.adminMembers.exportData({ userId: crypto.randomUUID() }),
      "NOT_FOUND",
      Msg.notFound,
    );
  });
});

describe("deleting an account", () => {
  it("classifies every column that references users (a new one fails until someone decides)", async () => {
    const res = await t.db.execute(sql`
      select cl.relname as table_name, a.attname as column_name
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      join lateral unnest(c.conkey) as k(attnum) on true
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
      where c.contype = 'f' and c.confrelid = 'public.users'::regclass and n.nspname = 'public'`);
    const inDatabase = rowsOf<{ table_name: string; column_name: string }>(res)
      .map((r) => `${r.table_name}.${r.column_name}`)
      .sort();
    expect(inDatabase.length).toBeGreaterThan(30);
    expect(Object.keys(USER_REFERENCES).sort()).toEqual(inDatabase);
  });

  it("needs the current password", async () => {
    const m = await t.member();
    await expectTRPCError(
      m.caller.myData.deleteAccount({ currentPassword: "Wrong!Passw0rd" }),
      "BAD_REQUEST",
      Msg.currentPasswordWrong,
    );
    const [u] = await t.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, m.id));
    expect(u?.deletedAt).toBeNull();
  });

  it("erases personal data and files, keeps contributions under a tombstone, and frees the address", async () => {
    const { requester, responseId } = await busyMember();
    // Someone else's exchange (its responder is deleted below); published knowledge; a ready export.
    const other = await answeredRequest(t, "DE");
    const admin = await t.actor("admin");
    const { id: knowledgeId } = (await requester.caller.knowledge.share(shareInput({ title: "Published tip" })))!;
    await admin.caller.inbox.review({ id: knowledgeId, decision: "approved" });
    await requester.caller.myData.requestExport();
    await build();
    const exportKey = (await exportRow(requester.id))!.storageKey!;
    const files = await t.db.select().from(uploads).where(eq(uploads.ownerId, requester.id));
    const variants = await t.db
      .select()
      .from(uploadVariants)
      .where(sql`${uploadVariants.uploadId} in (select id from uploads where owner_id = ${requester.id})`);
    expect(files.length).toBe(2);
    const fileKeys = [...files.map((f) => f.storageKey), ...variants.map((v) => v.storageKey), exportKey];

    const viewer = await t.member();
    const listed = async () =>
      JSON.stringify(await viewer.caller.members.list({ page: 1 })).includes(requester.id) ||
      JSON.stringify(await viewer.caller.leaderboard.list({ period: "allTime", limit: 100 })).includes(requester.id);
    expect(await listed()).toBe(true);

    await requester.caller.myData.deleteAccount({ currentPassword: DEFAULT_PASSWORD });

    // Erased: no row of the member is left in any erased column (beyond what `keepWhere` keeps).
    for (const [ref, fate] of Object.entries(USER_REFERENCES)) {
      const [table, column] = ref.split(".") as [string, string];
      const keep = fate.fate === "erased" && fate.keepWhere ? sql` and not (${sql.raw(fate.keepWhere)})` : sql``;
      const res = await t.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${requester.id}${keep}`,
      );
      const n = rowsOf<{ n: number }>(res)[0]!.n;
      if (fate.fate === "erased") expect(n, ref).toBe(0);
    }
    // Kept: the post (closed), the response, the rating, the published knowledge, the security log.
    const [post] = await t.db.select().from(posts).where(eq(posts.userId, requester.id));
    expect(post?.status).toBe("closed");
    const [response] = await t.db.select().from(postResponses).where(eq(postResponses.id, responseId));
    expect(response).toMatchObject({ requesterId: requester.id, rating: 3 });
    const [published] = await t.db.select().from(sharedKnowledge).where(eq(sharedKnowledge.id, knowledgeId));
    expect(published?.userId).toBe(requester.id);
    const pending = await t.db
      .select()
      .from(sharedKnowledge)
      .where(and(eq(sharedKnowledge.userId, requester.id), eq(sharedKnowledge.status, "pending")));
    expect(pending).toEqual([]);
    const events = await t.db.select().from(securityEvents).where(eq(securityEvents.userId, requester.id));
    expect(events.map((e) => e.eventType)).toEqual(
      expect.arrayContaining(["data_export_requested", "account_deleted"]),
    );

    // The tombstone.
    const [u] = await t.db.select().from(users).where(eq(users.id, requester.id));
    expect(u).toMatchObject({ email: tombstoneEmail(requester.id), passwordHash: null });
    expect(u?.deletedAt).toBeInstanceOf(Date);

    // The files' bytes are gone.
    for (const key of fileKeys) expect(await t.app.storage.stat(key), key).toBeNull();

    // The member is mailed at the old address, and nothing else to it is left in the outbox.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, requester.email));
    expect(mails.map((m) => m.kind)).toEqual([`account-deleted:${requester.id}`]);

    // Gone from the directory, the leaderboard and member pages at once.
    expect(await listed()).toBe(false);
    await expectTRPCError(viewer.caller.members.get({ userId: requester.id }), "NOT_FOUND");

    // A deleted responder's answer stays in the requester's list, without a name ("Former member").
    await admin.caller.adminMembers.deleteAccount({ userId: other.responder.id });
    const offers = await other.requester.caller.offers.list({});
    expect(offers).toEqual([expect.objectContaining({ id: other.responseId, responderName: null })]);

    // The session ended, sign-in fails, the address signs up anew.
    expect(await t.authOf(requester.token)).toBeNull();
    const signIn = await t.mutation("auth.signIn", { email: requester.email, password: DEFAULT_PASSWORD });
    expect(signIn.error?.message).toBe(Msg.invalidCredentials);
    const signUp = await t.mutation<{ userId: string }>("auth.signUp", {
      name: "Back Again",
      email: requester.email,
      password: DEFAULT_PASSWORD,
      activity: "exporter",
      userType: "individual",
    });
    expect(signUp.status).toBe(200);
    expect(signUp.data?.userId).not.toBe(requester.id);
  });

  it("an admin deletes a member on request (audited with the admin), not their own account", async () => {
    const m: Member = await t.member();
    const admin = await t.actor("admin");
    await admin.caller.adminMembers.deleteAccount({ userId: m.id });
    const [audit] = await securityEventsOf(t.db, "account_deleted_by_admin", { userId: m.id });
    expect(audit?.actorId).toBe(admin.user!.id);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, m.email));
    expect(mail?.textBody).toContain("administrator");
    await expectTRPCError(admin.caller.adminMembers.deleteAccount({ userId: m.id }), "NOT_FOUND", Msg.notFound);
    await expectTRPCError(
      admin.caller.adminMembers.deleteAccount({ userId: admin.user!.id }),
      "BAD_REQUEST",
      Msg.deleteOwnAccountFromProfile,
    );
  });
});
