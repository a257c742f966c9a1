/**
 * The admins' contact inbox (issue #16 §3): the messages of the landing page's contact form,
 * unread / open (not handled) / handled, and the reply an admin e-mails to the sender.
 */
import { z } from "zod";
import { CONTACT_FILTERS, CONTACT_REPLY_MAX } from "./contactFilters";
import { Msg } from "./messages";
import { plainText, rowIdSchema } from "./validation";

export { CONTACT_FILTERS, CONTACT_PAGE_SIZE, CONTACT_REPLY_MAX, type ContactFilter } from "./contactFilters";

/** `contact.list`: one filter, newest first; `cursor` is the last id of the previous page. */
export const contactListInput = z.object({
  filter: z.enum(CONTACT_FILTERS).default("open"),
  cursor: rowIdSchema.optional(),
});

/** `contact.get`, `contact.markHandled`, `contact.reopen`, `contact.delete`. */
export const contactIdInput = z.object({ id: rowIdSchema });

/** `contact.reply`: the text e-mailed to the sender. */
export const contactReplyInput = z.object({
  id: rowIdSchema,
  body: plainText().trim().min(1, Msg.contactReplyRequired).max(CONTACT_REPLY_MAX, Msg.contactReplyTooLong),
});
export type ContactReplyInput = z.input<typeof contactReplyInput>;
