import { Trans } from "@lingui/react/macro";
import { Alert } from "@mantine/core";
import type { ReactNode } from "react";
import { useSession } from "../features/session/useSession";

/**
 * Shows its children to admins only; others read the spec's access-denied text (spec part 2
 * §2). The server refuses admin procedures independently (DESIGN.md §4).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { data } = useSession();
  if (!data?.viewer.isAdmin) {
    return (
      <Alert color="red" role="alert" maw={640} mx="auto" mt="lg">
        <Trans>Access denied. This page is only available to administrators.</Trans>
      </Alert>
    );
  }
  return <>{children}</>;
}
