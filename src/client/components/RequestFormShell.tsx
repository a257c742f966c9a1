/**
 * The one shell of the request forms (Submit and Send Member Request, Export Services Request,
 * Request Help; ready for the service-area forms of issue #14): the page title and intro, the
 * load error of the reference lists, a monthly quota, the form card with the page's fields,
 * Cancel and Submit, and the submission flow.
 *
 * Validation is the page's `useForm({ validate })`, built with `validateWith(schema, …)` from the
 * zod schema the server uses (src/client/lib/form.ts). On submit the shell:
 * 1. refuses at once when the quota is used up (`quota.onLimit`, then shows and focuses the panel);
 * 2. calls `send`; on a refusal it logs it, turns a TOO_MANY_REQUESTS into the quota panel, puts
 *    the server's field errors on the form (`serverErrors` maps them, `applyServerErrors`) and
 *    calls `onRefused` for the page's toast;
 * 3. on success calls `onSent` (the page's toast) and goes to the dashboard.
 * A client-side refusal calls `onInvalid` and focuses the first invalid field.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { FormErrors, UseFormReturnType } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { IconSend } from "@tabler/icons-react";
import { Link, type LinkProps, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useRef, useState } from "react";
import { errorCode } from "../lib/errors";
import { applyServerErrors, type FocusOptions, focusFirstInvalid, type ServerErrorOptions } from "../lib/form";
import { BackToDashboard } from "./BackLink";
import { LoadError } from "./LoadError";

/** A monthly request quota (Request Help; the service areas later). */
export interface RequestQuota {
  /** Requests left this month; `null` without a limit, `undefined` while loading. */
  remaining: number | null | undefined;
  /** The upgrade panel shown while the quota is used up (focusable: `tabIndex={-1}`). */
  panel: ReactNode;
  /** Tells the member (a toast) that the limit is reached. */
  onLimit: () => void;
  /** After a submission or a quota refusal, e.g. to refetch the quota. */
  refresh?: () => Promise<unknown>;
}

export interface RequestFormShellProps<V> {
  /** The page's heading and document title. */
  title: string;
  /** The line under the title. */
  intro: ReactNode;
  /** A "Back to Dashboard" link above the title. */
  back?: boolean;
  /** A column beside the title (e.g. the quota card). */
  aside?: ReactNode;
  /** Reference lists that failed to load: their LoadError and retry. */
  loadError?: { title: string; onRetry: () => void } | false;
  quota?: RequestQuota;
  form: UseFormReturnType<V>;
  /** Sends the request; rejects with the tRPC error when refused. */
  send: (values: V) => Promise<unknown>;
  /** The console text of a refusal, e.g. "Failed to send member request". */
  logLabel: string;
  /** How a refusal's field errors map onto the form (per error). */
  serverErrors?: (error: unknown) => ServerErrorOptions;
  /** The page's toast for a refusal (after the field errors are set). */
  onRefused: (error: unknown) => void;
  /** The page's toast for success; the shell then goes to the dashboard. */
  onSent: () => void;
  /** A client-side refusal (after validation failed), e.g. a toast of the first error. */
  onInvalid?: (errors: FormErrors) => void;
  /** Where the first invalid field is looked for; the form by default. */
  focus?: FocusOptions;
  /** Inside the form, above the card (e.g. the help type cards). */
  before?: ReactNode;
  /** Shown instead of the form, e.g. why this member may not post it (the title and intro stay). */
  blocked?: ReactNode;
  /** The fields. */
  children: ReactNode;
  submitLabel: ReactNode;
  pending: boolean;
  /** Keeps Submit disabled (a form that checks as you type). */
  submitDisabled?: boolean;
  /** A Cancel link back to the dashboard (or `sentTo`). */
  cancel?: boolean;
  /** Where success (and Cancel) goes; the dashboard by default. */
  sentTo?: LinkProps["to"];
  submitTestId?: string;
  /** Page width in px. */
  maw?: number;
  /** Spacing between the fields. */
  gap?: "md" | "lg";
}

/** `data-request-form` marks the form, so focus stays within it. */
const FORM = "[data-request-form]";

