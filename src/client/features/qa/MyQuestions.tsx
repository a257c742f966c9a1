/**
 * "My questions" on the Q&A page (issue #13 §3): the questions the member asked, newest first,
 * each with its status: waiting for an answer, answered (with the published answer) or declined
 * (with the admins' note). Loading, empty and error states.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { QA_SUBSECTIONS, QaQuestionStatus } from "../../../common/qa";
import { LoadError } from "../../components/LoadError";
import { UserText } from "../../components/UserText";
import { formatDate } from "../../i18n";
import { QA_SUBSECTION_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";

interface MyQuestion {
  id: number;
  question: string;
  subsection: (typeof QA_SUBSECTIONS)[number];
  createdAt: string | Date;
  status: QaQuestionStatus;
  answer: string | null;
  declineNote: string | null;
}

export function MyQuestions() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const mine = useQuery(trpc.qa.mine.queryOptions());
  const items = (mine.data ?? []) as MyQuestion[];

  return (
    <Stack gap="sm" component="section" aria-labelledby="qa-my-questions-title" data-testid="qa-my-questions">
      <Title order={2} size="h3" id="qa-my-questions-title">
        <Trans>My questions</Trans>
      </Title>
      {mine.isPending && <Skeleton h={72} radius="lg" aria-busy />}
      {mine.isError && (
        <LoadError title={t`Failed to load your questions`} error={mine.error} onRetry={() => void mine.refetch()} />
      )}
      {mine.isSuccess && items.length === 0 && (
        <Card withBorder radius="lg" p="lg" data-testid="qa-my-empty">
          <Text c="dimmed" ta="center" size="sm">
            <Trans>You have not asked any questions yet. Use "Ask a question" to ask the admins.</Trans>
          </Text>
        </Card>
      )}
      {mine.isSuccess && items.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {items.map((q) => (
            <MyQuestionCard key={q.id} item={q} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function StatusBadge({ status }: { status: QaQuestionStatus }) {
  switch (status) {
    case "answered":
      return (
        <Badge color="teal" variant="filled" data-testid="qa-my-status" data-status={status}>
          <Trans>Answered and published</Trans>
        </Badge>
      );
    case "declined":
      return (
        <Badge color="red" variant="light" data-testid="qa-my-status" data-status={status}>
          <Trans>Declined</Trans>
        </Badge>
      );
    default:
      return (
        <Badge color="yellow" variant="light" c="yellow.9" data-testid="qa-my-status" data-status={status}>
          <Trans>Waiting for an answer</Trans>
        </Badge>
      );
  }
}

function MyQuestionCard({ item }: { item: MyQuestion }) {
  const { i18n } = useLingui();
  return (
    <Card component="li" withBorder radius="lg" p={{ base: "sm", sm: "md" }} data-testid="qa-my-item">
      <Stack gap={8}>
        <Group gap={6} wrap="wrap">
          <StatusBadge status={item.status} />
          <Badge variant="light" color={item.subsection === "export_related" ? "blue" : "grape"}>
            {i18n._(QA_SUBSECTION_LABELS[item.subsection])}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDate(item.createdAt, i18n.locale)}
          </Text>
        </Group>
        <UserText fw={600} data-testid="qa-my-question">
          {item.question}
        </UserText>
        {item.status === "answered" && item.answer && (
          <Stack gap={2}>
            <Text size="xs" fw={600} c="dimmed">
              <Trans>Answer</Trans>
            </Text>
            <UserText size="sm" data-testid="qa-my-answer">
              {item.answer}
            </UserText>
          </Stack>
        )}
        {item.status === "declined" && item.declineNote && (
          <Stack gap={2}>
            <Text size="xs" fw={600} c="dimmed">
              <Trans>Note from the admins</Trans>
            </Text>
            <UserText size="sm" data-testid="qa-my-note">
              {item.declineNote}
            </UserText>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
