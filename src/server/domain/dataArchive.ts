/**
 * The archive of a member's data (docs/architecture.md "A copy of my data"; ADR 25): one zip
 * holding README.txt in the member's language, one JSON file per section of what the club holds
 * about them, and their uploaded files under `files/`. Written as a stream (fflate) straight
 * into the file storage, so a large attachment is never held in memory whole.
 */
import { once } from "node:events";
import { PassThrough } from "node:stream";
import { eq, getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Locale } from "../../common/constants";
import type { DbOrTx } from "../db/client";
import {
  assessmentPreferences,
  assessments,
  contactMessages,
  digests,
  emailChangeRequests,
  helpRequests,
  knowledgeLikes,
  memberActiveDays,
  notificationPreferences,
  notifications,
  pointsLedger,
  postArchives,
  postResponses,
  posts,
  profiles,
  qaItems,
  securityEvents,
  services,
  sessions,
  sharedKnowledge,
  uploads,
  userRoles,
  users,
} from "../db/schema";
import type { FileStorage } from "../files/storage";

/** The columns of `table` without those named in `omit` (secrets, search vectors). */
function columnsOf<T extends PgTable>(table: T, omit: string[] = []): Record<string, PgColumn> {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(Object.entries(all).filter(([name]) => !omit.includes(name)));
}

async function rowsOf(db: DbOrTx, table: PgTable, where: SQL | undefined, omit: string[] = []) {
  return db.select(columnsOf(table, omit)).from(table).where(where);
}

/** One JSON file of the archive: its name and the README's line about it, in both languages. */
interface Section {
  file: string;
  en: string;
  fa: string;
}

/** The archive's JSON files, in README order. */
export const ARCHIVE_SECTIONS: readonly Section[] = [
  {
    file: "account.json",
    en: "your account: e-mail, language, dates, roles",
    fa: "حساب شما: ایمیل، زبان، تاریخ‌ها و نقش‌ها",
  },
  {
    file: "profile.json",
    en: "your profile: name, contact details, expertise, sectors, countries, tier and points",
    fa: "نمایهٔ شما: نام، اطلاعات تماس، تخصص‌ها، بخش‌ها، کشورها، سطح و امتیاز",
  },
  {
    file: "posts.json",
    en: "your posts (requests, offers, service-area posts), help requests and posts you hid",
    fa: "پست‌های شما (درخواست‌ها، پیشنهادها و پست‌های حوزه‌های خدمات)، درخواست‌های کمک و پست‌هایی که پنهان کرده‌اید",
  },
  {
    file: "responses.json",
    en: "responses you gave, and responses others gave to your posts (without their contact details)",
    fa: "پاسخ‌هایی که داده‌اید و پاسخ‌هایی که دیگران به پست‌های شما داده‌اند (بدون اطلاعات تماس آن‌ها)",
  },
  {
    file: "ratings.json",
    en: "ratings you gave and ratings you received",
    fa: "امتیازهایی که داده‌اید و امتیازهایی که گرفته‌اید",
  },
  {
    file: "knowledge.json",
    en: "knowledge you shared, and the items you liked",
    fa: "دانشی که به اشتراک گذاشته‌اید و مواردی که پسندیده‌اید",
  },
  { file: "qa.json", en: "questions you asked the admins", fa: "پرسش‌هایی که از مدیران پرسیده‌اید" },
  { file: "services.json", en: "services you offer", fa: "خدماتی که ارائه می‌دهید" },
  {
    file: "assessments.json",
    en: "your self-assessments (export readiness, Porter diamond) and whether your score shows on your card",
    fa: "خودارزیابی‌های شما (آمادگی صادرات، الماس پورتر) و نمایش امتیاز روی کارت",
  },
  {
    file: "notifications.json",
    en: "your notifications, e-mail preferences and digest progress",
    fa: "اعلان‌ها، تنظیمات ایمیل و وضعیت خلاصهٔ روزانهٔ شما",
  },
  { file: "points.json", en: "every point you earned or spent", fa: "همهٔ امتیازهایی که گرفته یا خرج کرده‌اید" },
  {
    file: "activity.json",
    en: "the days you were active, your sessions (no secrets) and e-mail changes you asked for",
    fa: "روزهایی که فعال بوده‌اید، نشست‌های شما (بدون اطلاعات محرمانه) و تغییرهای ایمیلی که خواسته‌اید",
  },
  {
    file: "contact-messages.json",
    en: "messages you sent through the contact form while signed in",
    fa: "پیام‌هایی که هنگام ورود به حساب از فرم تماس فرستاده‌اید",
  },
  {
    file: "security-events.json",
    en: "the security log about your account (sign-ins, password and e-mail changes…)",
    fa: "گزارش امنیتی حساب شما (ورودها، تغییر رمز عبور و ایمیل و…)",
  },
  {
    file: "files.json",
    en: "the list of your uploaded files; the files themselves are in the folder files/",
    fa: "فهرست فایل‌هایی که بارگذاری کرده‌اید؛ خود فایل‌ها در پوشهٔ files/ هستند",
  },
];

