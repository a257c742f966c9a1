/**
 * Profile Settings (spec part 2 §2 /profile, §3, §5, §8): the completion bar and the cards
 * Profile information, Expertise, Industrial sectors, Target countries, Field of activity and
 * Attachment, saved together by one Update Profile button. The account e-mail and the password
 * change through their own actions (DESIGN.md §8.10).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Button,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconBriefcase,
  IconBuildingFactory2,
  IconDeviceFloppy,
  IconMail,
  IconPaperclip,
  IconTargetArrow,
  IconUserCircle,
  IconWorld,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ActivitySelections } from "../../../common/profile";
import type { SectorCode } from "../../../common/sectors";
import { FileUpload } from "../../components/FileUpload";
import { LoadError } from "../../components/LoadError";
import { numberFormat } from "../../i18n";
import { translateServerText } from "../../i18n/serverMessages";
import { applyServerErrors, firstError, focusFirstInvalid } from "../../lib/form";
import { COMPLETION_ITEM_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { MyAssessments } from "../assessments";
import { SecurityActivitySection } from "../audit/SecurityActivitySection";
import { MyDataSection } from "../myData";
import { EmailPreferencesSection } from "../notifications/EmailPreferencesSection";
import { PasskeysSection } from "../passkeys/PasskeysSection";
import { TwoStepSection } from "../secondFactor";
import { ActivitySection } from "./ActivitySection";
import { ChangeEmailDialog } from "./ChangeEmailDialog";
import { ChangePasswordSection } from "./ChangePasswordSection";
import { CountriesSection } from "./CountriesSection";
import { ExpertiseSection } from "./ExpertiseSection";
import {
  errorUnder,
  FIELD_ORDER,
  liveCompletion,
  type OwnProfile,
  type ProfileFormValues,
  toUpdateInput,
  validateProfile,
  valuesFromProfile,
} from "./model";
import { SectionCard } from "./SectionCard";
import { SectorsSection } from "./SectorsSection";

export function ProfilePage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const profile = useQuery(trpc.profile.get.queryOptions());
  useDocumentTitle(t`Profile Settings`);

  useEffect(() => {
    // Spec part 2 §8: a load failure is logged (and here also shown, with a retry).
    if (profile.error) console.error("Failed to load profile", profile.error);
  }, [profile.error]);

  return (
    <Stack maw={960} mx="auto" gap="lg" pb="md">
      <Title order={1} size="h2">
        <Trans>Profile Settings</Trans>
      </Title>
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <LoadError
          title={t`Failed to load your profile`}
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <ProfileSettingsForm profile={profile.data} />
      )}
      <TwoStepSection />
      <PasskeysSection />
      <EmailPreferencesSection />
      <SecurityActivitySection />
      <MyAssessments />
      <MyDataSection />
    </Stack>
  );
}

function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t`Loading profile`} data-testid="profile-skeleton">
      <Skeleton h={96} radius="lg" />
      {["info", "expertise", "sectors", "countries", "activity", "attachment"].map((key, i) => (
        <Card key={key} withBorder radius="lg" p="lg">
          <Group gap="sm" mb="md">
            <Skeleton h={36} w={36} radius="md" />
            <Skeleton h={20} w={180} />
          </Group>
          <Skeleton h={[240, 180, 120, 180, 140, 60][i]} radius="md" />
        </Card>
      ))}
    </Stack>
  );
}

/** A callback whose identity never changes but always calls the latest `fn`. */
function useStable<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}

