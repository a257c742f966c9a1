import { signInInput, signOutInput } from "../../common/auth";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { passkeySignInInput } from "../../common/passkeys";
import { secondStepInput } from "../../common/secondFactor";
import { deviceCookieValue } from "../auth/device-cookie";
import { PASSKEY_CHALLENGE_TTL_MS, relyingPartyOf, startPasskeyAuthentication } from "../auth/passkeys";
import { signUpServerInput } from "../auth/password-policy";
import { logSecurityEvent } from "../auth/security-events";
import { createSession, invalidateSession, sessionExpiresAt } from "../auth/session";
import { type SessionStart, signIn, signInWithPasskey, signUp } from "../domain/auth";
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

  /**
   * Step 1 of signing in with a passkey: the options for `navigator.credentials.get` (no
   * credentials listed: the browser offers the club's passkeys it holds). Sets the HttpOnly flow
   * cookie that binds the challenge to this browser for 5 minutes.
   * @throws TOO_MANY_REQUESTS after 30 per 15 minutes from one IP address.
   */
  passkeyOptions: publicProcedure.mutation(async ({ ctx }) => {
    const { options, flowKey } = await startPasskeyAuthentication(ctx.db, relyingPartyOf(ctx.deps.config), {
      ip: ctx.ip,
    });
    ctx.flowCookie.set(flowKey, PASSKEY_CHALLENGE_TTL_MS / 1000);
    return options;
  }),

  /**
   * Step 2: signs in with the passkey's assertion, exactly as `signIn` does after a right password
   * (the browser's previous session ends, the session cookie is set). The challenge is used up
   * whatever the outcome.
   * @throws UNAUTHORIZED 'This passkey was not accepted…'; FORBIDDEN when suspended.
   */
  passkeySignIn: publicProcedure.input(passkeySignInInput).mutation(async ({ ctx, input }) => {
    const flowKey = ctx.flowCookie.value;
    ctx.flowCookie.clear();
    const result = await signInWithPasskey(ctx.db, relyingPartyOf(ctx.deps.config), flowKey, input.response, {
      ip: ctx.ip,
      adminEmail: ctx.deps.config.adminEmail,
      origin: ctx.origin,
      deviceTokens: ctx.device.tokens,
    });
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
