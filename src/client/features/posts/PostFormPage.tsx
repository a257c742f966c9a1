/**
 * The Send pages of service-area posts (issue #14; ADR 16): one page for the forms
 * collaboration.request/offer, export_services.offer, information.request/offer and
 * recruitment.request/offer. The form's title (FORM_TITLES) and a short intro, the area's fields
 * (features/posts/form/), the description (≤ 150 words, with its counter) and the validity (7 to
 * 90 days, 30 by default). Validated with the server's schema (`postFormSchemas[form]`), sent
 * with `posts.create`; success toasts and goes to the dashboard (RequestFormShell). A refusal's
 * field errors land on the fields; the daily post limit (429) and a refused user type are toasts
 * in the user's language. Recruitment forms tell the other user type up front that they are not
 * theirs (individuals seek positions, organizations offer them) instead of showing the form.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Loader, Text } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useMemo } from "react";
import { Msg } from "../../../common/messages";
import { POST_WORD_LIMITS, postFormSchemas } from "../../../common/posts";
import { LoadError } from "../../components/LoadError";
import { RequestFormShell, useReferenceLoadError } from "../../components/RequestFormShell";
import { translateServerText } from "../../i18n/serverMessages";
import { errorCode, errorText, fieldErrors, isSignedOut, refusalText } from "../../lib/errors";
import { firstError, validateWith } from "../../lib/form";
import { useCountryOptions, useProducts } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { CollaborationFields } from "./form/CollaborationFields";
import { ExportServicesOfferFields } from "./form/ExportServicesOfferFields";
import { ValiditySelect, WordsField } from "./form/fields";
import { AttachmentField, InformationFields } from "./form/InformationFields";
import { RecruitmentFields } from "./form/RecruitmentFields";
import {
  emptyPostForm,
  FIELD_ORDER,
  type NewPostForm,
  type PostFormState,
  postFormRules,
  postInputOf,
} from "./form/state";
import { FORM_TITLES } from "./labels";

/** The user type each recruitment form is for (the server refuses the other). */
const RECRUITMENT_USER_TYPE = { "recruitment.request": "individual", "recruitment.offer": "organization" } as const;

