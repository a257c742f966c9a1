/**
 * The consultation request dialog (spec part 2 §2, §4, §5, §8; issue #15 §2): opened from the
 * dashboard's Consultancy → Requests → Send. Two steps: the form (request type, export service,
 * session modes, city and country; sector, target country, dates and a note optional), then the
 * results view of the approved, active services that match it (`services.search`, spec part 2
 * §7 call 2) or the spec's no-match text. The request itself is a post of the consultancy board
 * (`posts.create`, form `consultancy.request`), routed by the server to the providers of those
 * services (ADR 17). Closing resets the form.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconInfoCircle, IconMapPin, IconSend } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { Msg } from "../../../common/messages";
import { CITY_MAX_CHARS, POST_WORD_LIMITS, type PostInput, postFormSchemas } from "../../../common/posts";
import type { ConsultationType, ExportService, ServiceFilter } from "../../../common/services";
import type { AppRouter } from "../../../server/trpc/router";
import { DateField } from "../../components/DateField";
import { LoadError } from "../../components/LoadError";
import { useMemberName } from "../../components/MemberName";
import { CountrySelect, SectorSelect } from "../../components/ReferenceSelects";
import { UserText } from "../../components/UserText";
import { translateServerText } from "../../i18n/serverMessages";
import { errorCode, errorText, isSignedOut, refusalText } from "../../lib/errors";
import { applyServerErrors, firstError, focusFirstInvalid, validateWith } from "../../lib/form";
import { CONSULTATION_TYPE_LABELS, EXPORT_SERVICE_LABELS, SESSION_MODE_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { ServiceDetails } from "../services/ServiceDetails";
import { LabelSelect, WordsField } from "./form/fields";

type ServiceMatch = inferRouterOutputs<AppRouter>["services"]["search"][number];

/** The form's values; empty selections are null until chosen. */
interface ConsultationState {
  requestType: ConsultationType | null;
  exportService: ExportService | null;
  inPerson: boolean;
  online: boolean;
  city: string;
  country: string | null;
  sector: string | null;
  targetCountry: string | null;
  startDate: string | null;
  finishDate: string | null;
  description: string;
}

const EMPTY: ConsultationState = {
  requestType: null,
  exportService: null,
  inPerson: false,
  online: false,
  city: "",
  country: null,
  sector: null,
  targetCountry: null,
  startDate: null,
  finishDate: null,
  description: "",
};

/** The order the spec's "Missing Information" messages are checked in (spec part 2 §5). */
const ORDER = ["requestType", "exportService", "inPerson", "city", "finishDate", "description"] as const;

function toInput(v: ConsultationState): PostInput {
  return {
    form: "consultancy.request",
    requestType: v.requestType as ConsultationType,
    exportService: v.exportService as ExportService,
    inPerson: v.inPerson,
    online: v.online,
    city: v.city,
    country: v.country,
    sector: v.sector as never,
    targetCountry: v.targetCountry,
    startDate: v.startDate,
    finishDate: v.finishDate,
    description: v.description,
  };
}

/** The search of the results view: the request's own fields (spec part 2 §7 call 2). */
function filterOf(v: ConsultationState): ServiceFilter {
  return {
    serviceType: v.requestType as ConsultationType,
    exportService: v.exportService as ExportService,
    sector: v.sector as ServiceFilter["sector"],
    country: v.targetCountry,
  };
}

const validate = validateWith<ConsultationState>(postFormSchemas["consultancy.request"], {
  input: toInput,
  // The object's rules (zod runs them only once every field parses): shown with the rest.
  rules: (v) => ({
    inPerson: v.inPerson || v.online ? undefined : translateServerText(Msg.sessionModeSelect),
    city: v.city.trim() && v.country ? undefined : translateServerText(Msg.locationRequired),
  }),
});

