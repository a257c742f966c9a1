/**
 * Notifications and e-mail preferences (issue 17 §1, §2; spec part 2 §3 `notifications`).
 *
 * - `NOTIFICATION_KINDS`: what may appear in a member's notification center. Each kind carries
 *   `params` (`NotificationParams`), from which the client renders the title in the viewer's
 *   language and `notificationPath` gives the page of its subject.
 * - `EMAIL_CATEGORIES`: the per-member e-mail preference keys: the kinds that are mailed
 *   (`MAILED_KINDS`) plus `routed_posts`, "new requests and offers routed to me" (the daily
 *   digest's own content). `EMAIL_DELIVERY`: immediately, in the daily digest, or never;
 *   `EMAIL_DEFAULTS` apply while a member has not chosen (no row).
 *
 * Kinds not in `MAILED_KINDS` are in-app only: the approval decision, a service decision and a
 * contact reply already send their own transactional mail (unchanged, not preference-governed,
 * so nothing is mailed twice); a tier change is the member's own action, shown at once.
 */
import { z } from "zod";
import type { TIERS } from "./constants";
import { Msg } from "./messages";
import { rowIdSchema } from "./validation";

export const NOTIFICATION_KINDS = [
  /** Someone answered my request or offer (spec part 2 §2 'Response to Your Request'). */
  "response_received",
  /** The requester rated my response. */
  "rating_received",
  /** An admin approved (with points) or rejected my knowledge submission. */
  "knowledge_reviewed",
  /** My tier changed. */
  "tier_changed",
  /** An admin approved or rejected my membership. */
  "approval_decided",
  /** An admin approved or rejected my consultancy service. */
  "service_reviewed",
  /** Admins: another admin replied to a contact form message. */
  "contact_replied",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds that are e-mailed according to the member's preference (the rest are in-app only). */
export const MAILED_KINDS = [
  "response_received",
  "rating_received",
  "knowledge_reviewed",
] as const satisfies readonly NotificationKind[];
export type MailedKind = (typeof MAILED_KINDS)[number];

/** The e-mail preference keys: the mailed kinds and `routed_posts` (the daily digest of new posts). */
export const EMAIL_CATEGORIES = [...MAILED_KINDS, "routed_posts"] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const EMAIL_DELIVERY = ["immediate", "digest", "never"] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERY)[number];

/** What applies while a member has not chosen. */
export const EMAIL_DEFAULTS: Record<EmailCategory, EmailDelivery> = {
  response_received: "immediate",
  rating_received: "immediate",
  knowledge_reviewed: "immediate",
  routed_posts: "digest",
};

/** The preference key of a notification kind, or null for in-app-only kinds. */
export function emailCategoryOf(kind: NotificationKind): EmailCategory | null {
  return (MAILED_KINDS as readonly string[]).includes(kind) ? (kind as MailedKind) : null;
}

/** `params` of each kind: what its title says and where it links. Stored as JSON. */
export interface NotificationParams {
  response_received: { responseId: number; postId: number; postKind: "request" | "offer" };
  rating_received: { responseId: number; postId: number; rating: number };
  knowledge_reviewed: { submissionId: number; title: string; decision: "approved" | "rejected"; points: number | null };
  tier_changed: { tier: (typeof TIERS)[number] };
  approval_decided: { decision: "approved" | "rejected" };
  service_reviewed: { serviceId: number; title: string; decision: "approved" | "rejected" };
  contact_replied: { messageId: number; senderName: string };
}

/** One notification as `notifications.list` returns it (discriminated by `kind`). */
export type NotificationItem = {
  [K in NotificationKind]: {
    id: number;
    kind: K;
    params: NotificationParams[K];
    isRead: boolean;
    /** ISO 8601. */
    createdAt: string;
  };
}[NotificationKind];

/**
 * The page of a notification's subject (a path of this site). The same links are used in the
 * notification center and in the e-mails.
 */
export function notificationPath(n: { kind: NotificationKind; params: unknown }): string {
  switch (n.kind) {
    case "response_received":
      return "/offers/received";
    case "rating_received":
    case "tier_changed":
    case "approval_decided":
      return "/dashboard";
    case "knowledge_reviewed":
      return "/share";
    case "service_reviewed":
      return "/services/mine";
    case "contact_replied":
      return `/admin/contact?id=${(n.params as NotificationParams["contact_replied"]).messageId}`;
  }
}

/** Notifications per page of the notification center. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** `notifications.list`: newest first; `cursor` is the id of the last one already shown. */
export const notificationsListInput = z.object({
  cursor: rowIdSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

/** `notifications.markRead`: one of the caller's notifications. */
export const notificationIdInput = z.object({ id: rowIdSchema });

/**
 * The deliveries each category offers. New routed requests and offers come in the daily digest
 * or not at all: a mail per post would mean one mail per matching member for every post.
 */
export const EMAIL_CHOICES: Record<EmailCategory, readonly EmailDelivery[]> = {
  response_received: EMAIL_DELIVERY,
  rating_received: EMAIL_DELIVERY,
  knowledge_reviewed: EMAIL_DELIVERY,
  routed_posts: ["digest", "never"],
};

/** `notifications.setPreference`: one category's delivery, one of the category's `EMAIL_CHOICES`. */
export const setPreferenceInput = z
  .object({
    category: z.enum(EMAIL_CATEGORIES),
    delivery: z.enum(EMAIL_DELIVERY),
  })
  .refine((v) => EMAIL_CHOICES[v.category].includes(v.delivery), { message: Msg.invalidInput, path: ["delivery"] });

/** The unsubscribe link's token: 43 base64url characters (32 random bytes). */
export const unsubscribeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
