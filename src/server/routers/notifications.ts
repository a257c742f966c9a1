/**
 * The notification center and e-mail preferences (issue 17 §1, §2): every procedure acts on the
 * caller's own notifications and preferences only. The unread count is the `notifications`
 * field of the live badges (`badges.get` / `badges.onChange`).
 */
import { notificationIdInput, notificationsListInput, setPreferenceInput } from "../../common/notifications";
import {
  emailPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  setEmailPreference,
} from "../domain/notifications";
import { memberProcedure, router } from "../trpc/init";

export const notificationsRouter = router({
  /** My notifications, newest first, a page after `cursor` (an id); `nextCursor` null at the end. */
  list: memberProcedure
    .input(notificationsListInput)
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.viewer.id, input)),
  /** Marks one of mine read. NOT_FOUND for anyone else's. */
  markRead: memberProcedure.input(notificationIdInput).mutation(async ({ ctx, input }) => {
    await markNotificationRead(ctx.db, ctx.viewer.id, input.id);
    return { ok: true as const };
  }),
  /** Marks all of mine read; `count` = how many were unread. */
  markAllRead: memberProcedure.mutation(async ({ ctx }) => ({
    count: await markAllNotificationsRead(ctx.db, ctx.viewer.id),
  })),
  /** My e-mail delivery per category (the defaults where I have not chosen). */
  preferences: memberProcedure.query(({ ctx }) => emailPreferences(ctx.db, ctx.viewer.id)),
  /** Sets one category's delivery; returns every category's. */
  setPreference: memberProcedure.input(setPreferenceInput).mutation(async ({ ctx, input }) => {
    await setEmailPreference(ctx.db, ctx.viewer.id, input.category, input.delivery);
    return emailPreferences(ctx.db, ctx.viewer.id);
  }),
});
