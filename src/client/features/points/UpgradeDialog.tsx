/**
 * Membership upgrade dialog (spec part 1 §4 Tier upgrade, §9; part 2 §2, §4; DESIGN.md §8.9):
 * the three tiers with their cost and monthly help-request quota (from the shared constants),
 * the current plan shown disabled, lower tiers disabled ("Downgrade not available"), a tier the
 * balance cannot pay disabled with the points still needed. Choosing a tier asks for
 * confirmation, then `points.upgrade` spends the points on the server (which re-checks both
 * rules with the profile row locked).
 *
 * Use `<UpgradeButton />`, or `useUpgradeDialog()` to open it from any control.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  type ButtonProps,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowUpRight, IconCheck, IconCoins, IconCrown, IconLock } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useState } from "react";
import { TIER_COST, TIERS, type Tier } from "../../../common/constants";
import { TierBadge } from "../../components/TierBadge";
import { TierPrice, TierQuota } from "../../components/TierTexts";
import { formatNumber } from "../../i18n";
import { errorText } from "../../lib/errors";
import { TIER_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { useSession } from "../session";

type TierState = { kind: "current" } | { kind: "lower" } | { kind: "short"; missing: number } | { kind: "available" };

/** What the viewer can do with `tier`, given their tier and balance (the server's rules). */
export function tierState(tier: Tier, current: Tier, points: number): TierState {
  if (tier === current) return { kind: "current" };
  if (TIERS.indexOf(tier) < TIERS.indexOf(current)) return { kind: "lower" };
  const cost = TIER_COST[tier];
  if (points < cost) return { kind: "short", missing: cost - points };
  return { kind: "available" };
}

