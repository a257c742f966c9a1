import { Trans, useLingui } from "@lingui/react/macro";
import { Accordion, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { TIER_COST } from "../../../../common/constants";
import { formatNumber } from "../../../i18n";
import type { DialogProps } from "../LazyDialog";

/** Frequently Asked Questions: four static questions (spec part 1 §2, §9). */
export function FaqDialog({ opened, onClose }: DialogProps) {
  const { t, i18n } = useLingui();
  const silver = formatNumber(TIER_COST.silver, i18n.locale);
  const gold = formatNumber(TIER_COST.gold, i18n.locale);
  const post = formatNumber(10, i18n.locale);
  const answer = formatNumber(15, i18n.locale);
  const like = formatNumber(2, i18n.locale);
  const challengeMin = formatNumber(25, i18n.locale);
  const challengeMax = formatNumber(50, i18n.locale);

  return (
    <Modal opened={opened} onClose={onClose} title={t`Frequently Asked Questions`} size="lg">
      <Stack gap="md">
        <Accordion variant="separated" radius="md" defaultValue="cost">
          <Accordion.Item value="cost">
            <Accordion.Control>
              <Trans>Is membership free?</Trans>
            </Accordion.Control>
            <Accordion.Panel>
              <Trans>
                Yes. Basic membership (Turquoise) is free. The premium tiers are unlocked with the points you earn in
                the club: Silver at {silver} points and Gold at {gold} points. There is no subscription fee.
              </Trans>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="approval">
            <Accordion.Control>
              <Trans>How does the approval process work?</Trans>
            </Accordion.Control>
            <Accordion.Panel>
              <Trans>
                After you submit the sign-up form, our admin team reviews your application. This usually takes 1-2
                business days. You will receive an email as soon as your application has been reviewed, and you get full
                access to the club once it is approved.
              </Trans>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="points">
            <Accordion.Control>
              <Trans>How do I earn points?</Trans>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" mb="xs">
                <Trans>You earn points by helping the community:</Trans>
              </Text>
              <List size="sm" spacing={4}>
                <List.Item>
                  <Trans>+{post} points for each post you share</Trans>
                </List.Item>
                <List.Item>
                  <Trans>+{answer} points for each helpful answer</Trans>
                </List.Item>
                <List.Item>
                  <Trans>+{like} points for each like your content receives</Trans>
                </List.Item>
                <List.Item>
                  <Trans>
                    +{challengeMin} to {challengeMax} points for each community challenge
                  </Trans>
                </List.Item>
              </List>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="privacy">
            <Accordion.Control>
              <Trans>Which languages are supported, and are my contact details private?</Trans>
            </Accordion.Control>
            <Accordion.Panel>
              <Trans>
                The club is available in English and Persian; you can switch the language at any time from the top bar.
                Your email address and phone number are never shown publicly. When you respond to a member's request,
                your contact details are shared only with that member, and only when they choose to reveal them.
              </Trans>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
