/**
 * A calendar date picker for forms: Mantine's `DatePickerInput` in the UI language (Persian
 * month names and Saturday-first weeks in Persian), its value an ISO date "YYYY-MM-DD" or null,
 * clearable, with an accessible name on the clear button. Every date field of the app is one.
 */
import "dayjs/locale/fa";
import { useLingui } from "@lingui/react/macro";
import { DatePickerInput, type DatePickerInputProps, DatesProvider } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";

export function DateField({
  value,
  onChange,
  clearLabel,
  ...props
}: Omit<DatePickerInputProps<"default">, "value" | "onChange" | "type"> & {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The clear button's accessible name, e.g. "Clear start date". */
  clearLabel: string;
}) {
  const { i18n } = useLingui();
  const fa = i18n.locale === "fa";
  return (
    <DatesProvider
      settings={
        fa
          ? { locale: "fa", firstDayOfWeek: 6, weekendDays: [5] }
          : { locale: "en", firstDayOfWeek: 1, weekendDays: [0, 6] }
      }
    >
      <DatePickerInput
        clearable
        valueFormat={fa ? "D MMMM YYYY" : "MMMM D, YYYY"}
        leftSection={<IconCalendar size={16} aria-hidden />}
        {...props}
        value={value}
        onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
        clearButtonProps={{ "aria-label": clearLabel }}
      />
    </DatesProvider>
  );
}
