/**
 * The result of a readiness assessment (issue #18 §1): the overall score and its band, the radar
 * chart of the four areas with the same numbers in text (and the change since the previous
 * result when there is one), the strongest and weakest area, and next steps for the weak areas
 * that link to what the club offers. `status` is the caller's: saved, or the invitation to join.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Button, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight, IconTool, IconTrophy, IconUsers } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { READINESS_AREAS, type ReadinessArea, type ReadinessScore } from "../../../common/assessments";
import { CountrySelect } from "../../components/ReferenceSelects";
import { formatNumber } from "../../i18n";
import { bandOf } from "./bands";
import { AREA_NAMES, NEXT_STEPS } from "./texts";

const ReadinessRadar = lazy(() => import("./ReadinessRadar"));

/** An area below this score gets next steps. */
const STRONG_ENOUGH = 75;

export function ResultView({
  score,
  previous,
  status,
}: {
  score: ReadinessScore;
  previous?: ReadinessScore;
  status?: ReactNode;
}) {
  const { i18n } = useLingui();
  const band = bandOf(score.overall);
  const overall = formatNumber(score.overall, i18n.locale);
  const weakAreas = READINESS_AREAS.filter((a) => score.areas[a] < STRONG_ENOUGH).sort(
    (a, b) => score.areas[a] - score.areas[b],
  );
  const even = score.areas[score.strongest] === score.areas[score.weakest];
  const strongest = i18n._(AREA_NAMES[score.strongest]);
  const weakest = i18n._(AREA_NAMES[score.weakest]);

  return (
    <Stack gap="lg" data-testid="readiness-result">
      <Card withBorder radius="lg" padding="lg" bg="teal.0">
        <Group justify="space-between" align="center" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" fw={600} c="teal.9">
              <Trans>Your export readiness</Trans>
            </Text>
            <Text fz={44} fw={800} lh={1.1} data-testid="readiness-overall">
              <Trans>{overall} out of 100</Trans>
            </Text>
          </Stack>
          <Badge size="xl" variant="white" c={band.color} style={{ border: "1px solid currentColor" }}>
            {i18n._(band.label)}
          </Badge>
        </Group>
      </Card>

      {status}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="readiness-areas-title">
          <Title order={2} size="h4" id="readiness-areas-title">
            <Trans>Your four areas</Trans>
          </Title>
          <Suspense fallback={<Loader m="xl" aria-label={i18n._(msg`Loading`)} />}>
            <ReadinessRadar score={score} previous={previous} />
          </Suspense>
          <List spacing={4} data-testid="readiness-area-scores" listStyleType="none" ps={0}>
            {READINESS_AREAS.map((area) => (
              <List.Item key={area}>
                <AreaLine area={area} score={score.areas[area]} previous={previous?.areas[area]} />
              </List.Item>
            ))}
          </List>
        </Card>

        <Stack gap="lg">
          <Card withBorder radius="lg" padding="lg">
            {even ? (
              <Text data-testid="readiness-even">
                <Trans>Your four areas score the same.</Trans>
              </Text>
            ) : (
              <Stack gap="sm">
                <Group gap="xs" wrap="nowrap">
                  <IconTrophy size={20} aria-hidden color="var(--mantine-color-teal-8)" />
                  <Text data-testid="readiness-strongest">
                    <Trans>
                      Strongest area: <b>{strongest}</b>
                    </Trans>
                  </Text>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <IconTool size={20} aria-hidden color="var(--mantine-color-orange-9)" />
                  <Text data-testid="readiness-weakest">
                    <Trans>
                      Area to strengthen first: <b>{weakest}</b>
                    </Trans>
                  </Text>
                </Group>
              </Stack>
            )}
          </Card>

          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="readiness-steps-title">
            <Title order={2} size="h4" id="readiness-steps-title" mb="sm">
              <Trans>Your next steps</Trans>
            </Title>
            <Stack gap="md" data-testid="readiness-next-steps">
              {weakAreas.length === 0 && (
                <Text size="sm">
                  <Trans>
                    Every area is strong. Keep your edge: meet members who export to new markets, and share what you
                    know with the club.
                  </Trans>{" "}
                  <Anchor component={Link} to="/members" fw={600} size="sm">
                    <Trans>Browse the member directory</Trans>
                  </Anchor>
                </Text>
              )}
              {weakAreas.map((area) => (
                <Stack key={area} gap={6}>
                  <Text fw={600}>{i18n._(AREA_NAMES[area])}</Text>
                  <List spacing={6} size="sm">
                    {NEXT_STEPS[area].map((step) => (
                      <List.Item key={step.text.id}>
                        {i18n._(step.text)}{" "}
                        <Anchor component={Link} to={step.to} fw={600} size="sm">
                          {i18n._(step.link)}
                        </Anchor>
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              ))}
              <MembersInMarket />
            </Stack>
          </Card>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * "Members who export to your market": a country picker and a link to the directory filtered by
 * that target country (the directory itself is for members; visitors are asked to sign in).
 */
function MembersInMarket() {
  const { t } = useLingui();
  const [country, setCountry] = useState<string | null>(null);
  return (
    <Stack gap={6} data-testid="readiness-market-members">
      <Text fw={600}>
        <Trans>Members who export to your market</Trans>
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <CountrySelect
          value={country}
          onChange={setCountry}
          label={t`Your target market`}
          data-testid="readiness-country"
          w={260}
          maw="100%"
        />
        <Button
          variant="light"
          disabled={!country}
          leftSection={<IconUsers size={18} aria-hidden />}
          renderRoot={(props) =>
            country ? <Link to="/members" search={{ country }} {...props} /> : <button type="button" {...props} />
          }
        >
          <Trans>Find them</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** "Market knowledge: 73 of 100 (+12 since the previous result)". */
export function AreaLine({ area, score, previous }: { area: ReadinessArea; score: number; previous?: number }) {
  const { i18n } = useLingui();
  const name = i18n._(AREA_NAMES[area]);
  const value = formatNumber(score, i18n.locale);
  const delta = previous === undefined ? null : score - previous;
  const change = delta === null ? "" : formatNumber(Math.abs(delta), i18n.locale);
  return (
    <Group gap="xs" wrap="wrap" data-testid={`area-${area}`}>
      <Text size="sm">
        <Trans>
          {name}: <b>{value}</b> of 100
        </Trans>
      </Text>
      {delta !== null &&
        (delta === 0 ? (
          <Text size="sm" c="gray.8">
            <Trans>(no change)</Trans>
          </Text>
        ) : delta > 0 ? (
          <Group gap={2} c="teal.9" wrap="nowrap">
            <IconArrowUpRight size={16} aria-hidden />
            <Text size="sm">
              <Trans>(up {change})</Trans>
            </Text>
          </Group>
        ) : (
          <Group gap={2} c="red.9" wrap="nowrap">
            <IconArrowDownRight size={16} aria-hidden />
            <Text size="sm">
              <Trans>(down {change})</Trans>
            </Text>
          </Group>
        ))}
    </Group>
  );
}