/** The README.txt of an archive, in `locale`. */
export function archiveReadme(locale: Locale, generatedAt: Date): string {
  const when = generatedAt.toISOString();
  if (locale === "fa") {
    return [
      "باشگاه صادرات — نسخه‌ای از داده‌های شما",
      `ساخته‌شده در ${when} (UTC)`,
      "",
      "این فایل zip همهٔ داده‌هایی را دارد که باشگاه صادرات دربارهٔ شما نگه می‌دارد. هر فایل JSON یک بخش است:",
      "",
      ...ARCHIVE_SECTIONS.map((s) => `- ${s.file}: ${s.fa}`),
      "",
      "تاریخ‌ها به وقت جهانی (UTC) و در قالب ISO 8601 هستند. رمز عبور شما فقط به‌صورت درهم‌سازی‌شده نگه داشته می‌شود و در این نسخه نیست.",
      "",
    ].join("\n");
  }
  return [
    "Export Club — a copy of your data",
    `Made on ${when} (UTC)`,
    "",
    "This zip file holds everything Export Club keeps about you. Each JSON file is one section:",
    "",
    ...ARCHIVE_SECTIONS.map((s) => `- ${s.file}: ${s.en}`),
    "",
    "Dates are in UTC, in ISO 8601. Your password is only kept hashed, and is not in this copy.",
    "",
  ].join("\n");
}