function ProfileSettingsForm({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [emailDialog, setEmailDialog] = useState(false);
  const form = useForm<ProfileFormValues>({
    initialValues: valuesFromProfile(profile),
    validate: validateProfile,
    validateInputOnBlur: ["name", "mobile", "whatsapp", "postalAddress", "postalCode", "linkedinUrl"],
  });
  const update = useMutation(trpc.profile.update.mutationOptions());
  const v = form.values;
  const completion = liveCompletion(v, profile.email);
  const dirty = form.isDirty();
  const percent = (n: number) => numberFormat(i18n.locale, { style: "percent" }).format(n / 100);

  const setSectors = useStable((next: SectorCode[]) => form.setFieldValue("industrialSectors", next));
  const setCountries = useStable((next: string[]) => form.setFieldValue("targetCountries", next));
  const setActivity = useStable((next: ActivitySelections) => form.setFieldValue("activitySelections", next));

  /** Focuses the first invalid input, or brings the card of the first invalid field into view. */
  function focusFirstError(errors: FormErrors) {
    const first = FIELD_ORDER.find((f) => errorUnder(errors, f));
    if (first) focusFirstInvalid({ fallback: `[data-field="${first}"]` });
  }

  async function submit(values: ProfileFormValues) {
    let saved: OwnProfile;
    try {
      saved = await update.mutateAsync(toUpdateInput(values));
    } catch (error) {
      const fields = applyServerErrors(form, error, { focus: false });
      focusFirstError(fields);
      const first = firstError(fields, FIELD_ORDER);
      const serverMessage =
        error instanceof TRPCClientError && error.data && !error.message.startsWith("[")
          ? translateServerText(error.message)
          : undefined;
      notifications.show({
        color: "red",
        title: t`Update failed`,
        message: first ?? serverMessage ?? t`An error occurred while updating your profile.`,
      });
      return;
    }
    queryClient.setQueryData(trpc.profile.get.queryKey(), saved);
    const next = valuesFromProfile(saved);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
    notifications.show({
      color: "teal",
      title: t`Profile updated`,
      message: t`Your profile has been updated successfully.`,
    });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.session.get.queryKey() }),
    ]);
  }

  function onInvalid(errors: FormErrors) {
    const first = firstError(errors, FIELD_ORDER);
    notifications.show({
      color: "red",
      title: t`Update failed`,
      message: first ?? t`An error occurred while updating your profile.`,
    });
    focusFirstError(errors);
  }

  const missing = completion.missing.map((k) => (COMPLETION_ITEM_LABELS[k] ? i18n._(COMPLETION_ITEM_LABELS[k]) : k));

  return (
    <>
      <form onSubmit={form.onSubmit((values) => void submit(values), onInvalid)} noValidate>
        <Stack gap="lg">
          <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="profile-completion">
            <Group justify="space-between" mb={8} wrap="nowrap">
              <Text fw={600}>
                <Trans>Profile completion</Trans>
              </Text>
              <Text fw={700} c={completion.percent === 100 ? "teal" : undefined} data-testid="completion-percent">
                {percent(completion.percent)}
              </Text>
            </Group>
            <Progress
              value={completion.percent}
              size="lg"
              radius="xl"
              color={completion.percent === 100 ? "teal" : "yellow"}
              aria-label={t`Profile completion`}
              transitionDuration={300}
            />
            <Text size="sm" c="dimmed" mt={8}>
              {completion.percent === 100 ? (
                <Trans>
                  Your profile is complete. Members' requests reach you by your sectors, countries and activity.
                </Trans>
              ) : (
                <Trans>Still missing: {missing.join(i18n.locale === "fa" ? "، " : ", ")}</Trans>
              )}
            </Text>
            {dirty && completion.percent !== profile.completion.percent && (
              <Text size="xs" c="dimmed" mt={4}>
                <Trans>Saved profile: {percent(profile.completion.percent)}</Trans>
              </Text>
            )}
          </Card>

          <SectionCard
            icon={<IconUserCircle size={20} />}
            title={<Trans>Profile information</Trans>}
            testId="card-info"
          >
            <FileUpload
              purpose="profile_photo"
              label={<Trans>Profile photo</Trans>}
              description={<Trans>JPEG or PNG, at most 1 MB</Trans>}
              value={v.photo}
              avatarName={v.name}
              onChange={(file) => {
                form.setFieldValue("photo", file);
                form.clearFieldError("photoUploadId");
              }}
              error={errorUnder(form.errors, "photoUploadId")}
              data-testid="photo-upload"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <TextInput label={t`Full name`} autoComplete="name" required {...form.getInputProps("name")} />
              <TextInput
                label={t`Email`}
                value={profile.email}
                readOnly
                dir="ltr"
                leftSection={<IconMail size={16} aria-hidden />}
                inputContainer={(input) => (
                  <Group gap="xs" align="center">
                    {/* On a phone the button wraps under the address instead of hiding it. */}
                    <div style={{ flex: "1 1 13rem", minWidth: 0 }}>{input}</div>
                    <Button variant="light" onClick={() => setEmailDialog(true)} style={{ flexShrink: 0 }}>
                      <Trans>Change email</Trans>
                    </Button>
                  </Group>
                )}
                data-testid="account-email"
              />
              <TextInput
                label={t`Mobile`}
                type="tel"
                autoComplete="tel"
                dir="ltr"
                placeholder="+989121234567"
                {...form.getInputProps("mobile")}
              />
              <TextInput
                label={t`WhatsApp`}
                type="tel"
                dir="ltr"
                placeholder="+989121234567"
                {...form.getInputProps("whatsapp")}
              />
              <Textarea
                label={t`Postal address`}
                autoComplete="street-address"
                autosize
                minRows={2}
                maxRows={5}
                maxLength={500}
                {...form.getInputProps("postalAddress")}
              />
              <TextInput
                label={t`Postal code`}
                autoComplete="postal-code"
                dir="ltr"
                maxLength={20}
                {...form.getInputProps("postalCode")}
              />
              <TextInput
                label={t`LinkedIn profile`}
                type="url"
                dir="ltr"
                placeholder="https://www.linkedin.com/in/…"
                maxLength={300}
                {...form.getInputProps("linkedinUrl")}
              />
            </SimpleGrid>
            <Paper withBorder radius="md" px="md" py="xs">
              <ChangePasswordSection />
            </Paper>
          </SectionCard>

          <SectionCard
            icon={<IconBriefcase size={20} />}
            title={<Trans>Expertise</Trans>}
            description={<Trans>Your areas, your experience in exporting, and your certificates.</Trans>}
            testId="card-expertise"
          >
            <ExpertiseSection form={form} />
          </SectionCard>

          <SectionCard
            icon={<IconBuildingFactory2 size={20} />}
            title={<Trans>Industrial sectors</Trans>}
            testId="card-sectors"
          >
            <div data-field="industrialSectors">
              <SectorsSection
                value={v.industrialSectors}
                onChange={setSectors}
                error={errorUnder(form.errors, "industrialSectors")}
              />
            </div>
          </SectionCard>

          <SectionCard icon={<IconWorld size={20} />} title={<Trans>Target countries</Trans>} testId="card-countries">
            <div data-field="targetCountries">
              <CountriesSection
                value={v.targetCountries}
                onChange={setCountries}
                error={errorUnder(form.errors, "targetCountries")}
              />
            </div>
          </SectionCard>

          <SectionCard
            icon={<IconTargetArrow size={20} />}
            title={<Trans>Field of activity</Trans>}
            testId="card-activity"
          >
            <div data-field="activitySelections">
              <ActivitySection
                value={v.activitySelections}
                onChange={setActivity}
                error={errorUnder(form.errors, "activitySelections")}
              />
            </div>
          </SectionCard>

          <SectionCard
            icon={<IconPaperclip size={20} />}
            title={<Trans>Attachment</Trans>}
            description={<Trans>A document that presents you or your company, such as a CV or a catalogue.</Trans>}
            testId="card-attachment"
          >
            <div data-field="attachmentUploadId">
              <FileUpload
                purpose="profile_attachment"
                label={<Trans>File</Trans>}
                description={<Trans>PDF, DOC, DOCX, JPEG or JPG, at most 1 MB</Trans>}
                value={v.attachment}
                onChange={(file) => {
                  form.setFieldValue("attachment", file);
                  form.clearFieldError("attachmentUploadId");
                }}
                error={errorUnder(form.errors, "attachmentUploadId")}
                data-testid="attachment-upload"
              />
            </div>
          </SectionCard>

          <Paper
            withBorder
            shadow="md"
            radius="lg"
            p="sm"
            pos="sticky"
            bottom={8}
            style={{ zIndex: 20 }}
            data-testid="profile-actions"
          >
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" c={dirty ? "orange.8" : "dimmed"} aria-live="polite">
                {dirty ? <Trans>You have unsaved changes</Trans> : <Trans>All changes saved</Trans>}
              </Text>
              <Button
                type="submit"
                loading={update.isPending}
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                style={{ flexShrink: 0 }}
              >
                <Trans>Update Profile</Trans>
              </Button>
            </Group>
          </Paper>
        </Stack>
      </form>
      <ChangeEmailDialog opened={emailDialog} onClose={() => setEmailDialog(false)} currentEmail={profile.email} />
    </>
  );
}
