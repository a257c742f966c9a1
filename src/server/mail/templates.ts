/**
 * E-mail texts, in the recipient's language (English default, Persian). Plain text first;
 * a minimal HTML twin is generated from it.
 */
import type { Locale } from "../../common/constants";
import type { MailedKind, NotificationParams } from "../../common/notifications";
import type { Board } from "../../common/posts";

export interface MailContent {
  subject: string;
  text: string;
}

interface ApprovalMailInput {
  name: string;
  decision: "approved" | "rejected";
  notes: string | null;
  signInUrl: string;
}

/** The e-mail an applicant receives when an admin approves or rejects them (spec part 1 §4). */
export function approvalMail(locale: Locale, m: ApprovalMailInput): MailContent {
  if (locale === "fa") {
    return m.decision === "approved"
      ? {
          subject: "عضویت شما در باشگاه صادرات تأیید شد",
          text: `${m.name} عزیز،\n\nدرخواست عضویت شما در باشگاه صادرات تأیید شد. اکنون می‌توانید وارد شوید:\n${m.signInUrl}\n${m.notes ? `\nیادداشت مدیر: ${m.notes}\n` : ""}\nبا احترام،\nتیم باشگاه صادرات`,
        }
      : {
          subject: "نتیجهٔ بررسی درخواست عضویت در باشگاه صادرات",
          text: `${m.name} عزیز،\n\nمتأسفانه درخواست عضویت شما در این مرحله تأیید نشد. اگر فکر می‌کنید اشتباهی رخ داده است، با پشتیبانی تماس بگیرید.\n${m.notes ? `\nیادداشت مدیر: ${m.notes}\n` : ""}\nبا احترام،\nتیم باشگاه صادرات`,
        };
  }
  return m.decision === "approved"
    ? {
        subject: "Your Export Club membership is approved",
        text: `Dear ${m.name},\n\nYour application to Export Club has been approved. You can now sign in:\n${m.signInUrl}\n${m.notes ? `\nNote from the admin team: ${m.notes}\n` : ""}\nBest regards,\nThe Export Club team`,
      }
    : {
        subject: "Your Export Club application",
        text: `Dear ${m.name},\n\nYour application was not approved at this time. If you believe this is an error, please contact support.\n${m.notes ? `\nNote from the admin team: ${m.notes}\n` : ""}\nBest regards,\nThe Export Club team`,
      };
}

/**
 * The decision on a provider's service (issue #15 §1): approved (now listed) or rejected with
 * the admin's note; both link to My services.
 */
export function serviceReviewMail(
  locale: Locale,
  m: { name: string; title: string; decision: "approved" | "rejected"; notes: string | null; myServicesUrl: string },
): MailContent {
  if (locale === "fa") {
    const hello = m.name ? `${m.name} عزیز،` : "سلام،";
    return m.decision === "approved"
      ? {
          subject: "خدمت شما در باشگاه صادرات تأیید شد",
          text: `${hello}\n\nخدمت «${m.title}» تأیید شد و اکنون در جست‌وجوی درخواست‌های مشاوره نمایش داده می‌شود. در «خدمات من» می‌توانید آن را متوقف یا ویرایش کنید:\n${m.myServicesUrl}\n${m.notes ? `\nیادداشت مدیر: ${m.notes}\n` : ""}\nبا احترام،\nتیم باشگاه صادرات`,
        }
      : {
          subject: "خدمت شما در باشگاه صادرات تأیید نشد",
          text: `${hello}\n\nخدمت «${m.title}» تأیید نشد.\n${m.notes ? `\nیادداشت مدیر: ${m.notes}\n` : ""}\nمی‌توانید آن را در «خدمات من» ویرایش کنید و دوباره برای بررسی بفرستید:\n${m.myServicesUrl}\n\nبا احترام،\nتیم باشگاه صادرات`,
        };
  }
  const hello = m.name ? `Dear ${m.name},` : "Hello,";
  return m.decision === "approved"
    ? {
        subject: "Your Export Club service is approved",
        text: `${hello}\n\nYour service "${m.title}" has been approved and now appears in consultation searches. You can pause or edit it in My services:\n${m.myServicesUrl}\n${m.notes ? `\nNote from the admin team: ${m.notes}\n` : ""}\nBest regards,\nThe Export Club team`,
      }
    : {
        subject: "Your Export Club service was not approved",
        text: `${hello}\n\nYour service "${m.title}" was not approved.\n${m.notes ? `\nNote from the admin team: ${m.notes}\n` : ""}\nYou can edit it in My services and send it for review again:\n${m.myServicesUrl}\n\nBest regards,\nThe Export Club team`,
      };
}