export function PostFormPage({ form: postForm }: { form: NewPostForm }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const products = useProducts(i18n.locale);
  const countries = useCountryOptions(i18n.locale);
  const loadError = useReferenceLoadError(products, countries);
  const validate = useMemo(
    () =>
      validateWith<PostFormState>(postFormSchemas[postForm], {
        input: (v) => postInputOf(postForm, v),
        rules: postFormRules(postForm),
      }),
    [postForm],
  );
  const form = useForm<PostFormState>({ initialValues: emptyPostForm(), validate });
  const send = useMutation(trpc.posts.create.mutationOptions());
  const blocked = useRecruitmentGate(postForm);
  const order = FIELD_ORDER[postForm];

  const intros: Record<NewPostForm, ReactNode> = {
    "collaboration.request": (
      <Trans>
        Tell members what kind of partner you are looking for. Members sharing your sector or a target country receive
        it.
      </Trans>
    ),
    "collaboration.offer": (
      <Trans>
        Propose a partnership to members sharing your sector or a target country: say what you bring and what you seek.
      </Trans>
    ),
    "export_services.offer": (
      <Trans>List a service you provide; exporters of the sectors or countries you serve receive it.</Trans>
    ),
    "information.request": (
      <Trans>Ask for a report, rules, statistics or lists; members who know the country or sector receive it.</Trans>
    ),
    "information.offer": (
      <Trans>Share information or a document with members of the country or sector it concerns.</Trans>
    ),
    "recruitment.request": (
      <Trans>
        Tell organizations what position you are looking for; those sharing your sector or a country see it.
      </Trans>
    ),
    "recruitment.offer": <Trans>Offer a position to individual members with the matching expertise area.</Trans>,
  };

  function onRefused(error: unknown) {
    const code = errorCode(error);
    let message: string;
    if (isSignedOut(error)) message = t`You must be logged in to send a post`;
    else if (code === "TOO_MANY_REQUESTS" || code === "FORBIDDEN") message = errorText(error);
    else if (Object.keys(fieldErrors(error)).length > 0) message = refusalText(error);
    else message = t`Failed to send your post. Please try again.`;
    notifications.show({ color: "red", message });
  }

  return (
    <RequestFormShell
      title={i18n._(FORM_TITLES[postForm])}
      intro={intros[postForm]}
      back
      loadError={loadError}
      blocked={blocked}
      form={form}
      send={(values) => send.mutateAsync(postInputOf(postForm, values))}
      logLabel="Failed to send post"
      serverErrors={() => ({ rename: { attachmentUploadId: "attachment" } })}
      onInvalid={(errors: FormErrors) => {
        const first = firstError(errors, order);
        if (first) notifications.show({ color: "red", message: first });
      }}
      onRefused={onRefused}
      onSent={() => notifications.show({ color: "teal", message: t`Your post has been sent successfully!` })}
      submitLabel={<Trans>Send</Trans>}
      submitTestId="send-post"
      pending={send.isPending}
      cancel
    >
      {(postForm === "collaboration.request" || postForm === "collaboration.offer") && (
        <CollaborationFields form={form} />
      )}
      {postForm === "export_services.offer" && <ExportServicesOfferFields form={form} />}
      {(postForm === "information.request" || postForm === "information.offer") && <InformationFields form={form} />}
      {(postForm === "recruitment.request" || postForm === "recruitment.offer") && (
        <RecruitmentFields form={form} postForm={postForm} />
      )}
      <WordsField
        maxWords={POST_WORD_LIMITS.description}
        overLimit={Msg.postDescriptionTooLong}
        placeholder={t`Describe your post: what, where, when`}
        {...form.getInputProps("description")}
        value={form.values.description}
      />
      {postForm === "information.offer" && <AttachmentField form={form} />}
      <ValiditySelect
        value={form.values.validityDays}
        onChange={(days) => form.setFieldValue("validityDays", days)}
        error={form.errors.validityDays}
      />
    </RequestFormShell>
  );
}

/**
 * On a recruitment form, what to show instead of the form: a loader while the profile loads, its
 * load error, or why a member of the other user type cannot post it; `undefined` otherwise.
 */
function useRecruitmentGate(postForm: NewPostForm): ReactNode {
  const trpc = useTRPC();
  const needed = postForm === "recruitment.request" || postForm === "recruitment.offer";
  const profile = useQuery({ ...trpc.profile.get.queryOptions(), enabled: needed });
  const { t } = useLingui();
  if (!needed) return undefined;
  if (profile.isPending)
    return (
      <Group justify="center" py="xl" aria-busy="true">
        <Loader aria-label={t`Loading`} />
      </Group>
    );
  if (profile.isError)
    return <LoadError title={t`Failed to load your profile`} onRetry={() => void profile.refetch()} />;
  const userType = profile.data.userType;
  if (userType === RECRUITMENT_USER_TYPE[postForm]) return undefined;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={20} aria-hidden />}
      title={postForm === "recruitment.request" ? t`For individual members` : t`For organization members`}
      data-testid="user-type-notice"
    >
      <Text size="sm">
        {translateServerText(
          postForm === "recruitment.request" ? Msg.seekingIndividualsOnly : Msg.positionsOrganizationsOnly,
        )}{" "}
        {postForm === "recruitment.request" ? (
          <Trans>As an organization, you can offer a position instead.</Trans>
        ) : (
          <Trans>As an individual, you can post that you are seeking a position instead.</Trans>
        )}
      </Text>
      <Group mt="md" gap="sm">
        <Button
          component={Link}
          to={postForm === "recruitment.request" ? "/recruitment/send-offer" : "/recruitment/send-request"}
          size="sm"
        >
          {postForm === "recruitment.request" ? <Trans>Offer a position</Trans> : <Trans>Seek a position</Trans>}
        </Button>
        <Button component={Link} to="/dashboard" variant="default" size="sm">
          <Trans>Back to Dashboard</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
