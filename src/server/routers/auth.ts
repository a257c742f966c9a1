import { signInInput, signOutInput } from "../../common/auth";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { secondStepInput } from "../../common/secondFactor";
import { deviceCookieValue } from "../auth/device-cookie";
import { signUpServerInput } from "../auth/password-policy";
import { logSecurityEvent } from "../auth/security-events";
import { createSession, invalidateSession, sessionExpiresAt } from "../auth/session";
import { type SessionStart, signIn, signUp } from "../domain/auth";
import { DomainError } from "../domain/errors";
import { completeSecondStep } from "../domain/secondFactor";
import type { Context } from "../trpc/context";
import { publicProcedure, router } from "../trpc/init";

/**
 * Sets the session cookie and the device cookie of a finished sign-in, after ending the browser's
 * previous session. Every way of signing in ends here (password, second step, passkey).
 */
async function startedSession(ctx: Context, result: SessionStart) {
  // The device cookie names this account from now on (auth/device-cookie.ts).
  ctx.device.set(deviceCookieValue(ctx.device.tokens, result.deviceToken));
  // A browser holds one session: the one it signed in with before ends now (ASVS V7.2.4).
  if (ctx.auth) await invalidateSession(ctx.db, ctx.auth.session.id);
  const expiresAt = sessionExpiresAt({ createdAt: result.createdAt, lastActiveAt: result.createdAt });
  ctx.cookie.set(result.token, new Date(result.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS));
  return { secondStep: null, userId: result.userId, expiresAt };
}

export const authRouter = router({
  /**
   * Creates a pending applicant and signs them in, so they see the Application Pending screen.
   * For `ADMIN_EMAIL`, `adminConfirmationSent`: the link that makes the account admin was mailed.
   * @throws TOO_MANY_REQUESTS 'Please wait 5 minutes before trying again.'; CONFLICT when taken;
   *   BAD_REQUEST with `fieldErrors.password` for a password the policy refuses (`newPasswordSchema`).
   */
  signUp: publicProcedure.input(signUpServerInput).mutation(async ({ ctx, input }) => {
    const result = await signUp(ctx.db, input, {
      adminEmail: ctx.deps.config.adminEmail,
      ip: ctx.ip,
      origin: ctx.origin,
    });
    const { token, session } = await createSession(ctx.db, result.userId);
    ctx.cookie.set(token, new Date(session.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS));
    return { ...result, expiresAt: sessionExpiresAt(session) };
  }),

  /**
   * Signs in and sets the session cookie and the device cookie (auth/device-cookie.ts). The
   * `ADMIN_EMAIL` account that is not admin yet and has no valid confirmation link is mailed a new
   * one. For an account with a second factor, no session yet: `secondStep` lists the methods and a
   * pending sign-in cookie is set (see `signInSecondStep`); otherwise `secondStep` is null.
   * @throws TOO_MANY_REQUESTS with data.retryAfterSeconds; UNAUTHORIZED 'Invalid email or
   *   password' for unknown e-mail and wrong password alike; FORBIDDEN when suspended.
   */
  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const result = await signIn(ctx.db, input, {
      ip: ctx.ip,
      adminEmail: ctx.deps.config.adminEmail,
      origin: ctx.origin,
      deviceTokens: ctx.device.tokens,
    });
    if (result.kind === "second_step") {
      ctx.pendingSignIn.set(result.pendingToken);
      return { secondStep: { methods: result.methods, expiresAt: result.expiresAt } } as const;
    }
    return startedSession(ctx, result);
  }),

  /**
   * The second sign-in step (docs/architecture.md "Security model"; ASVS V6.3.3): the browser's
   * pending sign-in (its httpOnly cookie, 5 minutes, once) and an authenticator or recovery code.
   * Then the session cookie is set exactly as `signIn` sets it.
   * @throws UNAUTHORIZED 'Your sign-in has expired…' (the pending cookie is cleared), 'This code
   *   is not valid…'; FORBIDDEN when suspended; TOO_MANY_REQUESTS with data.retryAfterSeconds.
   */
  signInSecondStep: publicProcedure.input(secondStepInput).mutation(async ({ ctx, input }) => {
    let result: SessionStart;
    try {
      result = await completeSecondStep(ctx.db, ctx.pendingSignIn.value, input, {
        ip: ctx.ip,
        adminEmail: ctx.deps.config.adminEmail,
        origin: ctx.origin,
        deviceTokens: ctx.device.tokens,
      });
    } catch (error) {
      if (error instanceof DomainError && error.message === Msg.pendingSignInExpired) ctx.pendingSignIn.clear();
      throw error;
    }
    ctx.pendingSignIn.clear();
    return startedSession(ctx, result);
  }),

  /** Ends the current session, if any. `reason: 'timeout'` logs session_timeout (spec part 1 §4). */
  signOut: publicProcedure.input(signOutInput).mutation(async ({ ctx, input }) => {
    if (ctx.auth) {
      // Publishes member.changed: the session's sockets close and its subscriptions end.
      await invalidateSession(ctx.db, ctx.auth.session.id);
      await logSecurityEvent(ctx.db, {
        type: input?.reason === "timeout" ? "session_timeout" : "sign_out",
        userId: ctx.auth.viewer.id,
        ip: ctx.ip,
      });
    }
    ctx.cookie.clear();
    return { ok: true as const };
  }),
});
