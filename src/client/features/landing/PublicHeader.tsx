import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Container, Group, Image, Text, UnstyledButton } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";
import classes from "./Landing.module.css";

/**
 * Top bar of the public pages: logo and product name (a link to the landing page), the
 * language switcher and the page's own actions (Sign In, Join).
 */
export function PublicHeader({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBlockEnd: "1px solid var(--mantine-color-default-border)" }}
    >
      <Container size="lg" py="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <UnstyledButton component={Link} to="/landing" aria-label={t`Export Club home`}>
            <Group gap="xs" wrap="nowrap">
              <Image src="/logo.svg" alt="" w={36} h={36} fit="contain" />
              <Text fw={800} size="lg" c="teal.8" className={classes.brandName}>
                <Trans>Export Club</Trans>
              </Text>
            </Group>
          </UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            {children}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
