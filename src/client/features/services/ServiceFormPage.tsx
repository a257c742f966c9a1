/**
 * Publish a service (`/consultancy/send-offer`) and edit one of mine (`/services/$serviceId/edit`)
 * (issue #15 §1; spec part 2 §3 `consultation_services`): title, description (≤ 150 words with
 * its counter), type, industrial sectors, target countries, the nine export services, city and
 * country, optional start and end dates, modes, contact e-mail, phone and WhatsApp. Validated with
 * the server's schema (`serviceFields`); a new or edited service waits for an admin's review, so
 * success says so and goes to My services. Members who may not publish (`mayPublishServices`)
 * read why, with a link to their profile, instead of the form.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Loader, SimpleGrid, Text, TextInput } from "@mantine/core";
import "@mantine/dates/styles.css";
import { type FormErrors, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAt, IconBrandWhatsapp, IconInfoCircle, IconMapPin, IconPhone } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useMemo } from "react";
import { Msg } from "../../../common/messages";
import {
  type ConsultationType,
  type ExportService,
  mayPublishServices,
  SERVICE_LIMITS,
  type ServiceInput,
  type SessionMode,
  serviceFields,
} from "../../../common/services";
import { DateField } from "../../components/DateField";
import { LoadError } from "../../components/LoadError";
import { CountrySelect } from "../../components/ReferenceSelects";
import { RequestFormShell, useReferenceLoadError } from "../../components/RequestFormShell";
import { translateServerText } from "../../i18n/serverMessages";
import { normalizePhone } from "../../lib/digits";
import { errorCode, errorText, fieldErrors, isSignedOut, refusalText } from "../../lib/errors";
import { firstError, validateWith } from "../../lib/form";
import { CONSULTATION_TYPE_LABELS, EXPORT_SERVICE_LABELS, SESSION_MODE_LABELS } from "../../lib/labels";
import { useCountryOptions } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { CheckboxRow, CountriesMultiSelect, LabelSelect, SectorsMultiSelect, WordsField } from "../posts/form/fields";

/** The form's values: the schema's input with pickers that may be empty. */
export interface ServiceFormState {
  title: string;
  description: string;
  serviceType: ConsultationType | null;
  sectors: string[];
  countries: string[];
  exportServices: ExportService[];
  city: string;
  country: string | null;
  startDate: string | null;
  endDate: string | null;
  modes: SessionMode[];
  contactEmail: string;
  contactPhone: string;
  contactWhatsapp: string;
}

/** Field order for the first error's toast and focus. */
const ORDER = [
  "title",
  "description",
  "serviceType",
  "sectors",
  "countries",
  "exportServices",
  "city",
  "country",
  "startDate",
  "endDate",
  "modes",
  "contactEmail",
  "contactPhone",
  "contactWhatsapp",
] as const;

function toInput(v: ServiceFormState): ServiceInput {
  return {
    ...v,
    serviceType: (v.serviceType ?? "") as ConsultationType,
    sectors: v.sectors as ServiceInput["sectors"],
    country: v.country ?? "",
    contactPhone: normalizePhone(v.contactPhone),
    contactWhatsapp: normalizePhone(v.contactWhatsapp),
  };
}

function emptyForm(email: string): ServiceFormState {
  return {
    title: "",
    description: "",
    serviceType: null,
    sectors: [],
    countries: [],
    exportServices: [],
    city: "",
    country: null,
    startDate: null,
    endDate: null,
    modes: [],
    contactEmail: email,
    contactPhone: "",
    contactWhatsapp: "",
  };
}

/** `/consultancy/send-offer`: publish a new service. */
export function PublishServicePage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const profile = useQuery(trpc.profile.get.queryOptions());
  const create = useMutation(trpc.services.create.mutationOptions());
  const gate = usePublishGate(profile);
  return (
    <ServiceForm
      key={profile.data ? "loaded" : "loading"}
      title={t`Publish a service`}
      intro={
        <Trans>
          Offer your consultancy or training to members. An administrator reviews every new service before members can
          find it.
        </Trans>
      }
      blocked={gate}
      initial={emptyForm(profile.data?.email ?? "")}
      send={(input) => create.mutateAsync(input)}
      pending={create.isPending}
      submitLabel={<Trans>Publish</Trans>}
    />
  );
}

