/**
 * The Share Knowledge form (spec part 2 §2, §5, §8): the type buttons, then title and content
 * (required), the type's own choice (required: a country, a product category or an event type),
 * for event experience the event date and location, and an optional attachment. Success goes to
 * the dashboard.
 */
import "@mantine/dates/styles.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconMapPin, IconSend } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ShareKnowledgeInput, type ShareType, shareKnowledgeInput } from "../../../common/knowledge";
import { DateField } from "../../components/DateField";
import { FileUpload } from "../../components/FileUpload";
import { errorCode } from "../../lib/errors";
import { applyServerErrors, firstError, focusFirstInvalid, validateWith } from "../../lib/form";
import type { Uploaded } from "../../lib/upload";
import { useTRPC } from "../../trpc";
import { eventTypeOptions, productCategoryOptions, useKnowledgeCountries } from "./options";
import { ShareTypePicker } from "./ShareTypePicker";

export interface ShareValues {
  shareType: ShareType;
  title: string;
  content: string;
  /** Country code, product category or event type, by share type. */
  category: string | null;
  /** "YYYY-MM-DD"; event experience only. */
  eventDate: string | null;
  eventLocation: string;
  attachment: Uploaded | null;
}

/** Field order, to focus the first invalid one. */
const ORDER = ["title", "content", "category", "eventDate", "eventLocation", "attachment"] as const;

const schemaErrors = validateWith(shareKnowledgeInput);

/** The server's input: event details only for event experience. */
export function toShareInput(v: ShareValues): ShareKnowledgeInput {
  const event = v.shareType === "experience";
  return {
    shareType: v.shareType,
    title: v.title,
    content: v.content,
    category: v.category ?? "",
    eventDate: event ? v.eventDate : null,
    eventLocation: event ? v.eventLocation : "",
    attachmentUploadId: v.attachment?.id ?? null,
  };
}

const FOCUS = { root: '[data-testid="share-form"]' };

function focusFirstError(errors: FormErrors) {
  if (firstError(errors, ORDER)) focusFirstInvalid(FOCUS);
}