export function ConsultationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery("(max-width: 36em)");
  const form = useForm<ConsultationState>({ initialValues: EMPTY, validate });
  const send = useMutation(trpc.posts.create.mutationOptions());
  const [filter, setFilter] = useState<ServiceFilter | null>(null);

  function close() {
    form.reset();
    setFilter(null);
    send.reset();
    onClose();
  }

  function onInvalid(errors: FormErrors) {
    const first = firstError(errors, ORDER);
    notifications.show({
      color: "red",
      title: t`Missing Information`,
      message: first ?? t`Please fill in all required fields.`,
    });
    focusFirstInvalid({ root: "[data-consultation-form]" });
  }

  async function submit(values: ConsultationState) {
    try {
      await send.mutateAsync(toInput(values));
    } catch (error) {
      console.error("Failed to submit consultation request", error);
      if (isSignedOut(error)) {
        notifications.show({
          color: "red",
          title: t`Authentication Required`,
          message: t`Please sign in to submit a consultation request.`,
        });
        return;
      }
      const fields = applyServerErrors(form, error);
      const code = errorCode(error);
      notifications.show({
        color: "red",
        title: t`Submission Failed`,
        message:
          code === "TOO_MANY_REQUESTS"
            ? errorText(error)
            : Object.keys(fields).length > 0
              ? refusalText(error)
              : t`Failed to submit your request. Please try again.`,
      });
      return;
    }
    notifications.show({
      color: "teal",
      title: t`Request Submitted`,
      message: t`Your consultation request has been submitted successfully! Relevant providers will be notified.`,
    });
    void queryClient.invalidateQueries({ queryKey: trpc.posts.mine.pathKey() });
    setFilter(filterOf(values));
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={filter ? <Trans>Matching services</Trans> : <Trans>Request consultancy or training</Trans>}
      size="xl"
      fullScreen={mobile}
      centered
    >
      {filter ? (
        <Results
          filter={filter}
          onNew={() => {
            form.reset();
            setFilter(null);
          }}
          onClose={close}
        />
      ) : (
        <form
          onSubmit={form.onSubmit((v) => void submit(v), onInvalid)}
          noValidate
          data-consultation-form
          data-testid="consultation-form"
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              <Trans>
                Tell us what you need. You will see the approved services that match, and your request reaches their
                providers, who can answer you with a date and a session mode.
              </Trans>
            </Text>
            <div>
              <Text size="sm" fw={500} mb={4} id="consultation-type-label">
                <Trans>Request type</Trans>{" "}
                <Text span c="red.9" aria-hidden>
                  *
                </Text>
              </Text>
              <SegmentedControl
                aria-labelledby="consultation-type-label"
                data={Object.entries(CONSULTATION_TYPE_LABELS).map(([value, label]) => ({
                  value,
                  label: i18n._(label),
                }))}
                value={form.values.requestType ?? ""}
                onChange={(value) => {
                  form.setFieldValue("requestType", value as ConsultationType);
                  form.clearFieldError("requestType");
                }}
                data-invalid={form.errors.requestType ? "true" : undefined}
                data-error-anchor
                data-testid="consultation-type"
              />
              {form.errors.requestType && (
                <Text size="xs" c="red.9" mt={4} role="alert">
                  {form.errors.requestType}
                </Text>
              )}
            </div>
            <LabelSelect
              label={t`Export service`}
              placeholder={t`Select an export service`}
              labels={EXPORT_SERVICE_LABELS}
              {...form.getInputProps("exportService")}
              data-testid="export-service-select"
            />
            <Checkbox.Group
              label={t`Session mode`}
              description={t`Choose at least one.`}
              withAsterisk
              value={[...(form.values.inPerson ? ["in_person"] : []), ...(form.values.online ? ["online"] : [])]}
              onChange={(modes) => {
                form.setValues({ inPerson: modes.includes("in_person"), online: modes.includes("online") });
                form.clearFieldError("inPerson");
              }}
              error={form.errors.inPerson}
              data-error-anchor
              data-invalid={form.errors.inPerson ? "true" : undefined}
              data-testid="session-modes"
            >
              <Group gap="lg" mt="xs">
                <Checkbox value="in_person" label={i18n._(SESSION_MODE_LABELS.in_person)} />
                <Checkbox value="online" label={i18n._(SESSION_MODE_LABELS.online)} />
              </Group>
            </Checkbox.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t`City`}
                required
                maxLength={CITY_MAX_CHARS}
                leftSection={<IconMapPin size={16} aria-hidden />}
                {...form.getInputProps("city")}
                onChange={(e) => {
                  form.setFieldValue("city", e.currentTarget.value);
                  form.clearFieldError("city");
                }}
                data-testid="consultation-city"
              />
              <CountrySelect
                label={t`Country`}
                required
                value={form.values.country}
                onChange={(value) => {
                  form.setFieldValue("country", value);
                  form.clearFieldError("city");
                }}
                error={form.errors.city ? true : undefined}
                data-testid="consultation-country"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SectorSelect
                label={t`Industry sector (optional)`}
                value={form.values.sector}
                onChange={(value) => form.setFieldValue("sector", value)}
              />
              <CountrySelect
                label={t`Target country (optional)`}
                value={form.values.targetCountry}
                onChange={(value) => form.setFieldValue("targetCountry", value)}
                data-testid="consultation-target-country"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateField
                label={t`Start date (optional)`}
                minDate={new Date()}
                {...form.getInputProps("startDate")}
                value={form.values.startDate}
                onChange={(value) => form.setFieldValue("startDate", value)}
                clearLabel={t`Clear start date`}
                data-testid="consultation-start"
              />
              <DateField
                label={t`Finish date (optional)`}
                minDate={form.values.startDate ? new Date(form.values.startDate) : new Date()}
                {...form.getInputProps("finishDate")}
                value={form.values.finishDate}
                onChange={(value) => {
                  form.setFieldValue("finishDate", value);
                  form.clearFieldError("finishDate");
                }}
                clearLabel={t`Clear finish date`}
                data-testid="consultation-finish"
              />
            </SimpleGrid>
            <WordsField
              label={t`Anything providers should know (optional)`}
              maxWords={POST_WORD_LIMITS.consultancy}
              overLimit={Msg.postDescriptionTooLong60}
              required={false}
              minRows={2}
              {...form.getInputProps("description")}
              value={form.values.description}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                type="submit"
                loading={send.isPending}
                leftSection={<IconSend size={16} aria-hidden />}
                data-testid="consultation-submit"
              >
                <Trans>Submit Request</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The results view: the matching services, or the spec's no-match text. */
function Results({ filter, onNew, onClose }: { filter: ServiceFilter; onNew: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const results = useQuery(trpc.services.search.queryOptions(filter));
  return (
    <Stack gap="md" data-testid="consultation-results">
      {results.isPending ? (
        <Stack aria-busy="true" aria-label={t`Loading services`}>
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      ) : results.isError ? (
        <LoadError
          title={t`Failed to load matching services`}
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : results.data.length === 0 ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="no-matches">
          <Trans>
            No pre-approved services match your criteria at the moment. However, your request has been sent to relevant
            providers who may contact you directly.
          </Trans>
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            <Trans>
              These approved services match your request. Their providers have received it; you can also contact them
              directly.
            </Trans>
          </Text>
          {results.data.map((s) => (
            <ServiceResult key={s.id} service={s} />
          ))}
        </>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onNew}>
          <Trans>New request</Trans>
        </Button>
        <Button onClick={onClose} data-testid="consultation-close">
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** One matching service: its title and provider, then every field (`ServiceDetails`) with its contact links. */
function ServiceResult({ service: s }: { service: ServiceMatch }) {
  const memberName = useMemberName();
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={s.title} data-testid="service-result">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            <bdi>{s.title}</bdi>
          </Title>
          <UserText size="sm" c="dimmed" preWrap={false} data-testid="service-provider">
            {memberName(s.providerName)}
          </UserText>
        </div>
        <ServiceDetails service={s} />
      </Stack>
    </Card>
  );
}
