/**
 * An offer's contact block (spec part 2 §2, §4; DESIGN.md §8.11): hidden at first; Reveal
 * Contact Details asks the server (which records the reveal) and shows mail, telephone and
 * WhatsApp links with a Hide button and the responsibility note. Revealing again after Hide
 * reuses what was loaded.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBrandWhatsapp, IconEye, IconEyeOff, IconMail, IconPhone } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { type ReactNode, useId, useState } from "react";
import type { AppRouter } from "../../../server/trpc/router";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";

type Contacts = inferRouterOutputs<AppRouter>["offers"]["reveal"];

/** The digits of a phone number, for https://wa.me/<digits>. */
export function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}`;
}

function ContactLine({ icon, label, href, value }: { icon: ReactNode; label: string; href: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {icon}
      <Text size="sm" c="dimmed" miw={72}>
        {label}
      </Text>
      <Anchor
        href={href}
        size="sm"
        dir="ltr"
        style={{ overflowWrap: "anywhere" }}
        {...(href.startsWith("https:") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {value}
      </Anchor>
    </Group>
  );
}

export function ContactBlock({ responseId }: { responseId: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const reveal = useMutation(trpc.offers.reveal.mutationOptions());
  const [contacts, setContacts] = useState<Contacts | null>(null);
  const [shown, setShown] = useState(false);
  const regionId = useId();

  async function show() {
    if (!contacts) {
      try {
        setContacts(await reveal.mutateAsync({ responseId }));
      } catch (error) {
        console.error("Failed to reveal contact details", error);
        notifications.show({ color: "red", title: t`Failed to reveal contact details`, message: errorText(error) });
        return;
      }
    }
    setShown(true);
  }

  if (!shown || !contacts) {
    return (
      <Button
        variant="light"
        leftSection={<IconEye size={16} aria-hidden />}
        onClick={() => void show()}
        loading={reveal.isPending}
        aria-controls={regionId}
        aria-expanded={false}
        data-testid="reveal-contacts"
        style={{ alignSelf: "flex-start" }}
      >
        <Trans>Reveal Contact Details</Trans>
      </Button>
    );
  }

  const none = !contacts.contactEmail && !contacts.contactPhone && !contacts.contactWhatsapp;
  return (
    <Paper withBorder radius="md" p="sm" id={regionId} aria-live="polite" data-testid="contact-details">
      <Stack gap={8}>
        {contacts.contactEmail && (
          <ContactLine
            icon={<IconMail size={16} aria-hidden />}
            label={t`Email`}
            href={`mailto:${contacts.contactEmail}`}
            value={contacts.contactEmail}
          />
        )}
        {contacts.contactPhone && (
          <ContactLine
            icon={<IconPhone size={16} aria-hidden />}
            label={t`Telephone`}
            href={`tel:${contacts.contactPhone}`}
            value={contacts.contactPhone}
          />
        )}
        {contacts.contactWhatsapp && (
          <ContactLine
            icon={<IconBrandWhatsapp size={16} aria-hidden />}
            label={t`WhatsApp`}
            href={whatsappLink(contacts.contactWhatsapp)}
            value={contacts.contactWhatsapp}
          />
        )}
        {none && (
          <Text size="sm" c="dimmed">
            <Trans>No contact details were given.</Trans>
          </Text>
        )}
        <Alert color="yellow" variant="light" p="xs">
          <Text size="xs">
            <Trans>Please use this contact information responsibly</Trans>
          </Text>
        </Alert>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconEyeOff size={14} aria-hidden />}
          onClick={() => setShown(false)}
          aria-controls={regionId}
          aria-expanded
          style={{ alignSelf: "flex-start" }}
          data-testid="hide-contacts"
        >
          <Trans>Hide</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
