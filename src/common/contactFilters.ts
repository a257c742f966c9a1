/**
 * The contact inbox's filters and limits without zod (the route's `validateSearch` is in the
 * initial bundle); the schemas are in `contact.ts`.
 */

/** The inbox's filters: unread (never opened), open (not handled), handled, all. */
export const CONTACT_FILTERS = ["unread", "open", "handled", "all"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

/** A reply is 1–5,000 characters (after trimming). */
export const CONTACT_REPLY_MAX = 5000;

/** The most messages one `contact.list` page holds. */
export const CONTACT_PAGE_SIZE = 50;