/** Escapes text for HTML and keeps its line breaks. */
export function textToHtml(text: string, locale: Locale): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, "<br>");
  const dir = locale === "fa" ? "rtl" : "ltr";
  return `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:sans-serif;line-height:1.5">${escaped}</body></html>`;
}

/** The confirmation link for a new e-mail address (spec part 2 §4 Email change). */
export function emailChangeMail(locale: Locale, m: { name: string; confirmUrl: string }): MailContent {
  if (locale === "fa") {
    return {
      subject: "تأیید نشانی ایمیل جدید در باشگاه صادرات",
      text: `${m.name} عزیز،\n\nبرای تأیید این نشانی به‌عنوان ایمیل حساب خود در باشگاه صادرات، پیوند زیر را باز کنید (تا ۲۴ ساعت معتبر است):\n${m.confirmUrl}\n\nاگر شما این درخواست را نداده‌اید، این پیام را نادیده بگیرید.\n\nتیم باشگاه صادرات`,
    };
  }
  return {
    subject: "Confirm your new Export Club email address",
    text: `Dear ${m.name},\n\nTo use this address for your Export Club account, open this link (valid for 24 hours):\n${m.confirmUrl}\n\nIf you did not ask for this change, ignore this message.\n\nThe Export Club team`,
  };
}

/**
 * The link that confirms the `ADMIN_EMAIL` account's address and makes it admin (issue #10 §6).
 * It must be opened signed in as that account.
 */
export function adminConfirmMail(locale: Locale, m: { name: string; confirmUrl: string }): MailContent {
  if (locale === "fa") {
    return {
      subject: "تأیید نشانی ایمیل مدیر باشگاه صادرات",
      text: `${m.name} عزیز،\n\nبا این نشانی در باشگاه صادرات ثبت‌نام شده است؛ این نشانی، نشانی مدیر باشگاه است. برای تأیید آن و فعال شدن حساب مدیریت، در همان مرورگری که با آن ثبت‌نام کرده‌اید (وارد حساب خود شده) پیوند زیر را باز کنید (تا ۲۴ ساعت معتبر است):\n${m.confirmUrl}\n\nاگر شما ثبت‌نام نکرده‌اید، این پیوند را باز نکنید و به مسئول فنی سایت خبر دهید.\n\nتیم باشگاه صادرات`,
    };
  }
  return {
    subject: "Confirm your Export Club administrator address",
    text: `Dear ${m.name},\n\nAn account was created at Export Club with this address, which is the club's administrator address. To confirm it and activate the administrator account, open this link while signed in to that account, e.g. in the browser you signed up with (valid for 24 hours):\n${m.confirmUrl}\n\nIf you did not sign up, do not open the link, and tell whoever runs the site.\n\nThe Export Club team`,
  };
}

/**
 * A password reset link (issue #11 §3), valid for 30 minutes and once; `byAdmin` when an admin
 * sent it from member management rather than the member asking for it.
 */
