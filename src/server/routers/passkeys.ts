/**
 * A member's passkeys (docs/architecture.md "Passkeys"): list, add (two steps, the first with
 * the current password), rename and remove (with the current password). Signing in with a
 * passkey is `auth.passkeyOptions` / `auth.passkeySignIn`.
 */
import {
  passkeyRegisterInput,
  passkeyRegistrationOptionsInput,
  passkeyRemoveInput,
  passkeyRenameInput,
} from "../../common/passkeys";
import {
  finishPasskeyRegistration,
  listPasskeys,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
} from "../auth/passkeys";
import { memberProcedure, router } from "../trpc/init";

export const passkeysRouter = router({
  /** The member's passkeys, oldest first, with created and last-used dates. */
  list: memberProcedure.query(({ ctx }) => listPasskeys(ctx.db, ctx.viewer.id)),

  /**
   * Step 1 of adding a passkey: checks the current password and returns the options for
   * `navigator.credentials.create`; the challenge belongs to this session for 5 minutes.
   * @throws BAD_REQUEST wrong password; TOO_MANY_REQUESTS; CONFLICT at 10 passkeys.
   */
  registrationOptions: memberProcedure
    .input(passkeyRegistrationOptionsInput)
    .mutation(({ ctx, input }) =>
      startPasskeyRegistration(
        ctx.db,
        relyingPartyOf(ctx.deps.config),
        { id: ctx.viewer.id, sessionId: ctx.auth.session.id, email: ctx.viewer.email, name: ctx.viewer.name },
        input,
      ),
    ),

  /**
   * Step 2: verifies the authenticator's attestation and stores the passkey (logs passkey_added).
   * @throws BAD_REQUEST 'The passkey could not be verified…'; CONFLICT when already registered.
   */
  register: memberProcedure
    .input(passkeyRegisterInput)
    .mutation(({ ctx, input }) =>
      finishPasskeyRegistration(
        ctx.db,
        relyingPartyOf(ctx.deps.config),
        { id: ctx.viewer.id, sessionId: ctx.auth.session.id },
        input.response,
        { ip: ctx.ip },
      ),
    ),

  /** @throws NOT_FOUND when the member has no passkey of that id. */
  rename: memberProcedure
    .input(passkeyRenameInput)
    .mutation(({ ctx, input }) => renamePasskey(ctx.db, ctx.viewer.id, input.id, input.name)),

  /**
   * Removes a passkey; needs the current password in the same request (logs passkey_removed).
   * @throws BAD_REQUEST wrong password; NOT_FOUND when the member has no passkey of that id.
   */
  remove: memberProcedure.input(passkeyRemoveInput).mutation(async ({ ctx, input }) => {
    await removePasskey(ctx.db, ctx.viewer.id, input, ctx.ip);
    return { ok: true as const };
  }),
});
