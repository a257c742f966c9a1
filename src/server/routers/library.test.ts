/**
 * The knowledge library (issue #13 §1): only approved, published items reach members; search in
 * English and Persian; filters; cursor paging in both orders; likes once, with the author's
 * points and their reversal; no liking one's own; unpublishing; attachments of published items.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShareKnowledgeInput } from "../../common/knowledge";
import { LIKE_POINTS } from "../../common/library";
import { Msg } from "../../common/messages";
import {
  type Caller,
  createTestApp,
  expectTRPCError,
  type Member,
  outcome,
  SAMPLE_FILES,
  type TestApp,
  uploadFile,
  withTimeout,
} from "../../test/app";
import { ledgerOf, pendingSubmission, standingOf } from "../../test/fixtures";

let t: TestApp;
let admin: Caller;
let reader: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.actor("admin")).caller;
  reader = await t.member({ name: "Reader" });
});

afterAll(async () => {
  await t?.close();
});

/** A submission by `by` (a fresh member unless given), approved with 50 points. */
async function publishedItem(over: Partial<ShareKnowledgeInput> = {}, by?: Member) {
  const { author, id } = await pendingSubmission(t, over, by);
  await admin.inbox.review({ id, decision: "approved" });
  return { author, id };
}

const ids = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

describe("library.list and library.get: what members see", () => {
  it("shows approved items only: never pending, rejected or unpublished ones", async () => {
    const word = "visibilitycheck";
    const approved = await publishedItem({ title: `Approved ${word}` });
    const pending = await pendingSubmission(t, { title: `Pending ${word}` });
    const rejected = await pendingSubmission(t, { title: `Rejected ${word}` });
    await admin.inbox.review({ id: rejected.id, decision: "rejected", notes: "Too short" });
    const unpublished = await publishedItem({ title: `Unpublished ${word}` });
    await admin.library.unpublish({ id: unpublished.id, note: "Outdated" });

    const page = await reader.caller.library.list({ search: word });
    expect(ids(page)).toEqual([approved.id]);
    expect(page.items[0]).toMatchObject({
      title: `Approved ${word}`,
      shareType: "country",
      category: "AE",
      likeCount: 0,
      likedByMe: false,
      author: { userId: approved.author.id, name: approved.author.name },
    });
    expect(page.items[0]!.publishedAt).toBeInstanceOf(Date);

    const item = await reader.caller.library.get({ id: approved.id });
    expect(item).toMatchObject({ id: approved.id, content: expect.any(String), own: false, attachment: null });
    for (const hidden of [pending.id, rejected.id, unpublished.id, 999_999]) {
      await expectTRPCError(reader.caller.library.get({ id: hidden }), "NOT_FOUND", Msg.notFound);
    }
  });

  it("refuses anyone who is not an approved member", async () => {
    for (const kind of ["anonymous", "pending", "rejected"] as const) {
      const caller = await t.callerFor(kind);
      await expect(caller.library.list({})).rejects.toMatchObject({
        code: kind === "anonymous" ? "UNAUTHORIZED" : "FORBIDDEN",
      });
    }
  });

  it("finds English and Persian words of the title and the content, with Persian letter folding", async () => {
    const en = await publishedItem({
      title: "Saffron logistics to Dubai",
      content: "Cold chain forwarders quote per pallet.",
    });
    const fa = await publishedItem({
      title: "صادرات زعفران به امارات",
      // Arabic yeh and kaf in «تجاري» and «كيفيت», ZWNJ in «می‌شود».
      content: "گواهی مبدا لازم است و ترخیص در دو روز انجام می‌شود. كيفيت تجاري",
    });
    const search = async (q: string) => ids(await reader.caller.library.list({ search: q }));

    expect(await search("forwarders")).toEqual([en.id]);
    expect(await search("SAFFRON dubai")).toEqual([en.id]);
    expect(await search("saffr")).toEqual([en.id]); // a prefix
    expect(await search("زعفران")).toEqual([fa.id]); // a title word
    expect(await search("ترخیص")).toEqual([fa.id]); // a content word
    expect(await search("ميشود")).toEqual([fa.id]); // Arabic yeh, no ZWNJ
    expect(await search("کیفیت تجاری")).toEqual([fa.id]); // Persian letters find Arabic ones
    expect(await search("زعفران pallet")).toEqual([]); // every word must match
    expect(await search("nothinglikethis")).toEqual([]);
    // Operators and quotes are only words: no tsquery syntax error.
    expect(await search("' & | ! :* ( zzz")).toEqual([]);
  });

  it("filters by share type, country, product category and event type", async () => {
    const word = "filtercheck";
    const tr = await publishedItem({ title: `Turkey ${word}`, shareType: "country", category: "TR" });
    const reg = await publishedItem({ title: `Rules ${word}`, shareType: "regulations", category: "saffron_spices" });
    const doc = await publishedItem({ title: `Forms ${word}`, shareType: "documents", category: "saffron_spices" });
    const fair = await publishedItem({
      title: `Fair ${word}`,
      shareType: "experience",
      category: "trade_fair",
      eventDate: "2026-03-01",
      eventLocation: "Dubai",
    });
    const list = async (f: Parameters<Caller["library"]["list"]>[0]) =>
      ids(await reader.caller.library.list({ search: word, ...f })).sort((a, b) => a - b);

    expect(await list({ country: "TR" })).toEqual([tr.id]);
    expect(await list({ country: "DE" })).toEqual([]);
    expect(await list({ productCategory: "saffron_spices" })).toEqual([reg.id, doc.id]);
    expect(await list({ productCategory: "saffron_spices", shareType: "documents" })).toEqual([doc.id]);
    expect(await list({ eventType: "trade_fair" })).toEqual([fair.id]);
    expect(await list({ shareType: "experience" })).toEqual([fair.id]);
    expect((await reader.caller.library.get({ id: fair.id })).eventLocation).toBe("Dubai");
  });

  it("pages with a cursor, newest first and most liked first, without gaps or repeats", async () => {
    const word = "pagingcheck";
    const items: number[] = [];
    for (let i = 0; i < 5; i++) items.push((await publishedItem({ title: `Item ${i} ${word}` })).id);
    // Likes: item 1 twice, item 3 once.
    const [a, b] = [await t.member(), await t.member()];
    await a.caller.library.like({ id: items[1]! });
    await b.caller.library.like({ id: items[1]! });
    await a.caller.library.like({ id: items[3]! });

    async function all(sort: "newest" | "mostLiked") {
      const seen: number[] = [];
      let cursor = null;
      for (let pages = 0; pages < 10; pages++) {
        const page: Awaited<ReturnType<Caller["library"]["list"]>> = await reader.caller.library.list({
          search: word,
          sort,
          limit: 2,
          cursor,
        });
        seen.push(...ids(page));
        expect(page.items.length).toBeLessThanOrEqual(2);
        if (!page.nextCursor) return seen;
        cursor = page.nextCursor;
      }
      throw new Error("paging did not end");
    }
    expect(await all("newest")).toEqual([...items].reverse());
    expect(await all("mostLiked")).toEqual([items[1], items[3], items[4], items[2], items[0]]);
  });
});