export function passwordResetMail(
  locale: Locale,
  m: { name: string; resetUrl: string; byAdmin: boolean },
): MailContent {
  if (locale === "fa") {
    const why = m.byAdmin
      ? "مدیر باشگاه صادرات برای حساب شما پیوند بازنشانی رمز عبور فرستاده است."
      : "درخواستی برای بازنشانی رمز عبور حساب شما در باشگاه صادرات دریافت شد.";
    const ignore = m.byAdmin
      ? "اگر نمی‌خواهید رمز عبور خود را تغییر دهید، این پیام را نادیده بگیرید؛ رمز عبور فعلی شما تغییری نمی‌کند."
      : "اگر شما این درخواست را نداده‌اید، این پیام را نادیده بگیرید؛ رمز عبور فعلی شما تغییری نمی‌کند.";
    return {
      subject: "بازنشانی رمز عبور باشگاه صادرات",
      text: `${m.name} عزیز،\n\n${why} برای انتخاب رمز عبور تازه، پیوند زیر را باز کنید (تا ۳۰ دقیقه و فقط یک بار معتبر است):\n${m.resetUrl}\n\nپس از تغییر رمز، از همهٔ دستگاه‌ها خارج می‌شوید.\n${ignore}\n\nتیم باشگاه صادرات`,
    };
  }
  const why = m.byAdmin
    ? "An Export Club administrator has sent you a link to reset your password."
    : "We received a request to reset the password of your Export Club account.";
  const ignore = m.byAdmin
    ? "If you do not want to change your password, ignore this message; your current password stays as it is."
    : "If you did not ask for this, ignore this message; your current password stays as it is.";
  return {
    subject: "Reset your Export Club password",
    text: `Dear ${m.name},\n\n${why} To choose a new password, open this link (valid for 30 minutes, and only once):\n${m.resetUrl}\n\nOnce the password is changed, you are signed out on every device.\n${ignore}\n\nThe Export Club team`,
  };
}

/**
 * An admin reset the member's two-step sign-in (docs/architecture.md "Security model"): their
 * authenticator app and recovery codes are removed and they were signed out everywhere.
 */
export function secondFactorResetMail(locale: Locale, m: { name: string }): MailContent {
  if (locale === "fa") {
    return {
      subject: "ورود دومرحله‌ای شما در باشگاه صادرات بازنشانی شد",
      text: `${m.name} عزیز،\n\nمدیر باشگاه صادرات ورود دومرحله‌ای حساب شما را بازنشانی کرد: برنامهٔ احراز هویت و کدهای بازیابی شما حذف شدند و از همهٔ دستگاه‌ها خارج شدید.\nاکنون فقط با ایمیل و رمز عبور وارد می‌شوید. لطفاً پس از ورود، از صفحهٔ پروفایل دوباره ورود دومرحله‌ای را فعال کنید.\nاگر شما چنین درخواستی نداده‌اید، فوراً رمز عبور خود را تغییر دهید و با ما تماس بگیرید.\n\nتیم باشگاه صادرات`,
    };
  }
  return {
    subject: "Your Export Club two-step sign-in was reset",
    text: `Dear ${m.name},\n\nAn Export Club administrator reset the two-step sign-in of your account: your authenticator app and recovery codes were removed, and you were signed out on every device.\nYou now sign in with your email and password alone. Please set up two-step sign-in again on your profile page after signing in.\nIf you did not ask for this, change your password at once and contact us.\n\nThe Export Club team`,
  };
}

/**
 * An admin's reply to a message sent through the landing page's contact form (issue #16 §3),
 * quoting the sender's message. In the sender's account language when they were signed in,
 * otherwise English (an anonymous visitor's language is not known).
 */
export function contactReplyMail(locale: Locale, m: { name: string; reply: string; original: string }): MailContent {
  const quoted = m.original
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  if (locale === "fa") {
    return {
      subject: "پاسخ به پیام شما به باشگاه صادرات",
      text: `${m.name} عزیز،\n\n${m.reply}\n\nپیام شما:\n${quoted}\n\nبا احترام،\nتیم باشگاه صادرات`,
    };
  }
  return {
    subject: "Re: your message to Export Club",
    text: `Dear ${m.name},\n\n${m.reply}\n\nYour message:\n${quoted}\n\nBest regards,\nThe Export Club team`,
  };
}

