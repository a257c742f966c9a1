/**
 * A public page with one narrow card under the public header: the e-mail confirmation and
 * password reset link pages.
 */
import { Card, Container } from "@mantine/core";
import type { ReactNode } from "react";
import { PublicHeader } from "./PublicHeader";

export function PublicCardPage({ children }: { children: ReactNode }) {
  return (
    <>
      <PublicHeader />
      <Container size="xs" py={{ base: "lg", sm: 60 }} component="main">
        <Card withBorder radius="lg" p={{ base: "lg", sm: "xl" }}>
          {children}
        </Card>
      </Container>
    </>
  );
}