describe("likes", () => {
  it("a like counts once, credits the author +2 once, and withdrawing reverses it", async () => {
    const { author, id } = await publishedItem({ title: "Like once" });
    const before = (await standingOf(t.db, author.id)).points;

    const results = await Promise.allSettled([reader.caller.library.like({ id }), reader.caller.library.like({ id })]);
    expect(results.map(outcome)).toEqual(["OK", "OK"]);
    await reader.caller.library.like({ id });
    expect(await reader.caller.library.get({ id })).toMatchObject({ likeCount: 1, likedByMe: true });
    expect((await standingOf(t.db, author.id)).points).toBe(before + LIKE_POINTS);
    const liked = (await ledgerOf(t.db, author.id)).filter((r) => r.reason === "knowledge_liked");
    expect(liked).toHaveLength(1);
    expect(liked[0]!.delta).toBe(LIKE_POINTS);

    expect(await reader.caller.library.unlike({ id })).toEqual({ liked: false, likeCount: 0 });
    await reader.caller.library.unlike({ id }); // nothing left to withdraw
    expect((await standingOf(t.db, author.id)).points).toBe(before);
    const withdrawn = (await ledgerOf(t.db, author.id)).filter((r) => r.reason === "knowledge_like_withdrawn");
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]).toMatchObject({ delta: -LIKE_POINTS, sourceId: liked[0]!.sourceId });

    // Liking again is a new like: +2 again, and the ledger still sums to the balance.
    await reader.caller.library.like({ id });
    const ledger = await ledgerOf(t.db, author.id);
    expect((await standingOf(t.db, author.id)).points).toBe(ledger.reduce((sum, r) => sum + r.delta, 0));
    expect((await standingOf(t.db, author.id)).points).toBe(before + LIKE_POINTS);
    expect((await reader.caller.library.get({ id })).likeCount).toBe(1);
  });

  it("the author's live badges show the like's points and its reversal", async () => {
    const { author, id } = await publishedItem({ title: "Live points" });
    const ac = new AbortController();
    const caller = t.callerWith((await t.authOf(author.token))!, { signal: ac.signal });
    const it = (await caller.badges.onChange())[Symbol.asyncIterator]() as AsyncIterator<{ points: number }>;
    try {
      const first = await withTimeout(it.next(), 5_000, "the first badges");
      const start = (first.value as { points: number }).points;
      const second = it.next();
      await reader.caller.library.like({ id });
      expect(await withTimeout(second, 5_000, "the badges after a like")).toMatchObject({
        value: { points: start + LIKE_POINTS },
      });
      const third = it.next();
      await reader.caller.library.unlike({ id });
      expect(await withTimeout(third, 5_000, "the badges after withdrawing")).toMatchObject({
        value: { points: start },
      });
    } finally {
      ac.abort();
      await it.return?.();
    }
  });

  it("several members' likes each credit the author", async () => {
    const { author, id } = await publishedItem({ title: "Liked by many" });
    const before = (await standingOf(t.db, author.id)).points;
    const likers = await Promise.all([t.member(), t.member(), t.member()]);
    await Promise.all(likers.map((m) => m.caller.library.like({ id })));
    expect((await reader.caller.library.get({ id })).likeCount).toBe(3);
    expect((await standingOf(t.db, author.id)).points).toBe(before + 3 * LIKE_POINTS);
  });

  it("a member cannot like their own item", async () => {
    const { author, id } = await publishedItem({ title: "My own" });
    expect(await author.caller.library.get({ id })).toMatchObject({ own: true });
    await expectTRPCError(author.caller.library.like({ id }), "FORBIDDEN", Msg.cannotLikeOwn);
    expect(await ledgerOf(t.db, author.id)).toHaveLength(1); // the approval only
  });

  it("items that are not published cannot be liked", async () => {
    const { id } = await pendingSubmission(t, { title: "Not yet" });
    await expectTRPCError(reader.caller.library.like({ id }), "NOT_FOUND", Msg.notFound);
    await expectTRPCError(reader.caller.library.unlike({ id }), "NOT_FOUND", Msg.notFound);
  });
});