/** What the archive holds about `userId`: each JSON file's content (file name → value). */
export async function collectMemberData(db: DbOrTx, userId: string): Promise<Record<string, unknown>> {
  const [account] = await db
    .select({
      email: users.email,
      locale: users.locale,
      createdAt: users.createdAt,
      lastActiveAt: users.lastActiveAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
    })
    .from(users)
    .where(eq(users.id, userId));
  const roles = await rowsOf(db, userRoles, eq(userRoles.userId, userId));
  const [profile] = await rowsOf(db, profiles, eq(profiles.userId, userId));
  const given = await rowsOf(db, postResponses, eq(postResponses.responderId, userId));
  // Others' answers to the member's posts, without the responders' contact fields.
  const received = await rowsOf(db, postResponses, eq(postResponses.requesterId, userId), [
    "contactEmail",
    "contactPhone",
    "contactWhatsapp",
  ]);
  const rating = (r: Record<string, unknown>) => ({
    responseId: r.id,
    postId: r.postId,
    rating: r.rating,
    ratedAt: r.ratedAt,
  });
  return {
    "account.json": { id: userId, ...account, roles },
    "profile.json": profile ?? null,
    "posts.json": {
      posts: await rowsOf(db, posts, eq(posts.userId, userId)),
      helpRequests: await rowsOf(db, helpRequests, eq(helpRequests.userId, userId)),
      hidden: await rowsOf(db, postArchives, eq(postArchives.userId, userId)),
    },
    "responses.json": { given, received },
    "ratings.json": {
      given: received.filter((r) => r.rating !== null).map(rating),
      received: given.filter((r) => r.rating !== null).map(rating),
    },
    "knowledge.json": {
      shared: await rowsOf(db, sharedKnowledge, eq(sharedKnowledge.userId, userId), ["searchVector"]),
      liked: await rowsOf(db, knowledgeLikes, eq(knowledgeLikes.userId, userId)),
    },
    "qa.json": await rowsOf(db, qaItems, eq(qaItems.askedBy, userId)),
    "services.json": await rowsOf(db, services, eq(services.providerId, userId)),
    "assessments.json": {
      assessments: await rowsOf(db, assessments, eq(assessments.userId, userId)),
      preferences: (await rowsOf(db, assessmentPreferences, eq(assessmentPreferences.userId, userId)))[0] ?? null,
    },
    "notifications.json": {
      notifications: await rowsOf(db, notifications, eq(notifications.userId, userId)),
      emailPreferences: await rowsOf(db, notificationPreferences, eq(notificationPreferences.userId, userId)),
      digest: (await rowsOf(db, digests, eq(digests.userId, userId)))[0] ?? null,
    },
    "points.json": await rowsOf(db, pointsLedger, eq(pointsLedger.userId, userId)),
    "activity.json": {
      activeDays: (await rowsOf(db, memberActiveDays, eq(memberActiveDays.userId, userId))).map((r) => r.day),
      sessions: await rowsOf(db, sessions, eq(sessions.userId, userId), ["id", "secretHash"]),
      emailChanges: await rowsOf(db, emailChangeRequests, eq(emailChangeRequests.userId, userId), ["tokenHash"]),
    },
    "contact-messages.json": await rowsOf(db, contactMessages, eq(contactMessages.userId, userId)),
    "security-events.json": await rowsOf(db, securityEvents, eq(securityEvents.userId, userId)),
    "files.json": await rowsOf(db, uploads, eq(uploads.ownerId, userId), ["storageKey"]),
  };
}

/** The path of an uploaded file inside the archive: `files/<upload id>-<its name>`. */
export function archivedFilePath(upload: { id: string; fileName: string }): string {
  const name = upload.fileName.replace(/[/\\\0]/g, "_");
  return `files/${upload.id}-${name}`;
}

/**
 * Writes the archive of `userId` to `storage` under `key` (README.txt in `locale`, the JSON
 * files of `collectMemberData`, each uploaded file's bytes as stored) and returns its size in
 * bytes. A file whose bytes are gone from the storage is left out (it stays listed in files.json).
 * @throws when the storage write fails (nothing is left under `key`).
 */
export async function writeMemberArchive(
  db: DbOrTx,
  storage: FileStorage,
  m: { userId: string; locale: Locale; key: string },
): Promise<number> {
  const data = await collectMemberData(db, m.userId);
  const files = await db
    .select({
      id: uploads.id,
      fileName: uploads.fileName,
      storageKey: uploads.storageKey,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(eq(uploads.ownerId, m.userId));

  const out = new PassThrough();
  let size = 0;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    size += chunk.length;
    out.write(chunk);
    if (final) out.end();
  });
  const stored = storage.put(m.key, out, { contentType: "application/zip" });
  // Reported by the await below; this keeps a failure before it from being unhandled.
  stored.catch(() => undefined);
  try {
    const now = new Date();
    const text = (name: string, content: string) => {
      const entry = new ZipDeflate(name, { level: 6 });
      entry.mtime = now;
      zip.add(entry);
      entry.push(strToU8(content), true);
    };
    text("README.txt", archiveReadme(m.locale, now));
    for (const section of ARCHIVE_SECTIONS) text(section.file, `${JSON.stringify(data[section.file], null, 2)}\n`);
    for (const file of files) {
      const body = await storage.get(file.storageKey);
      if (!body) continue;
      const entry = new ZipPassThrough(archivedFilePath(file));
      entry.mtime = file.createdAt;
      zip.add(entry);
      for await (const chunk of body) {
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await once(out, "drain");
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  } catch (err) {
    out.destroy(err as Error);
    await stored.catch(() => undefined);
    throw err;
  }
  await stored;
  return size;
}
