/**
 * A knowledge item's facts as its reading page (library) and its review panel (admin inbox) show
 * them: `Fact` is one small dimmed label over its value; `ShareTypeFacts` the share type's own
 * fields — the category (country, product category or event type) and, for an event experience,
 * the event date and location ("Not given" when empty). Each is one grid cell.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { ShareType } from "../../../common/knowledge";
import { UserText } from "../../components/UserText";
import { formatCalendarDate } from "../../i18n";
import { categoryKind, categoryLabel } from "./options";

/** A label over its value; `wide` spans the whole grid row (long text). */
export function Fact({
  label,
  children,
  testId,
  wide,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  return (
    <div data-testid={testId} style={wide ? { gridColumn: "1 / -1" } : undefined}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * The category fact and, for `experience`, the event date (a calendar date, `YYYY-MM-DD`) and
 * location facts. Test ids are `<testIdPrefix>-category`, `-event-date`, `-event-location`.
 */
export function ShareTypeFacts({
  item,
  countryName,
  testIdPrefix,
}: {
  item: { shareType: ShareType; category: string; eventDate: string | null; eventLocation: string | null };
  /** Country name in the active language from its ISO code. */
  countryName: (code: string) => string;
  testIdPrefix: string;
}) {
  const { i18n } = useLingui();
  const isEvent = item.shareType === "experience";
  return (
    <>
      <Fact label={categoryKind(i18n, item.shareType)} testId={`${testIdPrefix}-category`}>
        {categoryLabel(i18n, item.shareType, item.category, countryName)}
      </Fact>
      {isEvent && (
        <Fact label={<Trans>Event date</Trans>} testId={`${testIdPrefix}-event-date`}>
          {item.eventDate ? formatCalendarDate(item.eventDate, i18n.locale) : <Trans>Not given</Trans>}
        </Fact>
      )}
      {isEvent && (
        <Fact label={<Trans>Event location</Trans>} testId={`${testIdPrefix}-event-location`}>
          {item.eventLocation ? <UserText inherit>{item.eventLocation}</UserText> : <Trans>Not given</Trans>}
        </Fact>
      )}
    </>
  );
}