describe("library.unpublish", () => {
  it("takes an item out of the library with a note its author sees; a second time is a conflict", async () => {
    const { author, id } = await publishedItem({ title: "To be unpublished" });
    await reader.caller.library.like({ id });
    expect(await admin.library.unpublish({ id, note: "Out of date since the new customs rules" })).toEqual({
      ok: true,
    });
    await expectTRPCError(reader.caller.library.get({ id }), "NOT_FOUND", Msg.notFound);
    expect(ids(await reader.caller.library.list({ search: "unpublished" }))).not.toContain(id);
    expect(await author.caller.knowledge.mine()).toEqual([
      expect.objectContaining({
        id,
        status: "approved",
        unpublishedAt: expect.any(Date),
        unpublishNote: "Out of date since the new customs rules",
      }),
    ]);
    await expectTRPCError(admin.library.unpublish({ id, note: "again" }), "CONFLICT", Msg.notPublished);
    await expectTRPCError(admin.library.unpublish({ id: 999_999, note: "x" }), "NOT_FOUND", Msg.notFound);
    const pending = await pendingSubmission(t);
    await expectTRPCError(admin.library.unpublish({ id: pending.id, note: "x" }), "CONFLICT", Msg.notPublished);
  });

  it("needs a note and an admin", async () => {
    const { id } = await publishedItem();
    await expectTRPCError(admin.library.unpublish({ id, note: "  " }), "BAD_REQUEST", Msg.unpublishNoteRequired);
    await expect(reader.caller.library.unpublish({ id, note: "mine now" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await reader.caller.library.get({ id })).id).toBe(id);
  });
});

describe("attachments of library items", () => {
  it("any approved member downloads the attachment of a published item; nobody else's before or after", async () => {
    const author = await t.member();
    const up = await uploadFile(t, {
      token: author.token,
      purpose: "knowledge_attachment",
      fileName: "customs.pdf",
      content: SAMPLE_FILES.pdf,
    });
    expect(up.status).toBe(201);
    const uploadId = up.json!.id as string;
    const url = `/api/files/${uploadId}`;
    const { id } = await pendingSubmission(t, { attachmentUploadId: uploadId }, author);
    const pendingViewer = await t.actor("pending");

    // Pending: only the author and admins.
    expect((await t.inject({ url, token: reader.token })).statusCode).toBe(404);
    expect((await t.inject({ url, token: author.token })).statusCode).toBe(200);

    await admin.inbox.review({ id, decision: "approved" });
    const item = await reader.caller.library.get({ id });
    expect(item.attachment).toMatchObject({ url, fileName: "customs.pdf", contentType: "application/pdf" });
    const res = await t.inject({ url, token: reader.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect((await t.inject({ url, token: pendingViewer.token })).statusCode).toBe(404);
    expect((await t.inject({ url })).statusCode).toBe(401);

    await admin.library.unpublish({ id, note: "Withdrawn" });
    expect((await t.inject({ url, token: reader.token })).statusCode).toBe(404);
    expect((await t.inject({ url, token: author.token })).statusCode).toBe(200);
  });
});
