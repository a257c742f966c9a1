import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconBrandInstagram, IconBrandLinkedin, IconBrandWhatsapp, IconMessage } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../trpc";
import { ChannelsPlaceholder } from "./placeholders";

/**
 * SMS and WhatsApp (one configured number) and the social links. Each is hidden when the
 * deployment has not configured it.
 */
export function ContactChannels() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const channels = useQuery({ ...trpc.landing.contactChannels.queryOptions(), staleTime: Number.POSITIVE_INFINITY });

  if (channels.isPending) return <ChannelsPlaceholder />;
  const phone = channels.data?.phone ?? null;
  const instagram = channels.data?.instagramUrl ?? null;
  const linkedin = channels.data?.linkedinUrl ?? null;
  const digits = phone?.replace(/\D/g, "") ?? "";

  return (
    <>
      {phone && digits ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            <Trans>Prefer your phone? Message us directly.</Trans>
          </Text>
          <Button
            component="a"
            href={`sms:${phone.replace(/[^\d+]/g, "")}`}
            variant="light"
            leftSection={<IconMessage size={18} aria-hidden />}
            fullWidth
          >
            <Trans>Send an SMS</Trans>
          </Button>
          <Button
            component="a"
            href={`https://wa.me/${digits}`}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            variant="light"
            leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
            fullWidth
          >
            <Trans>Chat on WhatsApp</Trans>
          </Button>
        </Stack>
      ) : null}

      {instagram || linkedin ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            <Trans>Follow us</Trans>
          </Text>
          <Group gap="sm">
            {instagram ? (
              <Button
                component="a"
                href={instagram}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                color="pink"
                leftSection={<IconBrandInstagram size={18} aria-hidden />}
                aria-label={t`Export Club on Instagram (opens in a new tab)`}
              >
                <Trans>Instagram</Trans>
              </Button>
            ) : null}
            {linkedin ? (
              <Button
                component="a"
                href={linkedin}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                color="blue"
                leftSection={<IconBrandLinkedin size={18} aria-hidden />}
                aria-label={t`Export Club on LinkedIn (opens in a new tab)`}
              >
                <Trans>LinkedIn</Trans>
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </>
  );
}
