import { Trans } from "@lingui/react/macro";
import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconGift,
  IconLayoutDashboard,
  IconLogin,
  IconMessages,
  IconRoute,
  IconSchool,
  IconTrophy,
  IconUserPlus,
  IconUsersGroup,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { preloadOn } from "../../../components/LazyDialog";
import { loadBenefitsDialog, loadSignInDialog, loadSignUpDialog } from "../loaders";

interface HeroProps {
  onJoin: () => void;
  onSignIn: () => void;
  onBenefits: () => void;
  /** Signed in: one "Go to Dashboard" link instead of Join the Club and Sign In. */
  signedIn?: boolean;
}

/** The pitch: an export knowledge hub, with Join the Club, Sign In and Membership benefits. */
export function Hero({ onJoin, onSignIn, onBenefits, signedIn = false }: HeroProps) {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      c="white"
      py={{ base: 40, sm: 64, md: 88 }}
      style={{
        background:
          "linear-gradient(135deg, var(--mantine-color-teal-8) 0%, var(--mantine-color-cyan-8) 55%, var(--mantine-color-blue-9) 100%)",
      }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 56 }} verticalSpacing={32}>
          <Stack gap="lg" justify="center">
            <Badge variant="white" color="teal" size="lg" radius="sm" w="fit-content">
              <Trans>Synergy for export</Trans>
            </Badge>
            <Title id="hero-title" order={1} fz={{ base: 32, sm: 44, md: 52 }} lh={1.15}>
              <Trans>Your export knowledge hub</Trans>
            </Title>
            <Text fz={{ base: "md", sm: "lg" }} lh={1.6} opacity={0.92}>
              <Trans>
                Export Club brings exporters, export experts and export service providers together in one trusted
                community. Ask questions, share what you know, request consultation or training, and reach members who
                work in your industry and target countries.
              </Trans>
            </Text>
            {signedIn ? (
              <Button
                component={Link}
                to="/dashboard"
                size="md"
                variant="white"
                color="teal"
                w="fit-content"
                leftSection={<IconLayoutDashboard size={20} aria-hidden />}
                data-testid="hero-dashboard"
              >
                <Trans>Go to Dashboard</Trans>
              </Button>
            ) : (
              <Group gap="sm">
                <Button
                  size="md"
                  variant="white"
                  color="teal"
                  leftSection={<IconUserPlus size={20} aria-hidden />}
                  onClick={onJoin}
                  {...preloadOn(loadSignUpDialog)}
                >
                  <Trans>Join the Club</Trans>
                </Button>
                <Button
                  size="md"
                  variant="outline"
                  color="white"
                  leftSection={<IconLogin size={20} aria-hidden />}
                  onClick={onSignIn}
                  {...preloadOn(loadSignInDialog)}
                >
                  <Trans>Sign In</Trans>
                </Button>
              </Group>
            )}
            <Button
              variant="subtle"
              color="white"
              c="white"
              w="fit-content"
              px={0}
              leftSection={<IconGift size={20} aria-hidden />}
              onClick={onBenefits}
              {...preloadOn(loadBenefitsDialog)}
            >
              <Trans>Membership benefits</Trans>
            </Button>
          </Stack>

          <Paper radius="lg" p={{ base: "lg", sm: "xl" }} shadow="xl" c="var(--mantine-color-text)">
            <Stack gap="lg">
              <Text fw={700} size="lg">
                <Trans>What the club does for you</Trans>
              </Text>
              <Pitch icon={<IconUsersGroup size={22} />} title={<Trans>Expert network</Trans>}>
                <Trans>
                  Meet exporters, export experts and service providers who have already done what you plan to do.
                </Trans>
              </Pitch>
              <Pitch icon={<IconSchool size={22} />} title={<Trans>Consultation and training</Trans>}>
                <Trans>Request one-to-one advice or training on markets, documents, logistics and payments.</Trans>
              </Pitch>
              <Pitch icon={<IconMessages size={22} />} title={<Trans>Q&A knowledge sharing</Trans>}>
                <Trans>Ask questions, share practical know-how and learn from real export cases.</Trans>
              </Pitch>
              <Pitch icon={<IconRoute size={22} />} title={<Trans>Requests that find the right people</Trans>}>
                <Trans>Your requests are routed to members who work in the same industry and target countries.</Trans>
              </Pitch>
              <Pitch icon={<IconTrophy size={22} />} title={<Trans>Points and rewards</Trans>}>
                <Trans>Earn points for every contribution and unlock Silver and Gold membership.</Trans>
              </Pitch>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function Pitch({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={40} radius="md" variant="light" color="teal" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </div>
    </Group>
  );
}