/** A board's name in a digest, as its Received page is titled in the app (features/posts/labels.ts). */
const DIGEST_BOARD_NAMES: Record<Board, { en: string; fa: string }> = {
  "membership.request": { en: "Member requests", fa: "درخواست‌های دریافتی از اعضا" },
  "collaboration.request": { en: "Partnership requests", fa: "درخواست‌های همکاری" },
  "collaboration.offer": { en: "Partnership offers", fa: "پیشنهادهای همکاری" },
  "export_services.request": { en: "Export service requests", fa: "درخواست‌های خدمات صادراتی" },
  "export_services.offer": { en: "Export service offers", fa: "پیشنهادهای خدمات صادراتی" },
  "consultancy.request": { en: "Consultation requests", fa: "درخواست‌های مشاوره" },
  "information.request": { en: "Information requests", fa: "درخواست‌های اطلاعات" },
  "information.offer": { en: "Information offers", fa: "پیشنهادهای اطلاعات" },
  "recruitment.request": { en: "Candidates seeking a position", fa: "جویندگان کار" },
  "recruitment.offer": { en: "Open positions", fa: "موقعیت‌های شغلی" },
};

/** One board's part of a digest: its new posts (newest first, at most a few) and how many there were. */
export interface DigestSection {
  board: Board;
  /** Absolute link to the board's Received page. */
  url: string;
  /** Posts listed (title or the start of the description). */
  items: string[];
  /** All new posts on the board in the period (≥ items.length). */
  total: number;
}

/** A notification held for the digest: its title in the member's language and its page. */
export interface DigestNotice {
  text: string;
  url: string;
}

/**
 * The daily digest (issue #17 §2): the requests and offers routed to the member since the last
 * one, per board, each board with a link to its Received page; then the notifications the member
 * chose to get in the digest; the unsubscribe link at the end (the same URL as the
 * List-Unsubscribe header).
 */
export function digestMail(
  locale: Locale,
  m: { name: string; sections: DigestSection[]; notices: DigestNotice[]; settingsUrl: string; unsubscribeUrl: string },
): MailContent {
  const total = m.sections.reduce((n, s) => n + s.total, 0) + m.notices.length;
  const fa = locale === "fa";
  const number = (n: number) => n.toLocaleString(fa ? "fa-IR" : "en");
  const parts = m.sections.map((s) => {
    const name = DIGEST_BOARD_NAMES[s.board][fa ? "fa" : "en"];
    const more = s.total - s.items.length;
    const lines = s.items.map((item) => `- ${item}`);
    if (more > 0) lines.push(fa ? `- و ${number(more)} مورد دیگر` : `- and ${number(more)} more`);
    return `${name} (${number(s.total)})\n${lines.join("\n")}\n${s.url}`;
  });
  if (m.notices.length > 0) {
    const lines = m.notices.map((n) => `- ${n.text}\n  ${n.url}`);
    parts.push(`${fa ? "اعلان‌ها" : "Notifications"} (${number(m.notices.length)})\n${lines.join("\n")}`);
  }
  const body = parts.join("\n\n");
  if (fa) {
    const hello = m.name ? `${m.name} عزیز،` : "سلام،";
    return {
      subject: `${number(total)} مورد تازه برای شما در باشگاه صادرات`,
      text: `${hello}\n\nاز آخرین خلاصه، این موارد برای شما رسیده است:\n\n${body}\n\nتنظیم ایمیل‌ها: ${m.settingsUrl}\nلغو دریافت این خلاصه: ${m.unsubscribeUrl}\n\nبا احترام،\nتیم باشگاه صادرات`,
    };
  }
  return {
    subject: `${number(total)} new for you on Export Club`,
    text: `${m.name ? `Dear ${m.name},` : "Hello,"}\n\nThis is what reached you since your last digest:\n\n${body}\n\nE-mail settings: ${m.settingsUrl}\nUnsubscribe from this digest: ${m.unsubscribeUrl}\n\nBest regards,\nThe Export Club team`,
  };
}

