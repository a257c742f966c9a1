import { Trans } from "@lingui/react/macro";
import { Button, Group, Text } from "@mantine/core";
import { IconFileText, IconInfoCircle, IconPlayerPlay } from "@tabler/icons-react";
import { preloadOn } from "../../../components/LazyDialog";
import { loadPdfDialog, loadVideoDialog } from "../loaders";
import { SectionCard } from "./SectionCard";

interface AboutCardProps {
  onDetails: () => void;
  onVideo: () => void;
}

/**
 * About the club, with Details (the active PDF) and Watch a Video (the active video); the
 * landing page opens the viewers, or says that nothing is available (spec part 1 §8 Viewers).
 */
export function AboutCard({ onDetails, onVideo }: AboutCardProps) {
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
          onClick={onDetails}
          {...preloadOn(loadPdfDialog)}
        >
          <Trans>Details</Trans>
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={18} aria-hidden />}
          onClick={onVideo}
          {...preloadOn(loadVideoDialog)}
        >
          <Trans>Watch a Video</Trans>
        </Button>
      </Group>
    </SectionCard>
  );
}
