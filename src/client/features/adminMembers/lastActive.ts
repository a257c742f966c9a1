/**
 * "Last active" for the member administration: relative within a week ("3 hours ago"), then
 * the date. The full date and time goes in a tooltip.
 */
import { formatDate, intlLocale } from "../../i18n";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function lastActiveText(value: Date | string, locale: string, now = Date.now()): string {
  const at = new Date(value).getTime();
  const diff = Math.max(0, now - at);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: "auto" });
  if (diff < MINUTE) return rtf.format(0, "second");
  if (diff < HOUR) return rtf.format(-Math.floor(diff / MINUTE), "minute");
  if (diff < DAY) return rtf.format(-Math.floor(diff / HOUR), "hour");
  if (diff < 7 * DAY) return rtf.format(-Math.floor(diff / DAY), "day");
  return formatDate(value, locale);
}
