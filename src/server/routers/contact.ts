/**
 * The admins' contact inbox (issue #16 §3): the landing page's contact form messages, read,
 * answered by e-mail (through the mail outbox), marked handled or reopened, and deleted.
 */
import { contactIdInput, contactListInput, contactReplyInput } from "../../common/contact";
import { adminActorOf } from "../auth/security-events";
import {
  contactCounts,
  deleteContactMessage,
  getContactMessage,
  listContactMessages,
  markContactRead,
  replyToContact,
  setContactHandled,
} from "../domain/contact";
import { adminProcedure, router } from "../trpc/init";

export const contactRouter = router({
  /** One page of the messages of a filter, newest first, and the count of every filter. */
  list: adminProcedure.input(contactListInput).query(async ({ ctx, input }) => {
    const [page, counts] = await Promise.all([
      listContactMessages(ctx.db, input.filter, input.cursor),
      contactCounts(ctx.db),
    ]);
    return { ...page, counts };
  }),
  /** One message with its replies (reading changes nothing: `markRead`). */
  get: adminProcedure.input(contactIdInput).query(({ ctx, input }) => getContactMessage(ctx.db, input.id)),
  /** Marks a message read (the panel calls it when it opens an unread message). */
  markRead: adminProcedure.input(contactIdInput).mutation(async ({ ctx, input }) => {
    await markContactRead(ctx.db, adminActorOf(ctx), input.id);
    return { ok: true as const };
  }),
  /** E-mails a reply to the sender (queued in the outbox with the recorded reply). */
  reply: adminProcedure
    .input(contactReplyInput)
    .mutation(({ ctx, input }) => replyToContact(ctx.db, adminActorOf(ctx), input.id, input.body)),
  /** Marks a message handled. */
  markHandled: adminProcedure.input(contactIdInput).mutation(async ({ ctx, input }) => {
    await setContactHandled(ctx.db, adminActorOf(ctx), input.id, true);
    return { ok: true as const };
  }),
  /** Opens a handled message again. */
  reopen: adminProcedure.input(contactIdInput).mutation(async ({ ctx, input }) => {
    await setContactHandled(ctx.db, adminActorOf(ctx), input.id, false);
    return { ok: true as const };
  }),
  /** Deletes a message and its replies for good. */
  delete: adminProcedure.input(contactIdInput).mutation(async ({ ctx, input }) => {
    await deleteContactMessage(ctx.db, adminActorOf(ctx), input.id);
    return { ok: true as const };
  }),
});