export function UpgradeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const viewer = session?.viewer;
  const [chosen, setChosen] = useState<Tier | null>(null);
  const upgrade = useMutation(trpc.points.upgrade.mutationOptions());

  function close() {
    if (upgrade.isPending) return;
    setChosen(null);
    upgrade.reset();
    onClose();
  }

  async function confirm(tier: Tier) {
    try {
      const result = await upgrade.mutateAsync({ tier });
      const name = i18n._(TIER_LABELS[result.tier]);
      notifications.show({
        color: "teal",
        title: t`Membership upgraded`,
        message: t`You are now ${name}`,
        icon: <IconCrown size={18} aria-hidden />,
      });
      setChosen(null);
      onClose();
    } catch (error) {
      console.error("Tier upgrade failed", error);
      notifications.show({ color: "red", title: t`Upgrade failed`, message: errorText(error) });
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.session.get.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.help.quota.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.leaderboard.list.pathKey() }),
      ]);
    }
  }

  const balance = viewer ? formatNumber(viewer.points, i18n.locale) : "";

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text fw={700} size="lg" component="span">
          <Trans>Upgrade your membership</Trans>
        </Text>
      }
      size="xl"
      centered
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      {viewer && (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <ThemeIcon variant="light" color="teal" radius="xl" size="md">
              <IconCoins size={16} aria-hidden />
            </ThemeIcon>
            <Text size="sm">
              <Trans>
                Your balance: <b data-testid="upgrade-balance">{balance}</b> points
              </Trans>
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Upgrades are permanent; points are spent once.</Trans>
            </Text>
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {TIERS.map((tier) => (
              <TierOption
                key={tier}
                tier={tier}
                state={tierState(tier, viewer.tier, viewer.points)}
                selected={chosen === tier}
                onChoose={() => setChosen(tier)}
              />
            ))}
          </SimpleGrid>

          {chosen && (
            <ConfirmPanel
              tier={chosen}
              points={viewer.points}
              pending={upgrade.isPending}
              onCancel={() => setChosen(null)}
              onConfirm={() => void confirm(chosen)}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** A tier's action wraps onto a second line instead of being cut ("You need 600 more…", issue #13 §4). */
const WRAPPING = {
  root: { height: "auto", minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: "normal", textAlign: "center", overflow: "visible" },
} as const;

function TierOption({
  tier,
  state,
  selected,
  onChoose,
}: {
  tier: Tier;
  state: TierState;
  selected: boolean;
  onChoose: () => void;
}) {
  const { i18n } = useLingui();
  const name = i18n._(TIER_LABELS[tier]);
  let action: ReactNode;
  if (state.kind === "current") {
    action = (
      <Button
        fullWidth
        styles={WRAPPING}
        variant="light"
        color="gray"
        disabled
        leftSection={<IconCheck size={16} aria-hidden />}
      >
        <Trans>Current plan</Trans>
      </Button>
    );
  } else if (state.kind === "lower") {
    action = (
      <Button fullWidth styles={WRAPPING} variant="default" disabled>
        <Trans>Downgrade not available</Trans>
      </Button>
    );
  } else if (state.kind === "short") {
    const missing = formatNumber(state.missing, i18n.locale);
    action = (
      <Button fullWidth styles={WRAPPING} variant="default" disabled leftSection={<IconLock size={16} aria-hidden />}>
        <Trans>You need {missing} more points</Trans>
      </Button>
    );
  } else {
    action = (
      <Button
        fullWidth
        styles={WRAPPING}
        variant={selected ? "filled" : "light"}
        onClick={onChoose}
        aria-pressed={selected}
        leftSection={<IconArrowUpRight size={16} aria-hidden />}
        data-testid={`upgrade-to-${tier}`}
      >
        <Trans>Upgrade to {name}</Trans>
      </Button>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`tier-option-${tier}`}
      data-state={state.kind}
      style={{
        borderColor: selected || state.kind === "current" ? "var(--mantine-color-teal-5)" : undefined,
        borderWidth: selected || state.kind === "current" ? 2 : undefined,
      }}
    >
      <Stack gap={6} h="100%" justify="space-between">
        <Stack gap={6} align="flex-start">
          <TierBadge tier={tier} size="lg" />
          <Text fz={22} fw={800} lh={1.2} mt={4}>
            <TierPrice tier={tier} />
          </Text>
          <Text size="sm" fw={500}>
            <TierQuota tier={tier} />
          </Text>
        </Stack>
        <div style={{ marginTop: "var(--mantine-spacing-sm)" }}>{action}</div>
      </Stack>
    </Paper>
  );
}

function ConfirmPanel({
  tier,
  points,
  pending,
  onCancel,
  onConfirm,
}: {
  tier: Tier;
  points: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { i18n } = useLingui();
  const name = i18n._(TIER_LABELS[tier]);
  const cost = formatNumber(TIER_COST[tier], i18n.locale);
  const after = formatNumber(points - TIER_COST[tier], i18n.locale);
  return (
    <Alert
      color="teal"
      variant="light"
      radius="md"
      title={<Trans>Upgrade to {name}?</Trans>}
      data-testid="upgrade-confirm"
    >
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            {cost} points will be spent. Your balance after the upgrade: {after} points.
          </Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={onConfirm} loading={pending} data-testid="upgrade-confirm-button">
            <Trans>Confirm upgrade</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** `{ open, dialog }`: render `dialog` once and call `open()` from any control. */
export function useUpgradeDialog() {
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => setOpened(true), []);
  const dialog = <UpgradeDialog opened={opened} onClose={() => setOpened(false)} />;
  return { open, dialog };
}

/** A button that opens the upgrade dialog; children default to "Upgrade membership". */
export function UpgradeButton({ children, ...props }: ButtonProps & { children?: ReactNode }) {
  const { open, dialog } = useUpgradeDialog();
  return (
    <>
      <Button leftSection={<IconCrown size={16} aria-hidden />} {...props} onClick={open} data-testid="upgrade-button">
        {children ?? <Trans>Upgrade membership</Trans>}
      </Button>
      {dialog}
    </>
  );
}
