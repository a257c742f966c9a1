/**
 * A library item's reading page `/knowledge/$itemId` (issue #13 §1): title, author (linking to
 * their member page), date, the share type's fields, the content, the attachment to download,
 * the like (once, never one's own; withdrawable) and, for admins, Unpublish with a note.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconEyeOff, IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useId, useState } from "react";
import { UNPUBLISH_NOTE_MAX } from "../../../common/library";
import { BackLink } from "../../components/BackLink";
import { LoadError } from "../../components/LoadError";
import { UserText } from "../../components/UserText";
import { formatDate, formatNumber } from "../../i18n";
import { errorCode, errorText, fieldErrors } from "../../lib/errors";
import { SHARE_TYPE_LABELS } from "../../lib/labels";
import { formatFileSize } from "../../lib/upload";
import { useTRPC } from "../../trpc";
import { Fact, ShareTypeFacts, useKnowledgeCountries } from "../knowledge";
import { useSession } from "../session";
import { AuthorLink } from "./KnowledgeCard";

const route = getRouteApi("/_app/knowledge_/$itemId");

/** Back to the list. */
function Back() {
  return (
    <BackLink to="/knowledge">
      <Trans>Back to the library</Trans>
    </BackLink>
  );
}

export function LibraryItemPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const { itemId } = route.useParams();
  const id = Number(itemId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const item = useQuery({
    ...trpc.library.get.queryOptions({ id }),
    enabled: valid,
    retry: (n, e) => errorCode(e) !== "NOT_FOUND" && n < 2,
  });
  const countries = useKnowledgeCountries(i18n.locale);
  const { data: session } = useSession();
  const isAdmin = session?.viewer.isAdmin ?? false;
  const titleId = useId();
  useDocumentTitle(item.data?.title ?? t`Knowledge library`);

  if (!valid || errorCode(item.error) === "NOT_FOUND") {
    return (
      <Stack maw={860} mx="auto" gap="md">
        <Back />
        <Card withBorder radius="lg" p="xl" data-testid="library-item-missing">
          <Stack align="center" gap="sm" ta="center">
            <Title order={1} size="h3">
              <Trans>This knowledge is not available</Trans>
            </Title>
            <Text c="dimmed" size="sm">
              <Trans>It may have been unpublished, or the link is wrong.</Trans>
            </Text>
          </Stack>
        </Card>
      </Stack>
    );
  }
  if (item.isError) {
    return (
      <Stack maw={860} mx="auto" gap="md">
        <Back />
        <LoadError title={t`Failed to load this knowledge`} error={item.error} onRetry={() => void item.refetch()} />
      </Stack>
    );
  }
  if (!item.data) {
    return (
      <Stack maw={860} mx="auto" gap="md" aria-busy="true" aria-label={t`Loading`}>
        <Back />
        <Skeleton h={28} w="70%" />
        <Skeleton h={14} w="40%" />
        <Skeleton h={160} />
      </Stack>
    );
  }

  const k = item.data;
  const isEvent = k.shareType === "experience";
  return (
    <Stack maw={860} mx="auto" gap="md" component="article" aria-labelledby={titleId} data-testid="library-item">
      <Back />
      <Stack gap="xs">
        <Group gap={6}>
          <Badge variant="light" color="teal" tt="none">
            {i18n._(SHARE_TYPE_LABELS[k.shareType])}
          </Badge>
        </Group>
        <Title order={1} size="h2" id={titleId} style={{ overflowWrap: "anywhere" }}>
          <span dir="auto">{k.title}</span>
        </Title>
        <Group gap="sm" wrap="wrap">
          <AuthorLink author={k.author} />
          <Text size="sm" c="dimmed" component="time" dateTime={new Date(k.publishedAt).toISOString()}>
            {formatDate(k.publishedAt, i18n.locale)}
          </Text>
        </Group>
      </Stack>

      <Paper withBorder radius="lg" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: isEvent ? 4 : 2 }} spacing="sm">
          <ShareTypeFacts item={k} countryName={countries.nameOf} testIdPrefix="item" />
          <Fact label={<Trans>Attachment</Trans>} testId="item-attachment">
            {k.attachment ? (
              <Anchor
                href={k.attachment.url}
                download={k.attachment.fileName}
                inherit
                data-testid="attachment-download"
              >
                <Group gap={4} component="span" wrap="nowrap">
                  <IconDownload size={14} aria-hidden />
                  <bdi style={{ overflowWrap: "anywhere" }}>{k.attachment.fileName}</bdi>
                  <Text span size="xs" c="dimmed">
                    ({formatFileSize(k.attachment.sizeBytes, i18n.locale)})
                  </Text>
                </Group>
              </Anchor>
            ) : (
              <Trans>None</Trans>
            )}
          </Fact>
        </SimpleGrid>
      </Paper>

      <UserText size="md" data-testid="item-content">
        {k.content}
      </UserText>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <LikeButton id={k.id} own={k.own} liked={k.likedByMe} count={k.likeCount} />
        {isAdmin && <UnpublishButton id={k.id} title={k.title} />}
      </Group>
    </Stack>
  );
}

