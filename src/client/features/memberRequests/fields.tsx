/**
 * The fields the request forms share: the sub-activity list, radio rows, and the Send Request
 * forms' toasts (the description box is components/DescriptionField.tsx).
 */
import { useLingui } from "@lingui/react/macro";
import { Group, Radio, type RadioGroupProps, Select, type SelectProps } from "@mantine/core";
import type { FormErrors } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { ServiceActivity } from "../../../common/memberRequests";
import { isSignedOut } from "../../lib/errors";
import { firstError } from "../../lib/form";
import { subActivityOptions } from "./options";

/**
 * The Send Request forms' toasts (Send Member Request, Export Services Request): a client-side
 * refusal names its first error in `order`; a server refusal says to sign in or to try again.
 * Spread into `RequestFormShell`.
 */
export function useSendRequestToasts(order: readonly string[]) {
  const { t } = useLingui();
  return {
    onInvalid: (errors: FormErrors) => {
      const first = firstError(errors, order);
      if (first) notifications.show({ color: "red", message: first });
    },
    onRefused: (error: unknown) =>
      notifications.show({
        color: "red",
        message: isSignedOut(error)
          ? t`You must be logged in to send a request`
          : t`Failed to send your request. Please try again.`,
      }),
  };
}

/**
 * The sub-activity list of the chosen activity type (`list` picks the form's wording, see
 * `subActivityOptions`); empty is `""`, and choosing one clears the field's error.
 */
export function SubActivitySelect({
  activityType,
  list,
  value,
  onChange,
  ...props
}: Omit<SelectProps, "data" | "value" | "onChange"> & {
  activityType: ServiceActivity | null;
  list: "send" | "exportServices";
  value: string;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Select
      label={t`Sub-activity`}
      required
      data={subActivityOptions(i18n, activityType, list)}
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ?? "")}
      data-testid="sub-activity-select"
    />
  );
}

/** A required choice among `options` as radio buttons in a row (activity type, urgency). */
export function OptionRadios({
  options,
  ...props
}: Omit<RadioGroupProps, "children"> & { options: { value: string; label: string }[] }) {
  return (
    <Radio.Group required {...props}>
      <Group mt="xs" gap="lg">
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}
