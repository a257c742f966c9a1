/**
 * A service's fields as My services and the admin review panel show them (issue #15), and its
 * status badge: pending, approved, rejected (the review) or paused (an approved service its
 * provider hid).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, type BadgeProps, Group, SimpleGrid } from "@mantine/core";
import { IconPlayerPause } from "@tabler/icons-react";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";
import { UserText } from "../../components/UserText";
import { formatCalendarDate, listSeparator } from "../../i18n";
import { CONSULTATION_TYPE_LABELS, EXPORT_SERVICE_LABELS, SESSION_MODE_LABELS } from "../../lib/labels";
import { sectorName, useCountryOptions } from "../../lib/reference";
import { Fact, StatusBadge } from "../knowledge";

/** A service of `services.mine`. */
export type MyService = inferRouterOutputs<AppRouter>["services"]["mine"][number];
/** What every view of a service shows: My services, the review panel, the dialog's results. */
export type ListedService = Omit<
  MyService,
  "status" | "paused" | "adminNotes" | "reviewedAt" | "createdAt" | "updatedAt"
>;

/** The review status, or Paused for an approved service its provider paused. */
export function ServiceStatusBadge({
  service,
  ...props
}: { service: Pick<MyService, "status" | "paused"> } & Omit<BadgeProps, "color">) {
  if (service.status === "approved" && service.paused) {
    return (
      <Badge
        color="gray"
        variant="light"
        leftSection={<IconPlayerPause size={12} aria-hidden />}
        data-testid="status-badge"
        data-status="paused"
        {...props}
      >
        <Trans>Paused</Trans>
      </Badge>
    );
  }
  return <StatusBadge status={service.status} {...props} />;
}

/** Every field of a service but its title and review. */
export function ServiceDetails({ service: s }: { service: ListedService }) {
  const { t, i18n } = useLingui();
  const countries = useCountryOptions(i18n.locale);
  const list = (xs: string[]) => xs.join(listSeparator(i18n.locale));
  const none = <Trans>Any</Trans>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" data-testid="service-details">
      <Fact label={<Trans>Description</Trans>} wide>
        <UserText inherit>{s.description}</UserText>
      </Fact>
      <Fact label={<Trans>Service type</Trans>}>{i18n._(CONSULTATION_TYPE_LABELS[s.serviceType])}</Fact>
      <Fact label={<Trans>Available modes</Trans>}>{list(s.modes.map((m) => i18n._(SESSION_MODE_LABELS[m])))}</Fact>
      <Fact label={<Trans>Export services</Trans>} wide>
        <Group gap={6}>
          {s.exportServices.map((e) => (
            <Badge key={e} size="sm" variant="outline" color="gray" tt="none">
              {i18n._(EXPORT_SERVICE_LABELS[e])}
            </Badge>
          ))}
        </Group>
      </Fact>
      <Fact label={<Trans>Industrial sectors</Trans>}>
        {s.sectors.length ? list(s.sectors.map((c) => sectorName(c, i18n.locale))) : none}
      </Fact>
      <Fact label={<Trans>Target countries</Trans>}>
        {s.countries.length ? list(s.countries.map(countries.nameOf)) : none}
      </Fact>
      <Fact label={<Trans>Location</Trans>}>
        <bdi>{s.city}</bdi>
        {listSeparator(i18n.locale)}
        {countries.nameOf(s.country)}
      </Fact>
      <Fact label={<Trans>Dates</Trans>}>
        {s.startDate || s.endDate ? (
          <>
            {s.startDate ? formatCalendarDate(s.startDate, i18n.locale) : "…"} –{" "}
            {s.endDate ? formatCalendarDate(s.endDate, i18n.locale) : "…"}
          </>
        ) : (
          <Trans>Not given</Trans>
        )}
      </Fact>
      <Fact label={<Trans>Contact</Trans>} wide>
        <Group gap="md" data-testid="service-contacts">
          <Anchor href={`mailto:${s.contactEmail}`} size="sm" dir="ltr">
            {s.contactEmail}
          </Anchor>
          {s.contactPhone && (
            <Anchor href={`tel:${s.contactPhone}`} size="sm" dir="ltr" aria-label={t`Telephone ${s.contactPhone}`}>
              {s.contactPhone}
            </Anchor>
          )}
          {s.contactWhatsapp && (
            <Anchor
              href={`https://wa.me/${s.contactWhatsapp.replace(/^\+/, "")}`}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              dir="ltr"
              aria-label={t`WhatsApp ${s.contactWhatsapp}`}
            >
              WhatsApp {s.contactWhatsapp}
            </Anchor>
          )}
        </Group>
      </Fact>
    </SimpleGrid>
  );
}
