/**
 * Q&A `/qa` (spec part 2 §2, §4): the published items in two tabs, Export Related and Club
 * Related, each with a count badge and an accordion of questions, one open at a time; "Ask a
 * question" and the member's own questions with their status (issue #13 §3).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Accordion,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
  useDirection,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconMessageQuestion, IconSend } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QA_SUBSECTIONS } from "../../../common/qa";
import { LoadError } from "../../components/LoadError";
import { UserText } from "../../components/UserText";
import { formatNumber } from "../../i18n";
import { QA_SUBSECTION_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { MyQuestions } from "./MyQuestions";
import { QaAskModal } from "./QaAskModal";

type Subsection = (typeof QA_SUBSECTIONS)[number];

interface QaItem {
  id: number;
  question: string;
  answer: string;
  subsection: Subsection;
}

export function QaPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  useDocumentTitle(t`Q&A`);
  const list = useQuery(trpc.qa.list.queryOptions());
  const [tab, setTab] = useState<Subsection>("export_related");
  const [asking, setAsking] = useState(false);
  const items = (list.data ?? []) as QaItem[];

  return (
    <Stack maw={860} mx="auto" gap="md" pb="xl">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconMessageQuestion size={26} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={1} size="h2">
              <Trans>Questions and Answers</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>Answers to common questions about exporting and about the club.</Trans>
            </Text>
          </div>
        </Group>
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setAsking(true)} data-testid="qa-ask">
          <Trans>Ask a question</Trans>
        </Button>
      </Group>

      {list.isError && <LoadError title={t`Failed to load Q&A items`} onRetry={() => void list.refetch()} />}

      <Tabs value={tab} onChange={(value) => value && setTab(value as Subsection)} keepMounted={false}>
        <Tabs.List grow>
          {QA_SUBSECTIONS.map((s) => {
            const count = items.filter((i) => i.subsection === s).length;
            return (
              <Tabs.Tab
                key={s}
                value={s}
                rightSection={
                  list.isSuccess ? (
                    <Badge
                      size="sm"
                      variant={tab === s ? "filled" : "light"}
                      circle={count < 10}
                      data-testid={`qa-count-${s}`}
                    >
                      {formatNumber(count, i18n.locale)}
                    </Badge>
                  ) : undefined
                }
                data-testid={`qa-tab-${s}`}
              >
                {i18n._(QA_SUBSECTION_LABELS[s])}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>

        {QA_SUBSECTIONS.map((s) => (
          <Tabs.Panel key={s} value={s} pt="md">
            {list.isPending ? (
              <QaSkeleton />
            ) : list.isSuccess ? (
              <QaAccordion items={items.filter((i) => i.subsection === s)} subsection={s} />
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>

      <MyQuestions />
      <QaAskModal opened={asking} defaultSubsection={tab} onClose={() => setAsking(false)} />
    </Stack>
  );
}

function QaAccordion({ items, subsection }: { items: QaItem[]; subsection: Subsection }) {
  const { dir } = useDirection();
  if (items.length === 0) {
    return (
      <Card withBorder radius="lg" p="xl" data-testid="qa-empty">
        <Text ta="center" c="dimmed">
          {subsection === "export_related" ? (
            <Trans>No export-related Q&A items available yet.</Trans>
          ) : (
            <Trans>No club-related Q&A items available yet.</Trans>
          )}
        </Text>
      </Card>
    );
  }
  return (
    <Accordion variant="separated" radius="md" chevronPosition="right" data-testid="qa-accordion">
      {items.map((item) => (
        <Accordion.Item key={item.id} value={String(item.id)}>
          <Accordion.Control>
            <Text
              component="span"
              display="block"
              fw={600}
              dir="auto"
              ta={dir === "rtl" ? "right" : "left"}
              style={{ overflowWrap: "anywhere" }}
            >
              {item.question}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <UserText size="sm">{item.answer}</UserText>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function QaSkeleton() {
  return (
    <Stack gap="sm" aria-busy data-testid="qa-loading">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={52} radius="md" />
      ))}
    </Stack>
  );
}
