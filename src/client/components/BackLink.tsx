/**
 * Back links at the top of a page ("Back to dashboard", "Back to members", "Back to the library"):
 * a small subtle button whose arrow points to the start side in either direction (left in
 * English, right in Persian).
 */
import { Trans } from "@lingui/react/macro";
import { Button, useDirection } from "@mantine/core";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { Link, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";

/** A back link to `to`; `children` is its visible text ("Back to …"). */
export function BackLink({ to, children }: { to: LinkProps["to"]; children: ReactNode }) {
  const { dir } = useDirection();
  const Arrow = dir === "rtl" ? IconArrowRight : IconArrowLeft;
  return (
    <Button
      component={Link}
      to={to}
      variant="subtle"
      size="compact-sm"
      leftSection={<Arrow size={16} aria-hidden />}
      style={{ alignSelf: "flex-start" }}
    >
      {children}
    </Button>
  );
}

/** "Back to dashboard" (the request forms, Share Knowledge). */
export function BackToDashboard() {
  return (
    <BackLink to="/dashboard">
      <Trans>Back to dashboard</Trans>
    </BackLink>
  );
}
