/**
 * Expertise (spec part 2 §2, §3, §5): areas as checkboxes, years of export experience, and the
 * list of certificates and appraisals (trimmed, non-empty to add; remove per item).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Button, Checkbox, Group, Input, List, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconCertificate, IconPlus, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { EXPERIENCE_OPTIONS, EXPERTISE_AREAS, type ExpertiseArea } from "../../../common/profile";
import { EXPERIENCE_LABELS, EXPERTISE_AREA_LABELS } from "../../lib/labels";
import { errorUnder, type ProfileForm } from "./model";

/** The server's limits on certificates (src/common/profile.ts). */
const MAX_CERTIFICATES = 30;
const MAX_CERTIFICATE_LENGTH = 200;

export function ExpertiseSection({ form }: { form: ProfileForm }) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | null>(null);
  const certificates = form.values.certificates;
  const full = certificates.length >= MAX_CERTIFICATES;

  function add() {
    const text = draft.trim();
    if (!text) {
      setDraftError(t`Please enter a certificate or appraisal`);
      return;
    }
    if (certificates.some((c) => c.toLocaleLowerCase() === text.toLocaleLowerCase())) {
      setDraftError(t`This certificate is already in the list`);
      return;
    }
    if (full) return;
    form.setFieldValue("certificates", [...certificates, text]);
    form.clearFieldError("certificates");
    setDraft("");
    setDraftError(null);
  }

  return (
    <Stack gap="lg">
      <Checkbox.Group
        label={t`Areas of expertise`}
        value={form.values.expertiseAreas}
        onChange={(v) => form.setFieldValue("expertiseAreas", v as ExpertiseArea[])}
        error={errorUnder(form.errors, "expertiseAreas")}
      >
        <Group gap="lg" mt="xs">
          {EXPERTISE_AREAS.map((a) => (
            <Checkbox key={a} value={a} label={i18n._(EXPERTISE_AREA_LABELS[a])} />
          ))}
        </Group>
      </Checkbox.Group>

      <Select
        label={t`Years of export experience`}
        maw={{ base: "100%", xs: 320 }}
        data={EXPERIENCE_OPTIONS.map((n) => ({ value: String(n), label: i18n._(EXPERIENCE_LABELS[n]) }))}
        value={String(form.values.yearsExportExperience)}
        onChange={(v) => v !== null && form.setFieldValue("yearsExportExperience", Number(v))}
        allowDeselect={false}
        checkIconPosition="right"
        error={errorUnder(form.errors, "yearsExportExperience")}
        comboboxProps={{ withinPortal: true }}
      />

      <Input.Wrapper
        labelElement="div"
        label={t`Certificates and appraisals`}
        error={errorUnder(form.errors, "certificates")}
      >
        <Stack gap="xs" mt={6}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={t`New certificate or appraisal`}
              placeholder={t`e.g. Certified Export Specialist`}
              value={draft}
              maxLength={MAX_CERTIFICATE_LENGTH}
              error={draftError}
              disabled={full}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setDraftError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
              data-testid="certificate-input"
            />
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={add}
              disabled={full || draft.trim() === ""}
            >
              <Trans>Add</Trans>
            </Button>
          </Group>
          {full && (
            <Text size="xs" c="dimmed">
              <Trans>You can list up to {MAX_CERTIFICATES} certificates.</Trans>
            </Text>
          )}
          {certificates.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>No certificates added yet.</Trans>
            </Text>
          ) : (
            <List spacing={6} listStyleType="none" data-testid="certificate-list">
              {certificates.map((c, i) => (
                <List.Item key={c}>
                  <Group
                    gap="xs"
                    wrap="nowrap"
                    justify="space-between"
                    px="sm"
                    py={6}
                    style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
                  >
                    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                      <IconCertificate
                        size={16}
                        color="var(--mantine-color-teal-6)"
                        aria-hidden
                        style={{ flexShrink: 0 }}
                      />
                      <Text size="sm" style={{ overflowWrap: "anywhere" }} dir="auto">
                        {c}
                      </Text>
                    </Group>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t`Remove ${c}`}
                      onClick={() =>
                        form.setFieldValue(
                          "certificates",
                          certificates.filter((_, j) => j !== i),
                        )
                      }
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Input.Wrapper>
    </Stack>
  );
}
