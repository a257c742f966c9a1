/**
 * Rating an offer 1 to 3 stars, once (spec part 2 §4, §5, §8; DESIGN.md §8.11). Stars are picked
 * first and sent with Rate, so moving through the stars with the arrow keys sends nothing. Once
 * rated the stars are read-only and read 'You rated this offer n star(s)'.
 */
import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Rating, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { MAX_STARS } from "../../../common/offers";
import { serverMsgKeys } from "../../lib/errors";
import { useTRPC } from "../../trpc";

export function OfferRating({ responseId, rating }: { responseId: number; rating: number | null }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rate = useMutation(trpc.offers.rate.mutationOptions());
  const [value, setValue] = useState(0);
  const labelId = useId();
  const starLabel = (n: number) => plural(n, { one: "# star", other: "# stars" });

  if (rating !== null) {
    return (
      <Group gap="sm" data-testid="offer-rated">
        <Rating value={rating} count={MAX_STARS} readOnly aria-hidden />
        <Text size="sm" c="dimmed">
          <Plural value={rating} one="You rated this offer # star" other="You rated this offer # stars" />
        </Text>
      </Group>
    );
  }

  async function submit() {
    if (value < 1) return;
    try {
      await rate.mutateAsync({ responseId, rating: value });
    } catch (error) {
      console.error("Failed to submit rating", error);
      notifications.show({ color: "red", message: t`Failed to submit rating. Please try again.` });
      // Rated meanwhile (another tab): show the stored rating.
      if (serverMsgKeys(error).includes("alreadyRated")) {
        await queryClient.invalidateQueries({ queryKey: trpc.offers.list.queryKey() });
      }
      return;
    }
    notifications.show({ color: "teal", title: t`Rating submitted`, message: t`Thank you for your feedback!` });
    queryClient.setQueryData(trpc.offers.list.queryKey(), (old) =>
      old?.map((o) => (o.id === responseId ? { ...o, rating: value, ratedAt: new Date().toISOString() } : o)),
    );
    await queryClient.invalidateQueries({ queryKey: trpc.offers.list.queryKey() });
  }

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        <Trans>Rate this offer</Trans>
      </Text>
      <Group gap="sm">
        <Rating
          value={value}
          onChange={setValue}
          count={MAX_STARS}
          size="lg"
          getSymbolLabel={starLabel}
          aria-labelledby={labelId}
          data-testid="offer-rating"
        />
        <Button
          size="xs"
          onClick={() => void submit()}
          disabled={value < 1}
          loading={rate.isPending}
          data-testid="submit-rating"
        >
          <Trans>Rate</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
