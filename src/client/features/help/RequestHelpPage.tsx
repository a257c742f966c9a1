/**
 * Request Help `/request` (spec part 2 §2, §3, §5, §8; DESIGN.md §8.5, §8.9): six help-type
 * cards, then the form — title, description, the type's own fields (its required one marked and
 * enforced by the same schema as the server), urgency (default Medium), budget range and
 * additional details. The month's quota follows the member's real tier; when it is used up the
 * membership upgrade panel appears. The request is routed to matching members, whose answers
 * arrive in Received Offers.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Box,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import {
  EMPLOYMENT_TYPES,
  HELP_TYPES,
  HELP_URGENCIES,
  type HelpRequestInput,
  type HelpType,
  helpRequestInput,
  SERVICE_TYPES,
} from "../../../common/help";
import { PRODUCT_CATEGORY_CODES, type ProductCategory } from "../../../common/knowledge";
import { EXPERTISE_AREAS, type ExpertiseArea } from "../../../common/profile";
import { CountrySelect } from "../../components/ReferenceSelects";
import { RequestFormShell } from "../../components/RequestFormShell";
import { validateWith } from "../../lib/form";
import {
  EMPLOYMENT_TYPE_LABELS,
  EXPERTISE_AREA_LABELS,
  HELP_SERVICE_TYPE_LABELS,
  HELP_TYPE_LABELS,
  HELP_URGENCY_LABELS,
  PRODUCT_CATEGORY_LABELS,
} from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { useSession } from "../session";
import { HELP_TYPE_META, type HelpField, requiredField } from "./helpTypes";
import { LimitPanel, QuotaCard } from "./QuotaPanels";

type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
type ServiceType = (typeof SERVICE_TYPES)[number];
type HelpUrgency = (typeof HELP_URGENCIES)[number];

interface Values {
  helpType: HelpType | null;
  title: string;
  description: string;
  targetCountry: string | null;
  productCategory: ProductCategory | null;
  expertiseAreas: ExpertiseArea[];
  employmentType: EmploymentType | null;
  serviceType: ServiceType | null;
  urgency: HelpUrgency;
  budgetRange: string;
  additionalDetails: string;
}

const INITIAL: Values = {
  helpType: null,
  title: "",
  description: "",
  targetCountry: null,
  productCategory: null,
  expertiseAreas: [],
  employmentType: null,
  serviceType: null,
  urgency: "medium",
  budgetRange: "",
  additionalDetails: "",
};

const TITLE_MAX = 200;
const TEXT_MAX = 2000;
const BUDGET_MAX = 100;

/** The request as the server takes it: only the fields the chosen type shows are sent. */
function toInput(values: Values): HelpRequestInput {
  const shown = new Set<HelpField>(values.helpType ? HELP_TYPE_META[values.helpType].fields : []);
  return {
    helpType: values.helpType as HelpType,
    title: values.title,
    description: values.description,
    targetCountry: shown.has("targetCountry") ? values.targetCountry : null,
    productCategory: shown.has("productCategory") ? values.productCategory : null,
    expertiseAreas: shown.has("expertiseAreas") ? values.expertiseAreas : [],
    employmentType: shown.has("employmentType") ? values.employmentType : null,
    serviceType: shown.has("serviceType") ? values.serviceType : null,
    urgency: values.urgency,
    budgetRange: values.budgetRange,
    additionalDetails: values.additionalDetails,
  };
}

function isMissing(values: Values, field: HelpField): boolean {
  if (field === "expertiseAreas") return values.expertiseAreas.length === 0;
  return values[field] === null;
}

/**
 * The server's schema over the fields the chosen type shows; the type's own required field is
 * checked at once (the schema checks it only once the rest is valid).
 */
function validator(requiredMessage: string) {
  return validateWith<Values>(helpRequestInput, {
    input: toInput,
    rules: (values) => {
      if (!values.helpType) return {};
      const field = requiredField(values.helpType);
      return isMissing(values, field) ? { [field]: requiredMessage } : {};
    },
  });
}