/** What a notification e-mail says: its kind and params (`NotificationParams`), and its links. */
export type NotificationMailInput = MailedNotification & {
  name: string;
  /** The page of the notification's subject (absolute URL). */
  link: string;
  /** E-mail preferences in the profile (absolute URL). */
  settingsUrl: string;
  /** One-click unsubscribe from this kind of mail (absolute URL, no sign-in). */
  unsubscribeUrl: string;
};

/** A mailed notification: its kind and that kind's params. */
export type MailedNotification = {
  [K in MailedKind]: { kind: K; params: NotificationParams[K] };
}[MailedKind];

/** A notification's one-line title in `locale`: the immediate mail's subject and its line in a digest. */
export function notificationSubject(locale: Locale, n: MailedNotification): string {
  const fa = locale === "fa";
  switch (n.kind) {
    case "response_received": {
      const offer = n.params.postKind === "offer";
      if (fa) return offer ? "پاسخ تازه به پیشنهاد شما در باشگاه صادرات" : "پاسخ تازه به درخواست شما در باشگاه صادرات";
      return offer ? "Response to Your Offer" : "Response to Your Request";
    }
    case "rating_received":
      return fa ? "پاسخ شما امتیاز گرفت" : "Your response was rated";
    case "knowledge_reviewed": {
      const approved = n.params.decision === "approved";
      if (fa) return approved ? "دانش به‌اشتراک‌گذاشتهٔ شما تأیید شد" : "دانش به‌اشتراک‌گذاشتهٔ شما تأیید نشد";
      return approved ? "Your knowledge submission was approved" : "Your knowledge submission was not approved";
    }
  }
}

/**
 * The immediate e-mail of a notification (issue 17 §2) in the member's language, ending with
 * the links to change the preference and to unsubscribe from this kind of mail.
 */
export function notificationMail(locale: Locale, m: NotificationMailInput): MailContent {
  const fa = locale === "fa";
  const subject = notificationSubject(locale, m);
  let body: string;
  switch (m.kind) {
    case "response_received": {
      const offer = m.params.postKind === "offer";
      body = fa
        ? `عضوی به ${offer ? "پیشنهاد" : "درخواست"} شما پاسخ داد. برای دیدن پاسخ و راه تماس، اینجا را باز کنید:\n${m.link}`
        : `A member has responded to your ${offer ? "offer" : "request"}. To read the response and see their contact details, open:\n${m.link}`;
      break;
    }
    case "rating_received":
      body = fa
        ? `پاسخ شما ${m.params.rating} ستاره از ۳ گرفت. میانگین امتیاز خود را در داشبورد ببینید:\n${m.link}`
        : `Your response received a rating of ${m.params.rating} out of 3 stars. See your average rating on the dashboard:\n${m.link}`;
      break;
    case "knowledge_reviewed": {
      const approved = m.params.decision === "approved";
      body = fa
        ? approved
          ? `«${m.params.title}» تأیید شد${m.params.points ? ` و ${m.params.points} امتیاز به حساب شما افزوده شد` : ""}.\n${m.link}`
          : `«${m.params.title}» تأیید نشد. یادداشت مدیر را در «ارسال‌های من» ببینید:\n${m.link}`
        : approved
          ? `“${m.params.title}” was approved${m.params.points ? ` and ${m.params.points} points were added to your balance` : ""}.\n${m.link}`
          : `“${m.params.title}” was not approved. See the admin's note under My submissions:\n${m.link}`;
      break;
    }
  }
  const footer = fa
    ? `\n\n—\nتنظیمات ایمیل‌ها را در نمایه تغییر دهید:\n${m.settingsUrl}\nلغو دریافت این نوع ایمیل با یک کلیک:\n${m.unsubscribeUrl}`
    : `\n\n—\nChange your e-mail settings in your profile:\n${m.settingsUrl}\nUnsubscribe from this kind of e-mail in one click:\n${m.unsubscribeUrl}`;
  const hello = fa ? (m.name ? `${m.name} عزیز،` : "سلام،") : m.name ? `Dear ${m.name},` : "Hello,";
  const bye = fa ? "با احترام،\nتیم باشگاه صادرات" : "Best regards,\nThe Export Club team";
  return { subject, text: `${hello}\n\n${body}\n\n${bye}${footer}` };
}