export function ShareForm() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const countries = useKnowledgeCountries(i18n.locale);
  const share = useMutation(trpc.knowledge.share.mutationOptions());

  const requiredChoice: Record<ShareType, string> = {
    country: t`Please select a country`,
    regulations: t`Please select a product category`,
    documents: t`Please select a product category`,
    experience: t`Please select an event type`,
  };

  const form = useForm<ShareValues>({
    initialValues: {
      shareType: "country",
      title: "",
      content: "",
      category: null,
      eventDate: null,
      eventLocation: "",
      attachment: null,
    },
    validate: (values) => {
      const errors: FormErrors = {};
      for (const [field, message] of Object.entries(schemaErrors(toShareInput(values)))) {
        errors[field === "attachmentUploadId" ? "attachment" : field] = message;
      }
      // The type's own wording instead of the generic "make a selection".
      if (errors.category) errors.category = requiredChoice[values.shareType];
      return errors;
    },
    validateInputOnBlur: ["title", "content"],
  });
  const v = form.values;

  function pickType(type: ShareType) {
    if (type === v.shareType) return;
    form.setFieldValue("shareType", type);
    // Each type has its own list; a product category stays valid between regulations and documents.
    const product = (t: ShareType) => t === "regulations" || t === "documents";
    if (!(product(type) && product(v.shareType))) form.setFieldValue("category", null);
    form.clearFieldError("category");
  }

  async function submit(values: ShareValues) {
    try {
      await share.mutateAsync(toShareInput(values));
    } catch (error) {
      console.error("Failed to share knowledge", error);
      applyServerErrors(form, error, {
        rename: { attachmentUploadId: "attachment" },
        replace: { category: requiredChoice[values.shareType] },
        focus: FOCUS,
      });
      if (errorCode(error) === "UNAUTHORIZED") {
        notifications.show({
          color: "red",
          title: t`Authentication required`,
          message: t`Please sign in to share knowledge.`,
        });
      } else {
        notifications.show({
          color: "red",
          title: t`Submission failed`,
          message: t`There was an error submitting your knowledge. Please try again.`,
        });
      }
      return;
    }
    notifications.show({
      color: "teal",
      title: t`Knowledge submitted successfully!`,
      message: t`Your submission has been sent to admin for review. You'll receive points once approved.`,
    });
    form.resetDirty();
    await queryClient.invalidateQueries({ queryKey: trpc.knowledge.mine.queryKey() });
    await navigate({ to: "/dashboard" });
  }

  const categoryField = (() => {
    const common = {
      required: true,
      searchable: true,
      maxDropdownHeight: 280,
      comboboxProps: { shadow: "md" },
      ...form.getInputProps("category"),
      value: v.category,
      onChange: (value: string | null) => {
        form.setFieldValue("category", value);
        form.clearFieldError("category");
      },
      "data-testid": "category-select",
    } as const;
    if (v.shareType === "country") {
      return (
        <Select
          key="country"
          label={t`Country`}
          placeholder={t`Select a country`}
          nothingFoundMessage={t`No countries match your search`}
          data={countries.data}
          filter={countries.filter}
          {...common}
        />
      );
    }
    if (v.shareType === "experience") {
      return (
        <Select
          key="event"
          label={t`Event type`}
          placeholder={t`Select an event type`}
          nothingFoundMessage={t`No event types match your search`}
          data={eventTypeOptions(i18n)}
          {...common}
        />
      );
    }
    return (
      <Select
        key="product"
        label={t`Product category`}
        placeholder={t`Select a product category`}
        nothingFoundMessage={t`No product categories match your search`}
        data={productCategoryOptions(i18n)}
        {...common}
      />
    );
  })();

  const contentPlaceholder: Record<ShareType, string> = {
    country: t`What should other exporters know about this market?`,
    regulations: t`Which rules, standards or permits apply, and how can they be met?`,
    documents: t`Which forms or documents are needed, and how are they prepared?`,
    experience: t`What happened, what worked, and what would you do differently?`,
  };

  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <form
        onSubmit={form.onSubmit((values) => void submit(values), focusFirstError)}
        noValidate
        data-testid="share-form"
      >
        <Stack gap="md">
          <ShareTypePicker value={v.shareType} onChange={pickType} />
          <TextInput
            label={t`Title`}
            placeholder={t`A short, clear title`}
            required
            maxLength={200}
            {...form.getInputProps("title")}
            data-testid="title-input"
          />
          {categoryField}
          {v.shareType === "experience" && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateField
                label={t`Event date`}
                placeholder={t`Pick a date (optional)`}
                {...form.getInputProps("eventDate")}
                value={v.eventDate}
                onChange={(value) => form.setFieldValue("eventDate", value)}
                clearLabel={t`Clear event date`}
                data-testid="event-date"
              />
              <TextInput
                label={t`Event location`}
                placeholder={t`City, venue (optional)`}
                maxLength={200}
                leftSection={<IconMapPin size={16} aria-hidden />}
                {...form.getInputProps("eventLocation")}
                data-testid="event-location"
              />
            </SimpleGrid>
          )}
          <Textarea
            label={t`Content`}
            placeholder={contentPlaceholder[v.shareType]}
            required
            autosize
            minRows={6}
            maxRows={18}
            maxLength={10_000}
            {...form.getInputProps("content")}
            data-testid="content-input"
          />
          <FileUpload
            purpose="knowledge_attachment"
            label={<Trans>Attachment (optional)</Trans>}
            value={v.attachment}
            onChange={(file) => {
              form.setFieldValue("attachment", file);
              form.clearFieldError("attachment");
            }}
            error={form.errors.attachment}
            data-testid="attachment"
          />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to="/dashboard" variant="default" data-testid="cancel">
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={share.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              <Trans>Submit for review</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
