import { Trans } from "@lingui/react/macro";
import { Button, useDirection } from "@mantine/core";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";

/** "Back to dashboard" link; the arrow points to the start side in either direction. */
export function BackToDashboard() {
  const { dir } = useDirection();
  const Arrow = dir === "rtl" ? IconArrowRight : IconArrowLeft;
  return (
    <Button
      component={Link}
      to="/dashboard"
      variant="subtle"
      size="compact-sm"
      leftSection={<Arrow size={16} aria-hidden />}
      style={{ alignSelf: "flex-start" }}
    >
      <Trans>Back to dashboard</Trans>
    </Button>
  );
}
