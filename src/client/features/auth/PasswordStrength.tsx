import { useLingui } from "@lingui/react/macro";
import { Group, Progress, Text } from "@mantine/core";
import { passwordStrength } from "../../../common/validation";

/**
 * The hint under every new-password field (sign-up, reset, change): each rule of the policy —
 * the composition rules of `passwordSchema` (spec part 1 §5) and the common-password list the
 * server checks (`newPasswordSchema`, src/server/auth/password-policy.ts; ADR 23).
 */
export function usePasswordHint(): string {
  const { t } = useLingui();
  return t`8 to 128 characters, starting with a letter, a digit or one of @$!%*?&, with at least one lowercase letter, one uppercase letter, one digit and one of @$!%*?&. Not a common or leaked password such as Password1! or P@ssw0rd: swapping letters for look-alikes or adding digits at the ends does not make one acceptable.`;
}

const COLORS = { weak: "red", fair: "orange", good: "yellow", strong: "teal" } as const;

/** Five-step strength meter (spec part 1 §5): Weak up to 2, Fair 3, Good 4, Strong 5. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useLingui();
  const { score, label } = passwordStrength(password);
  const labels = { weak: t`Weak`, fair: t`Fair`, good: t`Good`, strong: t`Strong` };
  return (
    <div aria-live="polite">
      <Group gap={4} grow mt={6}>
        {[1, 2, 3, 4, 5].map((step) => (
          <Progress key={step} size={4} value={score >= step ? 100 : 0} color={COLORS[label]} aria-hidden />
        ))}
      </Group>
      {/* Always one line tall, so typing the first character moves nothing (issue #13 §4). */}
      <Text
        size="xs"
        c={COLORS[label]}
        mt={4}
        mih="1lh"
        data-testid={password.length > 0 ? "password-strength" : undefined}
      >
        {password.length > 0 ? `${t`Password strength:`} ${labels[label]}` : "\u00a0"}
      </Text>
    </div>
  );
}
