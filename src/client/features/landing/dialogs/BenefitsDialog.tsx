import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBulb, IconHeartHandshake, IconRoute, IconSchool, IconTrophy, IconUsersGroup } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { DialogProps } from "../../../components/LazyDialog";

/** Membership benefits: six benefits (spec part 1 §2). */
export function BenefitsDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Membership Benefits`} size="xl" centered>
      <Stack gap="lg">
        <Text c="dimmed">
          <Trans>Everything a member gets from the club, from the first day after approval.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <Benefit icon={<IconUsersGroup size={22} />} title={<Trans>A network of export experts</Trans>}>
            <Trans>
              Connect with experienced exporters, export experts and export service providers across many industries and
              markets.
            </Trans>
          </Benefit>
          <Benefit icon={<IconSchool size={22} />} title={<Trans>Consultation and training on request</Trans>}>
            <Trans>
              Ask for one-to-one advice or training on market entry, export documents, logistics, customs and
              international payments.
            </Trans>
          </Benefit>
          <Benefit icon={<IconBulb size={22} />} title={<Trans>Practical knowledge sharing</Trans>}>
            <Trans>Read and share real export know-how, and get clear answers to your questions in the Q&A area.</Trans>
          </Benefit>
          <Benefit icon={<IconRoute size={22} />} title={<Trans>Requests matched to the right members</Trans>}>
            <Trans>
              Your requests are routed to members who work in the same industry and target countries, so they reach
              people who can really help.
            </Trans>
          </Benefit>
          <Benefit icon={<IconHeartHandshake size={22} />} title={<Trans>New business opportunities</Trans>}>
            <Trans>
              Send and receive offers for co-marketing, product sourcing and commercial assistance with trusted,
              reviewed members.
            </Trans>
          </Benefit>
          <Benefit icon={<IconTrophy size={22} />} title={<Trans>Points, rewards and recognition</Trans>}>
            <Trans>
              Earn points for posts, helpful answers and community challenges, climb the leaderboard and unlock Silver
              and Gold membership.
            </Trans>
          </Benefit>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Benefit({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={40} radius="md" variant="light" color="teal" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Title order={3} size="h5" mb={4}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </div>
    </Group>
  );
}
