/**
 * What a post says, as every post list shows it (issue #14; ADR 16): its badges (urgency,
 * request type, activity line, collaboration or information kind, expertise, employment type,
 * "Expert"), its title and description, and the board's fields as labelled lines: product,
 * country and sector; target or served countries and sectors (names in the UI language);
 * bring and seek; delivery and indicative price; years, languages, city and workplace; and an
 * information offer's attachment as a download link. User text keeps its own direction.
 */
import { useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import {
  IconBox,
  IconBriefcase,
  IconBuildingFactory2,
  IconCalendar,
  IconCash,
  IconClock,
  IconDownload,
  IconHandStop,
  IconLanguage,
  IconMapPin,
  IconSearch,
  IconTruckDelivery,
  IconUsers,
  IconWorld,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { CURRENCIES } from "../../../common/posts";
import { UserText } from "../../components/UserText";
import { formatCalendarDate, formatNumber, listSeparator, numberFormat } from "../../i18n";
import {
  CONSULTATION_TYPE_LABELS,
  EMPLOYMENT_TYPE_LABELS,
  EXPERTISE_AREA_LABELS,
  EXPORT_SERVICE_LABELS,
  SESSION_MODE_LABELS,
} from "../../lib/labels";
import { sectorName, useCountryOptions } from "../../lib/reference";
import { RequestBadges } from "../memberRequests";
import {
  COLLABORATION_KIND_LABELS,
  DELIVERY_LABELS,
  INFORMATION_KIND_LABELS,
  languageName,
  WORKPLACE_LABELS,
} from "./labels";
import type { ShownPost } from "./types";

/** One labelled line of a card: an icon, "Label:" and the value. */
export function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="gray" size="sm" radius="sm" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text size="sm" style={{ minWidth: 0 }}>
        <Text span c="dimmed" size="sm">
          {label}:
        </Text>{" "}
        {children}
      </Text>
    </Group>
  );
}

/** An indicative price range in its currency ("$1,000 – $2,500"), or null without a price. */
export function priceText(
  min: number | null | undefined,
  max: number | null | undefined,
  currency: (typeof CURRENCIES)[number] | null | undefined,
  locale: string,
  words: { from: (p: string) => string; upTo: (p: string) => string },
): string | null {
  if ((min ?? null) === null && (max ?? null) === null) return null;
  const format = (n: number) =>
    currency
      ? numberFormat(locale, {
          style: "currency",
          currency,
          // Whole amounts without ".00".
          minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
          maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
        }).format(n)
      : formatNumber(n, locale);
  if (min != null && max != null) return min === max ? format(min) : `${format(min)} – ${format(max)}`;
  if (min != null) return words.from(format(min));
  return words.upTo(format(max as number));
}

/** A date range of calendar dates ("1 May 2027 – 3 May 2027"), one end, or null without dates. */
export function dateRangeText(
  start: string | null,
  end: string | null,
  locale: string,
  words: { from: (d: string) => string; upTo: (d: string) => string },
): string | null {
  if (start && end) return `${formatCalendarDate(start, locale)} – ${formatCalendarDate(end, locale)}`;
  if (start) return words.from(formatCalendarDate(start, locale));
  if (end) return words.upTo(formatCalendarDate(end, locale));
  return null;
}

/** Only the request forms that ask for urgency have one (the column's default means nothing elsewhere). */
function urgencyShown(post: ShownPost): boolean {
  return post.area === "membership" || (post.area === "export_services" && post.kind === "request");
}

/** The badges of a post: urgency, type and activity (RequestBadges) and the board's own kinds. */
export function PostBadges({ post }: { post: ShownPost }) {
  const { t, i18n } = useLingui();
  const d = post.details;
  return (
    <Group gap={6}>
      {post.byExpert && (
        <Badge color="grape" variant="filled" data-testid="expert-badge">
          {t`Expert`}
        </Badge>
      )}
      {d.collaborationKind && (
        <Badge color="blue" variant="light" data-testid="kind-badge">
          {i18n._(COLLABORATION_KIND_LABELS[d.collaborationKind])}
        </Badge>
      )}
      {d.informationKind && (
        <Badge color="blue" variant="light" data-testid="kind-badge">
          {i18n._(INFORMATION_KIND_LABELS[d.informationKind])}
        </Badge>
      )}
      {d.expertiseArea && (
        <Badge color="blue" variant="light" data-testid="kind-badge">
          {i18n._(EXPERTISE_AREA_LABELS[d.expertiseArea])}
        </Badge>
      )}
      {d.employmentType && (
        <Badge color="gray" variant="light">
          {i18n._(EMPLOYMENT_TYPE_LABELS[d.employmentType])}
        </Badge>
      )}
      {d.requestType && (
        <Badge color="blue" variant="light" data-testid="kind-badge">
          {i18n._(CONSULTATION_TYPE_LABELS[d.requestType])}
        </Badge>
      )}
      {d.exportService && (
        <Badge color="gray" variant="light" tt="none" data-testid="export-service-badge">
          {i18n._(EXPORT_SERVICE_LABELS[d.exportService])}
        </Badge>
      )}
      <RequestBadges
        urgency={urgencyShown(post) ? (post.urgency ?? undefined) : undefined}
        requestType={post.requestType}
        activityType={post.activityType}
        subActivity={post.subActivity}
      />
    </Group>
  );
}

