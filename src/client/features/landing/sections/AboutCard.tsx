import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileText, IconInfoCircle, IconPlayerPlay } from "@tabler/icons-react";
import { SectionCard } from "./SectionCard";

/**
 * About the club, with Details (the active PDF) and Watch a Video (the active video). Landing
 * content management does not exist yet, so both report that nothing is available
 * (spec part 1 §8 Viewers).
 */
export function AboutCard() {
  const { t } = useLingui();
  return (
    <SectionCard id="about-title" icon={<IconInfoCircle size={22} />} title={<Trans>About Export Club</Trans>}>
      <Text>
        <Trans>
          Export Club is a members-only community for exporters, export experts and export service providers, working as
          individuals or as organizations. We bring together the people who make export happen, so that knowledge,
          contacts and opportunities move faster between them.
        </Trans>
      </Text>
      <Text c="dimmed">
        <Trans>
          Every application is reviewed by our admin team, which keeps the community focused, professional and
          trustworthy.
        </Trans>
      </Text>
      <Group gap="sm" mt="auto">
        <Button
          variant="light"
          leftSection={<IconFileText size={18} aria-hidden />}
          onClick={() =>
            notifications.show({
              color: "yellow",
              title: t`No Document Available`,
              message: t`No active PDF document is currently available.`,
            })
          }
        >
          <Trans>Details</Trans>
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={18} aria-hidden />}
          onClick={() =>
            notifications.show({
              color: "yellow",
              title: t`No Video Available`,
              message: t`No active video is currently available.`,
            })
          }
        >
          <Trans>Watch a Video</Trans>
        </Button>
      </Group>
    </SectionCard>
  );
}
