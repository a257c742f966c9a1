/**
 * The result of a Porter diamond analysis (issue #18 §2): the product and market, the diamond's
 * strength (0–100), the diamond drawn in SVG with the same ratings in a table (and the change
 * since the previous analysis when there is one), the strengths (rated 4–5) and gaps (rated 1–2)
 * with the member's notes, and Print / Save as PDF (`window.print()`; print.css leaves only the
 * analysis on paper). `status` is the caller's: saved, or the invitation to join.
 */
import "./print.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight, IconPrinter, IconTool, IconTrophy } from "@tabler/icons-react";
import type { ReactNode } from "react";
import {
  compareDiamond,
  DIAMOND_FACTORS,
  type DiamondAnswers,
  type DiamondFactor,
  type DiamondScore,
} from "../../../common/assessments";
import { formatNumber } from "../../i18n";
import { useCountryOptions } from "../../lib/reference";
import { DiamondChart } from "./DiamondChart";
import { DIAMOND_FACTOR_NAMES, DIAMOND_RATING_LABELS } from "./texts";

export function DiamondResultView({
  answers,
  score,
  previous,
  status,
}: {
  answers: Pick<DiamondAnswers, "product" | "market" | "factors">;
  score: DiamondScore;
  /** The previous analysis's score, to draw behind this one and to compare factor by factor. */
  previous?: DiamondScore;
  status?: ReactNode;
}) {
  const { i18n } = useLingui();
  const countries = useCountryOptions(i18n.locale);
  const product = answers.product;
  const market = countries.nameOf(answers.market);
  const overall = formatNumber(score.overall, i18n.locale);
  const change = previous ? compareDiamond(score, previous) : null;

  return (
    <Stack gap="lg" data-testid="diamond-result">
      <Card withBorder radius="lg" padding="lg" bg="teal.0" data-print="keep">
        <Group justify="space-between" align="center" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" fw={600} c="teal.9" data-testid="diamond-subject">
              <Trans>
                {product} in {market}
              </Trans>
            </Text>
            <Text fz={40} fw={800} lh={1.1} data-testid="diamond-overall">
              <Trans>{overall} out of 100</Trans>
            </Text>
            <Text size="sm" c="gray.8">
              <Trans>The strength of the four determinants together (all rated 3 is 50).</Trans>
            </Text>
          </Stack>
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => window.print()}
            data-print="hide"
          >
            <Trans>Print or save as PDF</Trans>
          </Button>
        </Group>
      </Card>

      {status}

      <Card
        withBorder
        radius="lg"
        padding="lg"
        component="section"
        aria-labelledby="diamond-chart-title"
        data-print="keep"
      >
        <Title order={2} size="h4" id="diamond-chart-title" mb="sm">
          <Trans>Your diamond</Trans>
        </Title>
        <DiamondChart score={score} previous={previous} />
        {previous && (
          <Text size="sm" c="gray.8" ta="center" mt="xs">
            <Trans>The dashed outline is your previous analysis.</Trans>
          </Text>
        )}
        <Table.ScrollContainer minWidth={280} mt="md">
          <Table striped data-testid="diamond-ratings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Factor</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Rating</Trans>
                </Table.Th>
                {change && (
                  <Table.Th>
                    <Trans>Change</Trans>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {DIAMOND_FACTORS.map((f) => (
                <Table.Tr key={f} data-testid={`diamond-row-${f}`}>
                  <Table.Td>{i18n._(DIAMOND_FACTOR_NAMES[f])}</Table.Td>
                  <Table.Td>
                    <Rating value={score.ratings[f]} />
                  </Table.Td>
                  {change && (
                    <Table.Td>
                      <Change delta={change.ratings[f]} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card
          withBorder
          radius="lg"
          padding="lg"
          component="section"
          aria-labelledby="diamond-strengths-title"
          data-print="keep"
        >
          <Group gap="xs" mb="sm" wrap="nowrap">
            <IconTrophy size={20} aria-hidden color="var(--mantine-color-teal-8)" />
            <Title order={2} size="h4" id="diamond-strengths-title">
              <Trans>Strengths</Trans>
            </Title>
          </Group>
          <FactorList
            factors={score.strengths}
            answers={answers}
            testId="diamond-strengths"
            empty={<Trans>No factor is rated 4 or 5 yet: your advantage in this market is still to be built.</Trans>}
          />
        </Card>
        <Card
          withBorder
          radius="lg"
          padding="lg"
          component="section"
          aria-labelledby="diamond-gaps-title"
          data-print="keep"
        >
          <Group gap="xs" mb="sm" wrap="nowrap">
            <IconTool size={20} aria-hidden color="var(--mantine-color-orange-9)" />
            <Title order={2} size="h4" id="diamond-gaps-title">
              <Trans>Gaps to close</Trans>
            </Title>
          </Group>
          <FactorList
            factors={score.gaps}
            answers={answers}
            testId="diamond-gaps"
            empty={<Trans>No factor is rated 1 or 2: no serious disadvantage in this market.</Trans>}
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** "4 · Advantage". */
function Rating({ value }: { value: keyof typeof DIAMOND_RATING_LABELS }) {
  const { i18n } = useLingui();
  return (
    <Text size="sm" span>
      <b>{formatNumber(value, i18n.locale)}</b> · {i18n._(DIAMOND_RATING_LABELS[value])}
    </Text>
  );
}

/** A rating's change since the previous analysis: "up 2", "down 1" or "no change". */
export function Change({ delta }: { delta: number }) {
  const { i18n } = useLingui();
  const amount = formatNumber(Math.abs(delta), i18n.locale);
  if (delta === 0)
    return (
      <Text size="sm" c="gray.8" span>
        <Trans>no change</Trans>
      </Text>
    );
  return delta > 0 ? (
    <Group gap={2} c="teal.9" wrap="nowrap" component="span" display="inline-flex">
      <IconArrowUpRight size={16} aria-hidden />
      <Text size="sm" span>
        <Trans>up {amount}</Trans>
      </Text>
    </Group>
  ) : (
    <Group gap={2} c="red.9" wrap="nowrap" component="span" display="inline-flex">
      <IconArrowDownRight size={16} aria-hidden />
      <Text size="sm" span>
        <Trans>down {amount}</Trans>
      </Text>
    </Group>
  );
}

function FactorList({
  factors,
  answers,
  testId,
  empty,
}: {
  factors: DiamondFactor[];
  answers: Pick<DiamondAnswers, "factors">;
  testId: string;
  empty: ReactNode;
}) {
  const { i18n } = useLingui();
  if (factors.length === 0)
    return (
      <Text size="sm" c="gray.8" data-testid={testId}>
        {empty}
      </Text>
    );
  return (
    <List spacing="sm" listStyleType="none" ps={0} data-testid={testId}>
      {factors.map((f) => {
        const notes = answers.factors[f].notes;
        return (
          <List.Item key={f}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{i18n._(DIAMOND_FACTOR_NAMES[f])}</Text>
              <Badge variant="light" color="gray" c="gray.9">
                {formatNumber(answers.factors[f].rating, i18n.locale)} / {formatNumber(5, i18n.locale)}
              </Badge>
            </Group>
            {notes ? (
              <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap" }}>
                {notes}
              </Text>
            ) : (
              <Text size="sm" c="gray.8">
                <Trans>No notes.</Trans>
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
