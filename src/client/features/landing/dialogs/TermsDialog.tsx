import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Center, Group, List, Loader, Modal, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { DialogProps } from "../../../components/LazyDialog";
import { trpc } from "../../../trpc";
import { DocumentView } from "../content/viewers";

/**
 * Terms and Conditions: the newest active membership document of the type (a PDF in the page,
 * a Word file to download), or the built-in text below when none is active (spec part 1 §2, §4).
 */
export function TermsDialog({ opened, onClose }: DialogProps) {
  const { t } = useLingui();
  // The newest active membership document of this type, else the built-in text (spec part 1 §2, §4).
  const active = useQuery(trpc.content.active.queryOptions());
  return (
    <Modal opened={opened} onClose={onClose} title={t`Terms and Conditions`} size="lg">
      {active.isPending ? (
        <Center py="xl">
          <Loader aria-label={t`Loading...`} />
        </Center>
      ) : active.data?.terms ? (
        <DocumentView item={active.data.terms} />
      ) : (
        <>
          {active.isError && (
            <Alert color="red" role="alert" mb="md">
              {t`Failed to load document`}
            </Alert>
          )}
          <Stack gap="md">
            <Text c="dimmed" size="sm">
              <Trans>By applying for membership and using Export Club you agree to the following conditions.</Trans>
            </Text>
            <Term title={<Trans>1. Eligibility and approval</Trans>}>
              <Trans>
                Membership is open to exporters, export experts and export service providers, as individuals or as
                organizations. Every application is reviewed by the admin team, which may decline an application that
                does not meet these conditions.
              </Trans>
            </Term>
            <Term title={<Trans>2. Accurate information</Trans>}>
              <Trans>
                Give true and complete information about yourself, your business and your products, and keep your
                profile up to date. One person or organization may hold only one account.
              </Trans>
            </Term>
            <Term title={<Trans>3. Professional conduct</Trans>}>
              <Trans>Treat other members with respect. The following are not allowed:</Trans>
              <List size="sm" mt="xs" spacing={4}>
                <List.Item>
                  <Trans>spam, unsolicited advertising and chain messages;</Trans>
                </List.Item>
                <List.Item>
                  <Trans>misleading offers, false claims about products, certificates or experience;</Trans>
                </List.Item>
                <List.Item>
                  <Trans>harassment, insults and discrimination of any kind.</Trans>
                </List.Item>
              </List>
            </Term>
            <Term title={<Trans>4. Shared knowledge</Trans>}>
              <Trans>
                Share only content that you wrote or have the right to share. The admin team reviews shared knowledge
                and may edit, hide or remove content that breaks these terms.
              </Trans>
            </Term>
            <Term title={<Trans>5. Confidentiality</Trans>}>
              <Trans>
                Use the information you receive through requests and offers only for the purpose it was shared for.
                Never pass other members' contact details to third parties.
              </Trans>
            </Term>
            <Term title={<Trans>6. Points and tiers</Trans>}>
              <Trans>
                Points reward real contributions. They have no cash value and cannot be transferred. Points gained by
                abuse, such as arranged likes, may be removed. An upgrade to a higher tier is permanent and cannot be
                reversed.
              </Trans>
            </Term>
            <Term title={<Trans>7. Your own responsibility</Trans>}>
              <Trans>
                Export Club connects members but is not a party to their agreements. Each member is responsible for
                their own due diligence, contracts and compliance with export, customs and sanctions regulations.
              </Trans>
            </Term>
            <Term title={<Trans>8. Suspension and changes</Trans>}>
              <Trans>
                Accounts that break these terms may be suspended or closed. These terms may change; members are informed
                of important changes.
              </Trans>
            </Term>
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

function Term({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        {title}
      </Title>
      <Text size="sm" component="div" lh={1.6}>
        {children}
      </Text>
    </div>
  );
}
