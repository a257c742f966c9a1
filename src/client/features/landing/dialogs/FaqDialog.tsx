import { Trans, useLingui } from "@lingui/react/macro";
import { Accordion, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { APPROVAL_POINTS, HELPFUL_ANSWER_POINTS, TIER_COST } from "../../../../common/constants";
import type { DialogProps } from "../../../components/LazyDialog";
import { formatNumber } from "../../../i18n";

/** Frequently Asked Questions: four static questions (spec part 1 §2, §9). */
export function FaqDialog({ opened, onClose }: DialogProps) {
  const { t, i18n } = useLingui();
  const silver = formatNumber(TIER_COST.silver, i18n.locale);
  const gold = formatNumber(TIER_COST.gold, i18n.locale);
  // Only the rules the club applies, each with how it is earned (issue #13 §4).
  const postMin = formatNumber(APPROVAL_POINTS[0], i18n.locale);
  const postMax = formatNumber(APPROVAL_POINTS[APPROVAL_POINTS.length - 1] ?? APPROVAL_POINTS[0], i18n.locale);
  const answer = formatNumber(HELPFUL_ANSWER_POINTS, i18n.locale);
  const like = formatNumber(2, i18n.locale);

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
                Yes. Basic membership (Turquoise) is free. The premium tiers are bought with the points you earn in the
                club instead of a subscription: Silver costs {silver} points and Gold {gold} points.
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
                  <Trans>
                    {postMin} to {postMax} points for each knowledge post an administrator approves (the administrator
                    chooses the award)
                  </Trans>
                </List.Item>
                <List.Item>
                  <Trans>+{answer} points when a member rates your answer to their request 3 stars</Trans>
                </List.Item>
                <List.Item>
                  <Trans>+{like} points for each like a member gives your published knowledge</Trans>
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
