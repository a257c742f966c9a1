import { useLingui } from "@lingui/react/macro";
import { Group, Progress, Text } from "@mantine/core";
import { passwordStrength } from "../../../common/validation";

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
