/**
 * The member's saved Porter diamond analyses in the profile (issue #18 §2, §3): each with its
 * date, product, market, the four determinants' ratings and the diamond's strength; the latest
 * compared with the previous one factor by factor; a new analysis.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Group, List, Stack, Table, Text } from "@mantine/core";
import { IconDiamond } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { compareDiamond, DIAMOND_DETERMINANTS, DIAMOND_FACTORS } from "../../../common/assessments";
import { formatDate, formatNumber } from "../../i18n";
import { useCountryOptions } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { Change } from "./DiamondResultView";
import { ResultLink, SavedResultsCard } from "./SavedResultsCard";
import { DIAMOND_FACTOR_NAMES } from "./texts";

export function MyDiamondAnalyses() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const mine = useQuery(trpc.assessments.mine.queryOptions());
  const countries = useCountryOptions(i18n.locale);
  const analyses = (mine.data ?? []).flatMap((a) => (a.kind === "diamond" ? [a] : []));
  const [latest, previous] = analyses;
  const latestDate = latest ? formatDate(latest.createdAt, i18n.locale) : "";
  const previousDate = previous ? formatDate(previous.createdAt, i18n.locale) : "";
  const change = latest && previous ? compareDiamond(latest.score, previous.score) : null;

  return (
    <SavedResultsCard
      id="diamond-analyses"
      titleId="diamond-title"
      icon={<IconDiamond size={22} aria-hidden />}
      title={<Trans>Porter diamond analyses</Trans>}
      startTo="/porter-diamond-analysis/start"
      startLabel={<Trans>New analysis</Trans>}
      query={mine}
      hasResults={!!latest}
      empty={
        <Text c="gray.8" size="sm">
          <Trans>
            You have not made a Porter diamond analysis yet. Rate one product in one target market on the four
            determinants, government and chance, and see its strengths and gaps.
          </Trans>
        </Text>
      }
    >
      {latest && previous && change && (
        <Stack gap={4} data-testid="diamond-compare">
          <Text fw={600} size="sm">
            <Trans>
              Latest ({latestDate}) compared with the previous one ({previousDate})
            </Trans>
          </Text>
          <List spacing={4} listStyleType="none" ps={0}>
            {DIAMOND_FACTORS.map((f) => {
              const factor = i18n._(DIAMOND_FACTOR_NAMES[f]);
              const rating = formatNumber(latest.score.ratings[f], i18n.locale);
              return (
                <List.Item key={f} data-testid={`diamond-compare-${f}`}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm">
                      <Trans>
                        {factor}: <b>{rating}</b> of 5
                      </Trans>
                    </Text>
                    <Change delta={change.ratings[f]} />
                  </Group>
                </List.Item>
              );
            })}
          </List>
        </Stack>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped data-testid="diamond-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Date</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Product</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Target market</Trans>
              </Table.Th>
              {DIAMOND_DETERMINANTS.map((d) => (
                <Table.Th key={d}>{i18n._(DIAMOND_FACTOR_NAMES[d])}</Table.Th>
              ))}
              <Table.Th>
                <Trans>Strength</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Analysis</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {analyses.map((a) => {
              const date = formatDate(a.createdAt, i18n.locale);
              return (
                <Table.Tr key={a.id}>
                  <Table.Td>{date}</Table.Td>
                  <Table.Td>{a.product}</Table.Td>
                  <Table.Td>{countries.nameOf(a.market)}</Table.Td>
                  {DIAMOND_DETERMINANTS.map((d) => (
                    <Table.Td key={d}>{formatNumber(a.score.ratings[d], i18n.locale)}</Table.Td>
                  ))}
                  <Table.Td fw={700}>{formatNumber(a.score.overall, i18n.locale)}</Table.Td>
                  <Table.Td>
                    <ResultLink id={a.id} label={t`View the analysis of ${date}`} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SavedResultsCard>
  );
}
