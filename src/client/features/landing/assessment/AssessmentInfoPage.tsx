import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useDirection,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft, IconArrowRight, IconLogin, IconPlayerPlay } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { formatNumber } from "../../../i18n";
import { PublicHeader } from "../PublicHeader";
import { LandingFooter } from "../sections/LandingFooter";

export interface AssessmentArea {
  key: string;
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  questions: ReactNode[];
}

interface AssessmentInfoPageProps {
  documentTitle: string;
  title: ReactNode;
  intro: ReactNode;
  areas: AssessmentArea[];
  note?: ReactNode;
  startLabel: ReactNode;
  /** Where Start leads: the interactive tool. */
  startTo: "/export-readiness-assessment/start" | "/porter-diamond-analysis/start";
}

/**
 * Layout of the two public assessment information pages (spec part 1 §2): four areas with
 * guiding questions, a start button and a link back home.
 */
export function AssessmentInfoPage({
  documentTitle,
  title,
  intro,
  areas,
  note,
  startLabel,
  startTo,
}: AssessmentInfoPageProps) {
  const { i18n } = useLingui();
  useDocumentTitle(documentTitle);

  return (
    <Box mih="100vh">
      <PublicHeader>
        <Button
          renderRoot={(props) => <Link to="/landing" search={{ auth: "signin" }} {...props} />}
          variant="default"
          leftSection={<IconLogin size={18} aria-hidden />}
        >
          <Trans>Sign In</Trans>
        </Button>
      </PublicHeader>

      <main>
        <Box bg="teal.0" py={{ base: 32, sm: 56 }}>
          <Container size="lg">
            <Stack gap="md" maw={760}>
              <BackHome />
              <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.2}>
                {title}
              </Title>
              <Text size="lg" c="dimmed" lh={1.6}>
                {intro}
              </Text>
            </Stack>
          </Container>
        </Box>

        <Container size="lg" py={{ base: 32, sm: 56 }}>
          <Stack gap="xl">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
              {areas.map((area, index) => (
                <Card key={area.key} component="section" withBorder radius="lg" padding="lg" shadow="xs">
                  <Stack gap="sm">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
                        {area.icon}
                      </ThemeIcon>
                      <div>
                        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                          <AreaNumber index={index} />
                        </Text>
                        <Title order={2} fz={{ base: 19, sm: 21 }}>
                          {area.title}
                        </Title>
                      </div>
                    </Group>
                    <Text c="dimmed" size="sm">
                      {area.description}
                    </Text>
                    <Text fw={600} size="sm">
                      <Trans>Guiding questions</Trans>
                    </Text>
                    <List
                      type="ordered"
                      size="sm"
                      spacing={6}
                      listStyleType={i18n.locale === "fa" ? "persian" : "decimal"}
                    >
                      {area.questions.map((question, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: static list
                        <List.Item key={i}>{question}</List.Item>
                      ))}
                    </List>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>

            {note ? (
              <Text size="sm" c="dimmed">
                {note}
              </Text>
            ) : null}

            <Paper radius="lg" p={{ base: "lg", sm: "xl" }} bg="teal.9" c="white">
              <Group justify="space-between" gap="lg">
                <Stack gap={4} maw={560}>
                  <Title order={2} fz={{ base: 20, sm: 24 }}>
                    <Trans>Ready to see where you stand?</Trans>
                  </Title>
                  <Text opacity={0.92}>
                    <Trans>Answer the questions for your own company and find the areas to strengthen first.</Trans>
                  </Text>
                </Stack>
                <Button
                  size="md"
                  variant="white"
                  color="teal"
                  leftSection={<IconPlayerPlay size={18} aria-hidden />}
                  renderRoot={(props) => <Link to={startTo} {...props} />}
                >
                  {startLabel}
                </Button>
              </Group>
            </Paper>

            <BackHome />
          </Stack>
        </Container>
      </main>

      <LandingFooter />
    </Box>
  );
}

function AreaNumber({ index }: { index: number }) {
  const { i18n } = useLingui();
  const number = formatNumber(index + 1, i18n.locale);
  return <Trans>Area {number}</Trans>;
}

function BackHome() {
  const { dir } = useDirection();
  const Arrow = dir === "rtl" ? IconArrowRight : IconArrowLeft;
  return (
    <Anchor component={Link} to="/" fw={500} w="fit-content">
      <Group gap={6} wrap="nowrap">
        <Arrow size={18} aria-hidden />
        <Trans>Back to Home</Trans>
      </Group>
    </Anchor>
  );
}