/**
 * The member's copy of their data is ready (docs/architecture.md "A copy of my data"): the link
 * works for 7 days and only for the member signed in; `byAdmin` when an admin asked for it on
 * the member's behalf. `expiresOn` is the date the link stops working, already formatted.
 */
export function dataExportReadyMail(
  locale: Locale,
  m: { name: string; url: string; expiresOn: string; byAdmin: boolean },
): MailContent {
  if (locale === "fa") {
    const why = m.byAdmin
      ? "به درخواست شما، مدیر باشگاه صادرات یک نسخه از داده‌های حساب شما را آماده کرده است."
      : "نسخه‌ای که از داده‌های حساب خود در باشگاه صادرات خواسته بودید آماده است.";
    return {
      subject: "نسخهٔ داده‌های شما در باشگاه صادرات آماده است",
      text: `${m.name} عزیز،\n\n${why} برای دریافت آن (یک فایل zip)، پس از ورود به حساب خود پیوند زیر را باز کنید. این پیوند تا ${m.expiresOn} معتبر است و فقط برای خود شما کار می‌کند:\n${m.url}\n\nاگر شما این نسخه را نخواسته‌اید، رمز عبور خود را تغییر دهید و به ما خبر دهید.\n\nتیم باشگاه صادرات`,
    };
  }
  const why = m.byAdmin
    ? "At your request, an Export Club administrator has prepared a copy of your account's data."
    : "The copy of your Export Club data that you asked for is ready.";
  return {
    subject: "Your Export Club data is ready to download",
    text: `Dear ${m.name},\n\n${why} To download it (one zip file), open this link while signed in to your account. It works until ${m.expiresOn}, and only for you:\n${m.url}\n\nIf you did not ask for this copy, change your password and let us know.\n\nThe Export Club team`,
  };
}

/**
 * The account was deleted (docs/architecture.md "Deleting an account"), sent to the address it
 * had; `byAdmin` when an admin deleted it on the member's request.
 */
export function accountDeletedMail(locale: Locale, m: { name: string; byAdmin: boolean }): MailContent {
  if (locale === "fa") {
    const who = m.byAdmin
      ? "به درخواست شما، مدیر باشگاه صادرات حساب شما را حذف کرد."
      : "حساب شما در باشگاه صادرات حذف شد.";
    return {
      subject: "حساب شما در باشگاه صادرات حذف شد",
      text: `${m.name} عزیز،\n\n${who} اطلاعات نمایه، فایل‌ها، اعلان‌ها و امتیازهای شما پاک شد. پاسخ‌ها، امتیازدهی‌ها و دانشی که دیگران از آن استفاده می‌کنند با عنوان «عضو سابق» باقی می‌ماند.\n\nمی‌توانید هر زمان با همین نشانی دوباره ثبت‌نام کنید. اگر شما این کار را نکرده‌اید، فوراً با ما تماس بگیرید.\n\nتیم باشگاه صادرات`,
    };
  }
  const who = m.byAdmin
    ? "At your request, an Export Club administrator has deleted your account."
    : "Your Export Club account has been deleted.";
  return {
    subject: "Your Export Club account has been deleted",
    text: `Dear ${m.name},\n\n${who} Your profile, files, notifications and points have been erased. Responses, ratings and knowledge that other members rely on remain, shown as from a "Former member".\n\nYou can sign up again with this address at any time. If you did not do this, contact us at once.\n\nThe Export Club team`,
  };
}
