/**
 * Share Knowledge `/share` (spec part 2 §2, §5, §8, §9): the points banner, the four type
 * buttons and the form, then the member's own submissions. Back and Cancel go to the dashboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { BackToDashboard } from "../../components/BackLink";
import { MySubmissions } from "./MySubmissions";
import { PointsBanner } from "./PointsBanner";
import { ShareForm } from "./ShareForm";

export function SharePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Share Knowledge`);
  return (
    <Stack maw={880} mx="auto" gap="md" pb="md">
      <BackToDashboard />
      <div>
        <Title order={1} size="h2">
          <Trans>Share Knowledge</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>
            Help other members with what you know about a market, a product's rules and paperwork, or an event you
            attended.
          </Trans>
        </Text>
      </div>
      <PointsBanner />
      <ShareForm />
      <MySubmissions />
    </Stack>
  );
}
