/**
 * The one way a member's name is shown (docs/architecture.md "Deleting an account"): a deleted
 * account has no profile, so the server sends a null name for its kept contributions
 * (responses, ratings, published knowledge, Q&A), which reads "Former member".
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback } from "react";

/** A member's name, isolated for bidirectional text, or "Former member" when it is null. */
export function MemberName({ name }: { name: string | null | undefined }) {
  return name ? <bdi>{name}</bdi> : <Trans>Former member</Trans>;
}

/** The same as text (for labels, avatars' names, aria attributes). */
export function useMemberName(): (name: string | null | undefined) => string {
  const { t } = useLingui();
  return useCallback((name) => name || t`Former member`, [t]);
}
