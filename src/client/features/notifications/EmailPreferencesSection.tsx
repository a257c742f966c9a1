/**
 * Profile Settings → E-mail notifications (issue 17 §2): per category, immediately, in the daily
 * digest or never; each change is saved at once (`notifications.setPreference`) with a toast.
 * Responses, ratings and review results default to immediately, new requests and offers for
 * me to the daily digest (`EMAIL_DEFAULTS`).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Radio, Skeleton, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMailCog } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { EMAIL_CATEGORIES, EMAIL_CHOICES, type EmailCategory, type EmailDelivery } from "../../../common/notifications";
import { LoadError } from "../../components/LoadError";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { SectionCard } from "../profile/SectionCard";

const CATEGORY_LABELS: Record<EmailCategory, MessageDescriptor> = {
  response_received: msg`Responses to my requests and offers`,
  rating_received: msg`Ratings of my responses`,
  knowledge_reviewed: msg`Reviews of my knowledge submissions`,
  routed_posts: msg`New requests and offers for me`,
};

const DELIVERY_LABELS: Record<EmailDelivery, MessageDescriptor> = {
  immediate: msg`Immediately`,
  digest: msg`Daily digest`,
  never: msg`Never`,
};

export function EmailPreferencesSection() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const prefs = useQuery(trpc.notifications.preferences.queryOptions());
  // A choice shows at once (TanStack Query tells the component about the mutation only after a
  // task, so a controlled radio would flick back first); the server's answer replaces it.
  const [chosen, setChosen] = useState<{ category: EmailCategory; delivery: EmailDelivery } | null>(null);
  const save = useMutation(
    trpc.notifications.setPreference.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.notifications.preferences.queryKey(), data);
        notifications.show({ color: "teal", title: t`Saved`, message: t`Your e-mail settings have been saved.` });
      },
      onError: (error) => {
        notifications.show({ color: "red", title: t`Could not save`, message: errorText(error) });
      },
    }),
  );

  return (
    <div id="email-notifications">
      <SectionCard
        icon={<IconMailCog size={20} />}
        title={<Trans>E-mail notifications</Trans>}
        description={
          <Trans>
            Choose how you hear about each kind of news by e-mail. Every e-mail also has a link to unsubscribe in one
            click.
          </Trans>
        }
        testId="email-preferences"
      >
        {prefs.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label={t`Loading e-mail settings`}>
            {EMAIL_CATEGORIES.map((c) => (
              <Skeleton key={c} h={48} />
            ))}
          </Stack>
        ) : prefs.isError ? (
          <LoadError
            title={t`Failed to load your e-mail settings`}
            error={prefs.error}
            onRetry={() => void prefs.refetch()}
          />
        ) : (
          <Stack gap="md">
            {EMAIL_CATEGORIES.map((category) => (
              <Radio.Group
                key={category}
                label={i18n._(CATEGORY_LABELS[category])}
                value={chosen?.category === category ? chosen.delivery : prefs.data[category]}
                onChange={(value) => {
                  const choice = { category, delivery: value as EmailDelivery };
                  setChosen(choice);
                  save.mutate(choice, { onSettled: () => setChosen((c) => (c === choice ? null : c)) });
                }}
                data-testid={`email-pref-${category}`}
              >
                <Group gap="lg" mt={6}>
                  {EMAIL_CHOICES[category].map((delivery) => (
                    <Radio key={delivery} value={delivery} label={i18n._(DELIVERY_LABELS[delivery])} />
                  ))}
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        )}
      </SectionCard>
    </div>
  );
}