export function RequestHelpPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const tier = session?.viewer.tier ?? "turquoise";
  const quota = useQuery(trpc.help.quota.queryOptions());
  const submitHelp = useMutation(trpc.help.submit.mutationOptions());
  const form = useForm<Values>({
    initialValues: INITIAL,
    validate: validator(t`This field is required for this type of help.`),
  });
  const v = form.values;
  const meta = v.helpType ? HELP_TYPE_META[v.helpType] : null;
  const required = v.helpType ? requiredField(v.helpType) : null;

  const productOptions = useMemo(
    () => PRODUCT_CATEGORY_CODES.map((c) => ({ value: c, label: i18n._(PRODUCT_CATEGORY_LABELS[c]) })),
    [i18n],
  );

  function chooseType(type: HelpType) {
    form.setFieldValue("helpType", type);
    form.clearFieldError("helpType");
    for (const f of ["targetCountry", "productCategory", "expertiseAreas", "employmentType", "serviceType"] as const) {
      form.clearFieldError(f);
    }
  }

  return (
    <RequestFormShell
      title={t`Request Help`}
      intro={
        <Trans>
          Ask the club for help. Members whose profile matches your request — its country, product sector or expertise —
          receive it, and their answers with contact details arrive in{" "}
          <Anchor component={Link} to="/offers/received" size="sm">
            Received Offers
          </Anchor>
          .
        </Trans>
      }
      back
      aside={<QuotaCard quota={quota.data} tier={tier} loading={quota.isPending} />}
      quota={{
        remaining: quota.data?.remaining,
        panel: <LimitPanel tier={tier} />,
        onLimit: () =>
          notifications.show({
            id: "help-limit",
            color: "red",
            title: t`Request Limit Reached`,
            message: t`You've reached your monthly request limit. Upgrade your membership for more requests.`,
          }),
        refresh: () => queryClient.invalidateQueries({ queryKey: trpc.help.quota.queryKey() }),
      }}
      form={form}
      send={(values) => submitHelp.mutateAsync(toInput(values))}
      logLabel="Failed to submit help request"
      onRefused={() =>
        notifications.show({
          color: "red",
          title: t`Error`,
          message: t`Failed to submit your request. Please try again.`,
        })
      }
      onSent={() =>
        notifications.show({
          color: "teal",
          title: t`Request Submitted`,
          message: t`Your help request has been posted to the community.`,
        })
      }
      before={
        <Radio.Group
          value={v.helpType}
          onChange={(value) => chooseType(value as HelpType)}
          label={
            <Title order={2} size="h4" component="span">
              <Trans>What kind of help do you need?</Trans>
            </Title>
          }
          withAsterisk
          error={form.errors.helpType}
          data-error-anchor
          data-invalid={form.errors.helpType ? "true" : undefined}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mt="xs">
            {HELP_TYPES.map((type) => {
              const m = HELP_TYPE_META[type];
              const Icon = m.icon;
              const checked = v.helpType === type;
              return (
                <Radio.Card
                  key={type}
                  value={type}
                  radius="lg"
                  p="md"
                  data-testid={`help-type-${type}`}
                  style={{
                    borderColor: checked ? "var(--mantine-color-teal-6)" : undefined,
                    background: checked ? "var(--mantine-color-teal-0)" : undefined,
                  }}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <ThemeIcon variant="light" color={m.color} size={40} radius="md">
                      <Icon size={22} aria-hidden />
                    </ThemeIcon>
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600}>{i18n._(HELP_TYPE_LABELS[type])}</Text>
                      <Text size="xs" c="dimmed" mt={2}>
                        {i18n._(m.blurb)}
                      </Text>
                    </Box>
                    <Radio.Indicator />
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
      }
      submitLabel={<Trans>Post Request</Trans>}
      pending={submitHelp.isPending}
      submitTestId="help-submit"
      cancel
      maw={960}
    >
      <TextInput
        label={t`Title`}
        placeholder={t`e.g. Finding a distributor for saffron in Germany`}
        required
        maxLength={TITLE_MAX}
        {...form.getInputProps("title")}
        data-testid="help-title"
      />
      <Textarea
        label={t`Description`}
        placeholder={t`Describe what you need and what you have tried so far`}
        required
        autosize
        minRows={4}
        maxRows={12}
        maxLength={TEXT_MAX}
        {...form.getInputProps("description")}
        data-testid="help-description"
      />

      {meta ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="help-type-fields">
          {meta.fields.map((field) => {
            const isRequired = field === required;
            if (field === "targetCountry") {
              return (
                <CountrySelect
                  key={field}
                  label={isRequired ? t`Target country` : t`Target country (optional)`}
                  required={isRequired}
                  value={v.targetCountry}
                  onChange={(value) => {
                    form.setFieldValue("targetCountry", value);
                    form.clearFieldError("targetCountry");
                  }}
                  error={form.errors.targetCountry}
                />
              );
            }
            if (field === "productCategory") {
              return (
                <Select
                  key={field}
                  label={isRequired ? t`Product category` : t`Product category (optional)`}
                  placeholder={t`Select a product category`}
                  required={isRequired}
                  searchable
                  clearable
                  clearButtonProps={{ "aria-label": t`Clear product category` }}
                  nothingFoundMessage={t`No categories match your search`}
                  data={productOptions}
                  maxDropdownHeight={280}
                  value={v.productCategory}
                  onChange={(value) => {
                    form.setFieldValue("productCategory", value as ProductCategory | null);
                    form.clearFieldError("productCategory");
                  }}
                  error={form.errors.productCategory}
                  data-testid="product-category-select"
                />
              );
            }
            if (field === "expertiseAreas") {
              return (
                <Checkbox.Group
                  key={field}
                  label={t`Expertise areas`}
                  description={t`Choose one or more`}
                  withAsterisk={isRequired}
                  value={v.expertiseAreas}
                  onChange={(value) => {
                    form.setFieldValue("expertiseAreas", value as ExpertiseArea[]);
                    form.clearFieldError("expertiseAreas");
                  }}
                  error={form.errors.expertiseAreas}
                  data-error-anchor
                  data-invalid={form.errors.expertiseAreas ? "true" : undefined}
                >
                  <Group gap="lg" mt="xs">
                    {EXPERTISE_AREAS.map((a) => (
                      <Checkbox key={a} value={a} label={i18n._(EXPERTISE_AREA_LABELS[a])} />
                    ))}
                  </Group>
                </Checkbox.Group>
              );
            }
            if (field === "employmentType") {
              return (
                <Select
                  key={field}
                  label={t`Employment type (optional)`}
                  placeholder={t`Select an employment type`}
                  clearable
                  clearButtonProps={{ "aria-label": t`Clear employment type` }}
                  data={EMPLOYMENT_TYPES.map((e) => ({ value: e, label: i18n._(EMPLOYMENT_TYPE_LABELS[e]) }))}
                  value={v.employmentType}
                  onChange={(value) => form.setFieldValue("employmentType", value as EmploymentType | null)}
                  error={form.errors.employmentType}
                  data-testid="employment-type-select"
                />
              );
            }
            return (
              <Radio.Group
                key={field}
                label={t`Service type`}
                withAsterisk={isRequired}
                value={v.serviceType}
                onChange={(value) => {
                  form.setFieldValue("serviceType", value as ServiceType);
                  form.clearFieldError("serviceType");
                }}
                error={form.errors.serviceType}
                data-error-anchor
                data-invalid={form.errors.serviceType ? "true" : undefined}
              >
                <Group gap="lg" mt="xs">
                  {SERVICE_TYPES.map((s) => (
                    <Radio key={s} value={s} label={i18n._(HELP_SERVICE_TYPE_LABELS[s])} />
                  ))}
                </Group>
              </Radio.Group>
            );
          })}
        </SimpleGrid>
      ) : (
        <Group gap="xs" wrap="nowrap" c="dimmed">
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">
            <Trans>Choose a type of help above to see the details it asks for.</Trans>
          </Text>
        </Group>
      )}

      <Radio.Group label={t`Urgency`} withAsterisk {...form.getInputProps("urgency")}>
        <Group gap="lg" mt="xs">
          {HELP_URGENCIES.map((u) => (
            <Radio key={u} value={u} label={i18n._(HELP_URGENCY_LABELS[u])} data-testid={`urgency-${u}`} />
          ))}
        </Group>
      </Radio.Group>

      <TextInput
        label={t`Budget range (optional)`}
        placeholder={t`e.g. 1,000–5,000 USD`}
        maxLength={BUDGET_MAX}
        {...form.getInputProps("budgetRange")}
        data-testid="help-budget"
      />
      <Textarea
        label={t`Additional details (optional)`}
        placeholder={t`Deadlines, quantities, languages, anything that helps members answer`}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={TEXT_MAX}
        {...form.getInputProps("additionalDetails")}
        data-testid="help-details"
      />
    </RequestFormShell>
  );
}
