/**
 * Public landing page data and the contact form (spec part 1 §2 Contact section, §5;
 * DESIGN.md §8.4).
 */
import { RATE_LIMITS } from "../../common/constants";
import { contactInput } from "../../common/landing";
import { Msg } from "../../common/messages";
import { hitRateLimit } from "../auth/rate-limit";
import { storeContactMessage } from "../domain/contact";
import { tooManyRequests } from "../domain/errors";
import { publicProcedure, router } from "../trpc/init";

export const landingRouter = router({
  /** Contact channels configured for this deployment (SMS/WhatsApp number, social links). */
  contactChannels: publicProcedure.query(({ ctx }) => ({
    phone: ctx.deps.config.contactPhone ?? null,
    instagramUrl: ctx.deps.config.instagramUrl ?? null,
    linkedinUrl: ctx.deps.config.linkedinUrl ?? null,
  })),

  /**
   * Stores a sanitised contact message for the admins (their contact inbox badge rises live); 3 per 5 minutes per sender
   * (IP address, or account when signed in).
   * @throws TOO_MANY_REQUESTS 'Please wait a few minutes before sending another message.'
   */
  contact: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    const sender = ctx.auth ? `user:${ctx.auth.viewer.id}` : `ip:${ctx.ip ?? "unknown"}`;
    const limit = await hitRateLimit(ctx.db, `contact:${sender}`, RATE_LIMITS.contact);
    if (!limit.allowed) {
      throw tooManyRequests(Msg.contactTooMany, limit.delaySeconds);
    }
    await storeContactMessage(ctx.db, {
      name: input.name,
      email: input.email,
      message: input.message,
      ip: ctx.ip,
      userId: ctx.auth?.viewer.id ?? null,
    });
    return { ok: true as const };
  }),
});
