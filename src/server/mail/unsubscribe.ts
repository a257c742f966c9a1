/**
 * One-click unsubscribe (issue 17 §2; RFC 8058), without signing in. The link of every
 * preference-governed mail, `unsubscribeLink` (domain/notifications.ts), is
 * `/api/unsubscribe?token=<token>` (the request log redacts `token`):
 *
 * - `GET`: a small confirmation page in the member's language with an Unsubscribe button (mail
 *   scanners that open links change nothing).
 * - `POST` (the button, or a mail client's one-click request with the body
 *   `List-Unsubscribe=One-Click`, any content type): sets only that member's category to
 *   `never` and answers 200 with a short page. Exempt from the same-origin check (app.ts): the
 *   token is the credential, and the only possible change is that one preference.
 * - An unknown or malformed token: 404 with a page saying the link is not valid; nothing changes.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Locale } from "../../common/constants";
import { type EmailCategory, unsubscribeTokenSchema } from "../../common/notifications";
import type { Db } from "../db/client";
import { unsubscribe, unsubscribeTarget } from "../domain/notifications";

/** The path prefix of the unsubscribe links (exempt from the same-origin check). */
export const UNSUBSCRIBE_PATH = "/api/unsubscribe";

const CATEGORY_LABELS: Record<Locale, Record<EmailCategory, string>> = {
  en: {
    response_received: "responses to your requests and offers",
    rating_received: "ratings of your responses",
    knowledge_reviewed: "reviews of your knowledge submissions",
    routed_posts: "the daily digest of new requests and offers for you",
  },
  fa: {
    response_received: "پاسخ‌ها به درخواست‌ها و پیشنهادهای شما",
    rating_received: "امتیازهای پاسخ‌های شما",
    knowledge_reviewed: "نتیجهٔ بررسی دانش‌های ارسالی شما",
    routed_posts: "خلاصهٔ روزانهٔ درخواست‌ها و پیشنهادهای تازه برای شما",
  },
};

const TEXTS = {
  en: {
    title: "Unsubscribe",
    ask: (what: string) => `Stop e-mails about ${what}?`,
    button: "Unsubscribe",
    done: (what: string) => `You will no longer receive e-mails about ${what}.`,
    settings: "You can change this at any time in your profile's e-mail settings.",
    invalid: "This unsubscribe link is not valid.",
    profile: "Open your profile",
  },
  fa: {
    title: "لغو اشتراک",
    ask: (what: string) => `دیگر دربارهٔ ${what} ایمیل دریافت نکنید؟`,
    button: "لغو اشتراک",
    done: (what: string) => `دیگر دربارهٔ ${what} ایمیلی دریافت نمی‌کنید.`,
    settings: "هر زمان بخواهید می‌توانید این را در تنظیمات ایمیل نمایهٔ خود تغییر دهید.",
    invalid: "این پیوند لغو اشتراک معتبر نیست.",
    profile: "باز کردن نمایه",
  },
} as const;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(reply: FastifyReply, status: number, locale: Locale, body: string): FastifyReply {
  const dir = locale === "fa" ? "rtl" : "ltr";
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .header("Referrer-Policy", "no-referrer")
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(TEXTS[locale].title)} · Export Club</title><style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:.25rem;background:#0b7285;color:#fff;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}a{color:#0b6e99}</style></head><body><main>${body}</main></body></html>`,
    );
}

/** Registers `GET` and `POST /api/unsubscribe?token=`. */
export async function registerUnsubscribeRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  await app.register(async (scope) => {
    // Mail clients post `List-Unsubscribe=One-Click` form-encoded (or multipart): the body is
    // not needed, so every content type is accepted and ignored.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 4096 }, (_req, _body, done) => done(null, null));

    scope.get<{ Querystring: { token?: unknown } }>(UNSUBSCRIBE_PATH, async (req, reply) => {
      const token = unsubscribeTokenSchema.safeParse(req.query.token);
      const target = token.success ? await unsubscribeTarget(deps.db, token.data) : null;
      if (!target) return page(reply, 404, "en", `<p>${TEXTS.en.invalid}</p>`);
      const t = TEXTS[target.locale];
      const what = CATEGORY_LABELS[target.locale][target.category];
      return page(
        reply,
        200,
        target.locale,
        `<h1>${t.title}</h1><p>${escapeHtml(t.ask(what))}</p><form method="post"><button type="submit">${t.button}</button></form>`,
      );
    });

    scope.post<{ Querystring: { token?: unknown } }>(UNSUBSCRIBE_PATH, async (req, reply) => {
      const token = unsubscribeTokenSchema.safeParse(req.query.token);
      const target = token.success ? await unsubscribeTarget(deps.db, token.data) : null;
      if (!target || !token.success) return page(reply, 404, "en", `<p>${TEXTS.en.invalid}</p>`);
      await unsubscribe(deps.db, token.data);
      req.log.info({ category: target.category }, "unsubscribed by link");
      const t = TEXTS[target.locale];
      const what = CATEGORY_LABELS[target.locale][target.category];
      return page(
        reply,
        200,
        target.locale,
        `<h1>${t.title}</h1><p>${escapeHtml(t.done(what))}</p><p>${t.settings}</p><p><a href="/profile#email-notifications">${t.profile}</a></p>`,
      );
    });
  });
}