export function RequestFormShell<V>(props: RequestFormShellProps<V>) {
  const { form, quota } = props;
  const navigate = useNavigate();
  useDocumentTitle(props.title);
  const [quotaRefused, setQuotaRefused] = useState(false);
  const limitRef = useRef<HTMLDivElement>(null);
  const limitReached = !!quota && (quotaRefused || quota.remaining === 0);
  const focus = props.focus ?? { root: FORM };

  function showLimit() {
    quota?.onLimit();
    requestAnimationFrame(() => {
      const panel = limitRef.current?.firstElementChild as HTMLElement | null | undefined;
      panel?.scrollIntoView({ behavior: "smooth", block: "center" });
      panel?.focus({ preventScroll: true });
    });
  }

  async function submit(values: V) {
    if (limitReached) {
      showLimit();
      return;
    }
    try {
      await props.send(values);
    } catch (error) {
      if (quota && errorCode(error) === "TOO_MANY_REQUESTS") {
        setQuotaRefused(true);
        showLimit();
        await quota.refresh?.();
        return;
      }
      console.error(props.logLabel, error);
      applyServerErrors(form, error, { ...props.serverErrors?.(error), focus });
      props.onRefused(error);
      return;
    }
    props.onSent();
    await quota?.refresh?.();
    await navigate({ to: props.sentTo ?? "/dashboard" });
  }

  function invalid(errors: FormErrors) {
    props.onInvalid?.(errors);
    focusFirstInvalid(focus);
  }

  const heading = (
    <div>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {props.intro}
      </Text>
    </div>
  );

  return (
    <Stack maw={props.maw ?? 760} mx="auto" gap="md" pb={props.aside ? "xl" : "md"}>
      {props.back && <BackToDashboard />}
      {props.aside ? (
        <Grid gap="md" align="stretch">
          <Grid.Col span={{ base: 12, md: 7 }}>{heading}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>{props.aside}</Grid.Col>
        </Grid>
      ) : (
        heading
      )}

      {props.loadError && <LoadError title={props.loadError.title} onRetry={props.loadError.onRetry} />}
      {limitReached && <Box ref={limitRef}>{quota.panel}</Box>}

      {props.blocked ?? (
        <form onSubmit={form.onSubmit((values) => void submit(values), invalid)} noValidate data-request-form>
          <Stack gap="md">
            {props.before}
            <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
              <Stack gap={props.gap ?? "md"}>
                {props.children}
                <Group justify="flex-end" gap="sm">
                  {props.cancel && (
                    <Button component={Link} to={props.sentTo ?? "/dashboard"} variant="default">
                      <Trans>Cancel</Trans>
                    </Button>
                  )}
                  <Button
                    type="submit"
                    disabled={props.submitDisabled}
                    loading={props.pending}
                    leftSection={<IconSend size={16} aria-hidden />}
                    data-testid={props.submitTestId}
                  >
                    {props.submitLabel}
                  </Button>
                </Group>
              </Stack>
            </Card>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/**
 * Two pickers of which at least one is needed (product or country, sector or country), side by
 * side: under them the rule's error (`error`, from the first field) or the hint "Choose at least
 * one of the two."; the pickers themselves only turn red (`error={true}`).
 */
export function EitherOrFields({ error, children }: { error: ReactNode; children: ReactNode }) {
  return (
    <div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
      {error ? (
        <Text size="xs" c="red.7" mt={6} role="alert" data-testid="target-error">
          {error}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={6}>
          <Trans>Choose at least one of the two.</Trans>
        </Text>
      )}
    </div>
  );
}

/**
 * Props of one picker inside `EitherOrFields`: `field`'s value, a change that also clears the
 * rule's error (kept on the first field, `rule`), and red while that error shows.
 */
export function eitherOrPicker<V, K extends keyof V & string>(
  form: UseFormReturnType<V>,
  field: K,
  rule: keyof V & string,
) {
  return {
    value: form.values[field],
    onChange: (value: unknown) => {
      form.setFieldValue(field, value as never);
      form.clearFieldError(rule);
    },
    error: form.errors[rule] ? true : undefined,
  };
}

/**
 * The shell's `loadError` of a form that picks products and/or countries (src/client/lib/reference.ts):
 * set while one of `lists` failed to load; Retry refetches them all.
 */
export function useReferenceLoadError(
  ...lists: { query: { isError: boolean; refetch: () => unknown } }[]
): RequestFormShellProps<unknown>["loadError"] {
  const { t } = useLingui();
  return (
    lists.some((list) => list.query.isError) && {
      title: t`Failed to load products and countries`,
      onRetry: () => {
        for (const list of lists) void list.query.refetch();
      },
    }
  );
}