/** A post's title, description and labelled fields (see the module comment). */
export function PostDetails({ post }: { post: ShownPost }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const fa = locale === "fa";
  const countries = useCountryOptions(locale);
  const d = post.details;
  const area = post.area;
  const product = post.productId !== null ? (fa ? post.productNameFa : post.productNameEn) : null;
  const country = post.countryCode !== null ? (fa ? post.countryNameFa : post.countryNameEn) : null;
  // Boards with one country or sector show it above; the arrays are the other boards' lists.
  const countryList = country === null && post.countries.length > 0 ? post.countries.map(countries.nameOf) : [];
  const sectorList =
    post.sector === null && post.sectors.length > 0 ? post.sectors.map((s) => sectorName(s, locale)) : [];
  const countriesLabel =
    area === "collaboration"
      ? t`Target countries`
      : area === "export_services"
        ? t`Countries served`
        : area === "consultancy"
          ? t`Target country`
          : t`Countries`;
  const sectorsLabel = area === "export_services" ? t`Sectors served` : area === "consultancy" ? t`Sector` : t`Sectors`;
  const dates = dateRangeText(d.startDate ?? null, d.finishDate ?? null, locale, {
    from: (p) => t`from ${p}`,
    upTo: (p) => t`until ${p}`,
  });
  const price = priceText(d.priceMin, d.priceMax, d.currency, locale, {
    from: (p) => t`from ${p}`,
    upTo: (p) => t`up to ${p}`,
  });
  const list = (items: string[]) => items.join(listSeparator(locale));

  return (
    <Stack gap="sm">
      {post.title && (
        <UserText fw={700} size="lg" data-testid="request-title">
          {post.title}
        </UserText>
      )}
      {post.description && <UserText data-testid="request-description">{post.description}</UserText>}
      <Stack gap={6}>
        {product && (
          <Detail icon={<IconBox size={14} />} label={t`Product`}>
            {product}
          </Detail>
        )}
        {country && (
          <Detail icon={<IconWorld size={14} />} label={t`Country`}>
            {country}
          </Detail>
        )}
        {post.sector && (
          <Detail icon={<IconBuildingFactory2 size={14} />} label={t`Sector`}>
            {sectorName(post.sector, locale)}
          </Detail>
        )}
        {countryList.length > 0 && (
          <Detail icon={<IconWorld size={14} />} label={countriesLabel}>
            <span data-testid="post-countries">{list(countryList)}</span>
          </Detail>
        )}
        {sectorList.length > 0 && (
          <Detail icon={<IconBuildingFactory2 size={14} />} label={sectorsLabel}>
            {list(sectorList)}
          </Detail>
        )}
        {d.bring && (
          <Detail icon={<IconHandStop size={14} />} label={t`They bring`}>
            <bdi data-testid="post-bring">{d.bring}</bdi>
          </Detail>
        )}
        {d.seek && (
          <Detail icon={<IconSearch size={14} />} label={t`They seek`}>
            <bdi data-testid="post-seek">{d.seek}</bdi>
          </Detail>
        )}
        {d.delivery && d.delivery.length > 0 && (
          <Detail icon={<IconTruckDelivery size={14} />} label={t`Delivery`}>
            {list(d.delivery.map((m) => i18n._(DELIVERY_LABELS[m])))}
          </Detail>
        )}
        {price && (
          <Detail icon={<IconCash size={14} />} label={t`Indicative price`}>
            <span data-testid="post-price">{price}</span>
          </Detail>
        )}
        {d.years !== undefined && (
          <Detail icon={<IconClock size={14} />} label={t`Years of experience`}>
            {formatNumber(d.years, locale)}
          </Detail>
        )}
        {d.languages && d.languages.length > 0 && (
          <Detail icon={<IconLanguage size={14} />} label={t`Languages`}>
            {list(d.languages.map((l) => languageName(l, locale)))}
          </Detail>
        )}
        {d.modes && d.modes.length > 0 && (
          <Detail icon={<IconUsers size={14} />} label={t`Session modes`}>
            <span data-testid="post-modes">{list(d.modes.map((m) => i18n._(SESSION_MODE_LABELS[m])))}</span>
          </Detail>
        )}
        {d.city && d.country ? (
          <Detail icon={<IconMapPin size={14} />} label={t`Location`}>
            <bdi>{d.city}</bdi>
            {listSeparator(locale)}
            {countries.nameOf(d.country)}
          </Detail>
        ) : (
          d.city && (
            <Detail icon={<IconMapPin size={14} />} label={t`City`}>
              <bdi>{d.city}</bdi>
            </Detail>
          )
        )}
        {dates && (
          <Detail icon={<IconCalendar size={14} />} label={t`Dates`}>
            <span data-testid="post-dates">{dates}</span>
          </Detail>
        )}
        {d.workplace && (
          <Detail icon={<IconBriefcase size={14} />} label={t`Workplace`}>
            {i18n._(WORKPLACE_LABELS[d.workplace])}
          </Detail>
        )}
        {post.attachmentId && (
          <Group gap={6} wrap="nowrap">
            <ThemeIcon variant="light" color="gray" size="sm" radius="sm" aria-hidden>
              <IconDownload size={14} />
            </ThemeIcon>
            <Anchor
              href={`/api/files/${post.attachmentId}`}
              download={post.attachmentName ?? true}
              size="sm"
              data-testid="post-attachment"
            >
              <bdi>{post.attachmentName ?? t`Attachment`}</bdi>
            </Anchor>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
