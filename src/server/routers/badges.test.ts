import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Member, type TestApp, withTimeout } from "../../test/app";
import { RESPONSE_CONTACTS, submitRequest } from "../../test/fixtures";
import { countReceived } from "../domain/memberRequests";
import { countUnreadOffers } from "../domain/offers";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("badges.onChange", () => {
  /** The member badges this issue adds (the payload may carry more, e.g. points and tier). */
  type Badges = { requests: number; offers: number };

  async function subscribe(m: Member, ac: AbortController) {
    const caller = t.callerWith((await t.authOf(m.token))!, { signal: ac.signal });
    const iterable = await caller.badges.onChange();
    return { caller, it: iterable[Symbol.asyncIterator]() as AsyncIterator<Badges> };
  }

  it("yields the counts on connect, then on a matching request, a response and reading or ignoring", async () => {
    const viewer = await t.member({ countries: ["KE"] });
    const author = await t.member({ countries: ["KE"] });
    const ac = new AbortController();
    const { it } = await subscribe(viewer, ac);
    try {
      const first = await withTimeout(it.next(), 5_000, "the first badges");
      const start = first.value as Badges;
      expect(start).toMatchObject({
        requests: await countReceived(t.db, viewer.id),
        offers: await countUnreadOffers(t.db, viewer.id),
      });

      // A request that does not match, then one that does: only the second raises the badge.
      const second = it.next();
      await submitRequest(author, "PE");
      const matching = await submitRequest(author, "KE");
      expect(await withTimeout(second, 5_000, "the badges after a matching request")).toMatchObject({
        done: false,
        value: { requests: Math.min(start.requests + 1, 100), offers: start.offers },
      });

      // The viewer's own request changes nothing; a response to it raises `offers`.
      const third = it.next();
      const own = await submitRequest(viewer, "KE");
      await author.caller.memberRequests.respond({ requestId: own, message: "Count on us", ...RESPONSE_CONTACTS });
      expect(await withTimeout(third, 5_000, "the badges after a response")).toMatchObject({
        done: false,
        value: { requests: Math.min(start.requests + 1, 100), offers: start.offers + 1 },
      });

      // Opening the offers page clears `offers`; ignoring a request lowers `requests`.
      const fourth = it.next();
      await viewer.caller.offers.markRead();
      expect(await withTimeout(fourth, 5_000, "the badges after markRead")).toMatchObject({
        done: false,
        value: { requests: Math.min(start.requests + 1, 100), offers: 0 },
      });
      const fifth = it.next();
      await viewer.caller.memberRequests.ignore({ requestId: matching });
      expect(await withTimeout(fifth, 5_000, "the badges after ignore")).toMatchObject({
        done: false,
        value: { requests: await countReceived(t.db, viewer.id), offers: 0 },
      });

      const end = it.next();
      ac.abort();
      expect(await withTimeout(end, 5_000, "the end after abort")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await it.return?.();
    }
  });

  it("ends when the session signs out", async () => {
    const viewer = await t.member({ countries: ["NG"] });
    const author = await t.member();
    const ac = new AbortController();
    const { caller, it } = await subscribe(viewer, ac);
    try {
      await withTimeout(it.next(), 5_000, "the first badges");
      const next = it.next();
      await caller.auth.signOut();
      await submitRequest(author, "NG"); // would raise `requests` if the subscription were still alive
      expect(await withTimeout(next, 5_000, "the end of the subscription")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await it.return?.();
    }
  });
});
