import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Center, Group, List, Loader, Modal, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { TIERS, type Tier } from "../../../../common/constants";
import type { DialogProps } from "../../../components/LazyDialog";
import { TierBadge } from "../../../components/TierBadge";
import { TierPrice, TierQuota } from "../../../components/TierTexts";
import { trpc } from "../../../trpc";
import { DocumentView } from "../content/viewers";

/**
 * Membership Levels and Services: the newest active membership document of the type, or the
 * built-in text when none is active; costs and quotas come from the shared constants.
 */
export function LevelsDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  // The newest active membership document of this type, else the built-in text (spec part 1 §2, §4).
  const active = useQuery(trpc.content.active.queryOptions());
  return (
    <Modal opened={opened} onClose={onClose} title={t`Membership Levels and Services`} size="lg">
      {active.isPending ? (
        <Center py="xl">
          <Loader aria-label={t`Loading...`} />
        </Center>
      ) : active.data?.levels ? (
        <DocumentView item={active.data.levels} />
      ) : (
        <>
          {active.isError && (
            <Alert color="red" role="alert" mb="md">
              {t`Failed to load document`}
            </Alert>
          )}
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              <Trans>
                Every approved member starts at Turquoise. The points you earn in the club unlock Silver and Gold, and
                an upgrade is permanent: tiers never go down.
              </Trans>
            </Text>
            {TIERS.map((tier) => (
              <Paper key={tier} withBorder radius="md" p="md">
                <Group justify="space-between" mb="xs">
                  <TierBadge tier={tier} size="lg" />
                  <Text fw={700}>
                    <TierPrice tier={tier} />
                  </Text>
                </Group>
                <List
                  size="sm"
                  spacing={6}
                  icon={
                    <ThemeIcon size={18} radius="xl" color="teal" variant="light" aria-hidden>
                      <IconCheck size={12} />
                    </ThemeIcon>
                  }
                >
                  <TierIncludes tier={tier} />
                  <List.Item>
                    <TierQuota tier={tier} />
                  </List.Item>
                  <TierServices tier={tier} />
                </List>
              </Paper>
            ))}
            <Text size="sm" c="dimmed">
              <Trans>
                Points are earned when an administrator approves your knowledge post, when a member rates your answer 3
                stars, and when members like your published knowledge. Members can follow their points and upgrade from
                inside the club.
              </Trans>
            </Text>
            <Group justify="flex-end">
              <Button onClick={onClose}>
                <Trans>Close</Trans>
              </Button>
            </Group>
          </Stack>
        </>
      )}
    </Modal>
  );
}

function TierIncludes({ tier }: { tier: Tier }) {
  if (tier === "silver") {
    return (
      <List.Item>
        <Trans>Everything in Turquoise</Trans>
      </List.Item>
    );
  }
  if (tier === "gold") {
    return (
      <List.Item>
        <Trans>Everything in Silver</Trans>
      </List.Item>
    );
  }
  return null;
}

function TierServices({ tier }: { tier: Tier }) {
  if (tier === "turquoise") {
    return (
      <>
        <List.Item>
          <Trans>Share knowledge and take part in the Q&A area</Trans>
        </List.Item>
        <List.Item>
          <Trans>Send and receive member requests and offers</Trans>
        </List.Item>
        <List.Item>
          <Trans>Member directory and leaderboard</Trans>
        </List.Item>
      </>
    );
  }
  if (tier === "silver") {
    return (
      <List.Item>
        <Trans>A Silver badge on your profile that shows your experience</Trans>
      </List.Item>
    );
  }
  return (
    <List.Item>
      <Trans>A Gold badge that marks you as a leading member of the club</Trans>
    </List.Item>
  );
}