/** `/services/$serviceId/edit`: edit a service of mine; it goes back to review. */
export function EditServicePage({ id }: { id: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const service = useQuery(trpc.services.get.queryOptions({ id }));
  const update = useMutation(trpc.services.update.mutationOptions());
  const s = service.data;
  const blocked = service.isPending ? (
    <Group justify="center" py="xl" aria-busy="true">
      <Loader aria-label={t`Loading`} />
    </Group>
  ) : service.isError ? (
    <LoadError title={t`Failed to load the service`} onRetry={() => void service.refetch()} />
  ) : undefined;
  return (
    <ServiceForm
      key={s ? `${s.id}:${s.updatedAt}` : "loading"}
      title={t`Edit service`}
      intro={<Trans>After you save, the service waits for an administrator's review again.</Trans>}
      blocked={blocked}
      initial={
        s
          ? {
              title: s.title,
              description: s.description,
              serviceType: s.serviceType,
              sectors: s.sectors,
              countries: s.countries,
              exportServices: s.exportServices,
              city: s.city,
              country: s.country,
              startDate: s.startDate,
              endDate: s.endDate,
              modes: s.modes,
              contactEmail: s.contactEmail,
              contactPhone: s.contactPhone ?? "",
              contactWhatsapp: s.contactWhatsapp ?? "",
            }
          : emptyForm("")
      }
      send={(input) => update.mutateAsync({ id, service: input })}
      pending={update.isPending}
      submitLabel={<Trans>Save and send for review</Trans>}
    />
  );
}

function ServiceForm({
  title,
  intro,
  blocked,
  initial,
  send,
  pending,
  submitLabel,
}: {
  title: string;
  intro: ReactNode;
  blocked: ReactNode;
  initial: ServiceFormState;
  send: (input: ServiceInput) => Promise<unknown>;
  pending: boolean;
  submitLabel: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const countries = useCountryOptions(i18n.locale);
  const loadError = useReferenceLoadError(countries);
  const validate = useMemo(() => validateWith<ServiceFormState>(serviceFields, { input: toInput }), []);
  const form = useForm<ServiceFormState>({ initialValues: initial, validate });

  function onRefused(error: unknown) {
    const code = errorCode(error);
    let message: string;
    if (isSignedOut(error)) message = t`Please sign in to publish a service.`;
    else if (code === "FORBIDDEN" || code === "NOT_FOUND" || code === "TOO_MANY_REQUESTS") message = errorText(error);
    else if (Object.keys(fieldErrors(error)).length > 0) message = refusalText(error);
    else message = t`Failed to save the service. Please try again.`;
    notifications.show({ color: "red", message });
  }

  return (
    <RequestFormShell
      title={title}
      intro={intro}
      loadError={loadError}
      blocked={blocked}
      form={form}
      send={(values) => send(toInput(values))}
      logLabel="Failed to save service"
      onInvalid={(errors: FormErrors) => {
        const first = firstError(errors, ORDER);
        if (first) notifications.show({ color: "red", message: first });
      }}
      onRefused={onRefused}
      onSent={() => {
        void queryClient.invalidateQueries(trpc.services.pathFilter());
        notifications.show({
          color: "teal",
          message: t`Your service has been sent for review. You will get an e-mail when an administrator decides.`,
        });
      }}
      submitLabel={submitLabel}
      submitTestId="save-service"
      pending={pending}
      cancel
      sentTo="/services/mine"
    >
      <TextInput
        label={t`Title`}
        required
        maxLength={SERVICE_LIMITS.titleChars}
        {...form.getInputProps("title")}
        data-testid="service-title"
      />
      <WordsField
        label={t`Description`}
        withAsterisk
        maxWords={SERVICE_LIMITS.descriptionWords}
        overLimit={Msg.serviceDescriptionTooLong}
        placeholder={t`What you offer, for whom, and how`}
        {...form.getInputProps("description")}
        value={form.values.description}
        data-testid="service-description"
      />
      <LabelSelect
        label={t`Service type`}
        placeholder={t`Select a type`}
        labels={CONSULTATION_TYPE_LABELS}
        maw={{ sm: "calc(50% - var(--mantine-spacing-md) / 2)" }}
        {...form.getInputProps("serviceType")}
        data-testid="service-type-select"
      />
      <CheckboxRow
        label={t`Export services`}
        labels={EXPORT_SERVICE_LABELS}
        value={form.values.exportServices}
        onChange={(v) => form.setFieldValue("exportServices", v as ExportService[])}
        error={form.errors.exportServices}
        testId="export-services"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SectorsMultiSelect
          description={t`Leave empty to serve every sector`}
          value={form.values.sectors}
          onChange={(v) => form.setFieldValue("sectors", v)}
          error={form.errors.sectors}
        />
        <CountriesMultiSelect
          description={t`Leave empty to serve every country`}
          value={form.values.countries}
          onChange={(v) => form.setFieldValue("countries", v)}
          error={form.errors.countries}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t`City`}
          required
          maxLength={SERVICE_LIMITS.cityChars}
          leftSection={<IconMapPin size={16} aria-hidden />}
          {...form.getInputProps("city")}
          data-testid="service-city"
        />
        <CountrySelect
          label={t`Country`}
          required
          value={form.values.country}
          onChange={(v) => form.setFieldValue("country", v)}
          error={form.errors.country}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField
          label={t`Start date (optional)`}
          value={form.values.startDate}
          onChange={(v) => form.setFieldValue("startDate", v)}
          error={form.errors.startDate}
          clearLabel={t`Clear start date`}
          data-testid="service-start"
        />
        <DateField
          label={t`End date (optional)`}
          value={form.values.endDate}
          onChange={(v) => form.setFieldValue("endDate", v)}
          error={form.errors.endDate}
          clearLabel={t`Clear end date`}
          data-testid="service-end"
        />
      </SimpleGrid>
      <CheckboxRow
        label={t`Available modes`}
        labels={SESSION_MODE_LABELS}
        value={form.values.modes}
        onChange={(v) => form.setFieldValue("modes", v as SessionMode[])}
        error={form.errors.modes}
        testId="service-modes"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t`Contact e-mail`}
          required
          type="email"
          dir="ltr"
          leftSection={<IconAt size={16} aria-hidden />}
          {...form.getInputProps("contactEmail")}
          data-testid="service-email"
        />
        <TextInput
          label={t`Phone (optional)`}
          type="tel"
          dir="ltr"
          leftSection={<IconPhone size={16} aria-hidden />}
          {...form.getInputProps("contactPhone")}
          data-testid="service-phone"
        />
        <TextInput
          label={t`WhatsApp (optional)`}
          type="tel"
          dir="ltr"
          leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
          {...form.getInputProps("contactWhatsapp")}
          data-testid="service-whatsapp"
        />
      </SimpleGrid>
    </RequestFormShell>
  );
}

/**
 * What to show instead of the publish form: a loader while the profile loads, its load error, or
 * why this member may not publish (with a link to the profile); `undefined` when they may.
 */
function usePublishGate(profile: {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  data?: { activities: string[]; activitySelections: { mainCategories: string[] } | null } | undefined;
}): ReactNode {
  const { t } = useLingui();
  if (profile.isPending)
    return (
      <Group justify="center" py="xl" aria-busy="true">
        <Loader aria-label={t`Loading`} />
      </Group>
    );
  if (profile.isError || !profile.data)
    return <LoadError title={t`Failed to load your profile`} onRetry={() => void profile.refetch()} />;
  const allowed = mayPublishServices({
    activities: profile.data.activities as never,
    mainCategories: profile.data.activitySelections?.mainCategories ?? [],
  });
  if (allowed) return undefined;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={20} aria-hidden />}
      title={t`Services are for experts and consultants`}
      data-testid="publish-not-allowed"
    >
      <Text size="sm">
        {translateServerText(Msg.servicePublishNotAllowed)}{" "}
        <Trans>If that describes you, add it to your profile's activities or field of activity.</Trans>
      </Text>
      <Group mt="md" gap="sm">
        <Button component={Link} to="/profile" size="sm">
          <Trans>Update your profile</Trans>
        </Button>
        <Button component={Link} to="/dashboard" variant="default" size="sm">
          <Trans>Back to Dashboard</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