function LikeButton({ id, own, liked, count }: { id: number; own: boolean; liked: boolean; count: number }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const like = useMutation(trpc.library.like.mutationOptions());
  const unlike = useMutation(trpc.library.unlike.mutationOptions());
  const busy = like.isPending || unlike.isPending;
  const amount = formatNumber(count, i18n.locale);

  async function toggle() {
    try {
      const result = liked ? await unlike.mutateAsync({ id }) : await like.mutateAsync({ id });
      queryClient.setQueryData(trpc.library.get.queryKey({ id }), (old) =>
        old ? { ...old, likedByMe: result.liked, likeCount: result.likeCount } : old,
      );
    } catch (error) {
      console.error("Failed to change the like", error);
      notifications.show({ color: "red", title: t`Could not save your like`, message: errorText(error) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.library.list.pathKey() });
    }
  }

  if (own) {
    return (
      <Group gap={6} data-testid="like-own">
        <IconHeart size={18} color="var(--mantine-color-red-7)" aria-hidden />
        <Text size="sm" c="dimmed">
          <Trans>Likes: {amount}. This is your own knowledge: each member's like gives you 2 points.</Trans>
        </Text>
      </Group>
    );
  }
  return (
    <Button
      variant={liked ? "filled" : "light"}
      color="red"
      leftSection={liked ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
      onClick={() => void toggle()}
      loading={busy}
      aria-pressed={liked}
      data-testid="like-button"
    >
      {liked ? <Trans>Liked ({amount})</Trans> : <Trans>Like ({amount})</Trans>}
    </Button>
  );
}

function UnpublishButton({ id, title }: { id: number; title: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = route.useNavigate();
  const [opened, setOpened] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const unpublish = useMutation(trpc.library.unpublish.mutationOptions());

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!note.trim()) {
      setError(t`Please write a note for the author.`);
      return;
    }
    try {
      await unpublish.mutateAsync({ id, note });
      notifications.show({
        color: "teal",
        title: t`Unpublished`,
        message: t`The author sees your note in their submissions.`,
      });
      setOpened(false);
      await navigate({ to: "/knowledge" });
      queryClient.removeQueries({ queryKey: trpc.library.get.queryKey({ id }) });
      await queryClient.invalidateQueries({ queryKey: trpc.library.list.pathKey() });
    } catch (err) {
      console.error("Failed to unpublish", err);
      setError(fieldErrors(err).note ?? errorText(err));
    }
  }

  return (
    <>
      <Button
        variant="default"
        color="red"
        leftSection={<IconEyeOff size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="unpublish-button"
      >
        <Trans>Unpublish</Trans>
      </Button>
      <Modal
        opened={opened}
        onClose={() => !unpublish.isPending && setOpened(false)}
        title={<Trans>Unpublish this knowledge</Trans>}
        centered
        closeButtonProps={{ "aria-label": t`Close` }}
      >
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="unpublish-form">
          <Stack gap="md">
            <Text size="sm">
              <Trans>
                “<bdi>{title}</bdi>” leaves the library. Its author keeps the points and sees your note.
              </Trans>
            </Text>
            <Textarea
              label={t`Note for the author`}
              value={note}
              onChange={(e) => {
                setNote(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              maxLength={UNPUBLISH_NOTE_MAX}
              autosize
              minRows={3}
              required
              data-autofocus
              data-testid="unpublish-note"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)} disabled={unpublish.isPending}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" color="red" loading={unpublish.isPending} data-testid="unpublish-confirm">
                <Trans>Unpublish</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
