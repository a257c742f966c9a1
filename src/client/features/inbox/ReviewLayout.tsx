/**
 * The layout of the admin review screens (the knowledge inbox `/admin/inbox`, services
 * `/admin/services`, the contact inbox `/admin/contact`; spec part 2 §2 Admin Inbox): title and
 * intro, the pending / approved / rejected counters (or a `summary`), tabs with their counts
 * over the list (the review statuses, or the screen's own `tabLabels` and `tabCounts`), and the review panel — beside
 * the list on wide screens, a bottom drawer on phones (so Back closes it). The screens bring
 * their own list, panel and data; the tab and the selected item live in their URL.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Badge,
  Button,
  Card,
  Drawer,
  Grid,
  Group,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconCheck, IconHandClick, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { ApprovalStatus } from "../../../common/constants";
import { LoadError } from "../../components/LoadError";
import { UserText } from "../../components/UserText";
import { formatNumber } from "../../i18n";
import { Counters } from "./Counters";

/** A status tab; `all` shows every status. */
export type ReviewTab = "all" | ApprovalStatus;

const TAB_LABELS: Record<ReviewTab, ReactNode> = {
  all: <Trans>All</Trans>,
  pending: <Trans>Pending</Trans>,
  approved: <Trans>Approved</Trans>,
  rejected: <Trans>Rejected</Trans>,
};

export function ReviewLayout<T extends string = ReviewTab>({
  title,
  intro,
  counts,
  countsError,
  summary,
  tabs,
  tab,
  onTab,
  tabLabels,
  tabCounts,
  list,
  panel,
  wide,
  drawerOpen,
  onCloseDrawer,
  drawerTitle,
}: {
  title: ReactNode;
  intro: ReactNode;
  /** The review counters (pending, approved, rejected) and the status tabs' counts. */
  counts?: Record<ApprovalStatus, number> | undefined;
  countsError?: unknown;
  /** Shown instead of the review counters (the contact inbox has none: `null`). */
  summary?: ReactNode;
  tabs: readonly T[];
  tab: T;
  onTab: (tab: T) => void;
  /** Tab texts, for tabs other than the review statuses. */
  tabLabels?: Record<T, ReactNode>;
  /** Tab counts, for tabs other than the review statuses (undefined while loading). */
  tabCounts?: Record<T, number> | undefined;
  /** The list (or its skeleton or load error) under the tabs. */
  list: ReactNode;
  /** The review panel, its placeholder or a "not in the list" note. */
  panel: ReactNode;
  /** Wide screen: the panel beside the list; otherwise in the drawer. */
  wide: boolean;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  drawerTitle: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const tabCount = (x: T) => {
    if (tabLabels) return tabCounts ? formatNumber(tabCounts[x], i18n.locale) : null;
    if (!counts) return null;
    const status = x as ReviewTab;
    const n = status === "all" ? counts.pending + counts.approved + counts.rejected : counts[status];
    return formatNumber(n, i18n.locale);
  };
  const tabLabel = (x: T) => (tabLabels ? tabLabels[x] : TAB_LABELS[x as ReviewTab]);

  return (
    <Stack maw={1200} mx="auto" gap="md" pb="md">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {intro}
        </Text>
      </div>

      {summary !== undefined ? summary : countsError ? <LoadError error={countsError} /> : <Counters counts={counts} />}

      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Tabs value={tab} onChange={(v) => onTab((v ?? tabs[0]) as T)} keepMounted={false} variant="outline">
            <ScrollArea type="never" offsetScrollbars={false}>
              <Tabs.List style={{ flexWrap: "nowrap" }}>
                {tabs.map((x) => (
                  <Tabs.Tab
                    key={x}
                    value={x}
                    data-testid={`tab-${x}`}
                    // Tabs keep their width (the list scrolls instead), so the counts stay readable.
                    style={{ flexShrink: 0 }}
                    rightSection={
                      tabCount(x) !== null ? (
                        <Badge
                          size="sm"
                          variant="light"
                          color="gray"
                          circle={false}
                          style={{ flexShrink: 0, overflow: "visible" }}
                          data-testid={`tab-count-${x}`}
                        >
                          {tabCount(x)}
                        </Badge>
                      ) : undefined
                    }
                  >
                    {tabLabel(x)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </ScrollArea>
            {tabs.map((x) => (
              <Tabs.Panel key={x} value={x} pt="sm">
                {list}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Grid.Col>

        {wide && (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card
              withBorder
              radius="lg"
              p={0}
              style={{
                position: "sticky",
                top: "calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))",
              }}
            >
              <ScrollArea.Autosize
                mah="calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))"
                type="auto"
              >
                <div style={{ padding: "var(--mantine-spacing-lg)" }}>{panel}</div>
              </ScrollArea.Autosize>
            </Card>
          </Grid.Col>
        )}
      </Grid>

      {!wide && (
        <Drawer
          opened={drawerOpen}
          onClose={onCloseDrawer}
          position="bottom"
          size="92%"
          radius="lg"
          title={drawerTitle}
          closeButtonProps={{ "aria-label": t`Close` }}
          data-testid="review-drawer"
        >
          {panel}
        </Drawer>
      )}
    </Stack>
  );
}

/** The panel's placeholder before anything is selected. */
export function ReviewPlaceholder({ children }: { children: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="review-placeholder">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        <IconHandClick size={24} />
      </ThemeIcon>
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Stack>
  );
}

/** One row of a review list (`ReviewList`). */
export interface ReviewItem {
  id: number;
  /** What was submitted: its title, as its author wrote it. */
  title: string;
  /** A line of facts under the title (author, kind, date). */
  facts: ReactNode;
  /** Badges under the facts, if any. */
  extra?: ReactNode;
  /** The status badge at the end of the row. */
  status: ReactNode;
  /** Not opened yet (the contact inbox): a bolder title and a marked start edge. */
  unread?: boolean;
}

/**
 * The list of a review screen (knowledge inbox, service review): each row a button that opens
 * the review panel, with its title, facts and status; `empty` (and its icon) when there is none.
 */
export function ReviewList({
  items,
  selectedId,
  onSelect,
  empty,
  emptyIcon,
}: {
  items: ReviewItem[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  empty: ReactNode;
  emptyIcon: ReactNode;
}) {
  if (items.length === 0) {
    return (
      <Card withBorder radius="lg" p="xl" data-testid="inbox-empty">
        <Stack align="center" gap="xs">
          {emptyIcon}
          <Text c="dimmed" ta="center">
            {empty}
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} data-testid="inbox-list">
      {items.map((item) => (
        <ReviewRow
          key={item.id}
          id={item.id}
          selected={item.id === selectedId}
          unread={item.unread}
          onSelect={() => onSelect(item.id)}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <UserText fw={item.unread ? 800 : 600} size="sm" lineClamp={2} preWrap={false}>
                {item.title}
              </UserText>
              <Text size="xs" c="dimmed" truncate>
                {item.facts}
              </Text>
              {item.extra}
            </Stack>
            <div style={{ flexShrink: 0 }}>{item.status}</div>
          </Group>
        </ReviewRow>
      ))}
    </Stack>
  );
}

/**
 * One row of a review list: a button that opens the review panel, the selected one marked for
 * assistive technology with `aria-current` and on its start edge.
 */
function ReviewRow({
  selected,
  unread,
  onSelect,
  id,
  children,
}: {
  selected: boolean;
  unread?: boolean;
  onSelect: () => void;
  id: number;
  children: ReactNode;
}) {
  return (
    <li>
      <UnstyledButton
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        w="100%"
        p="sm"
        data-testid="inbox-item"
        data-id={id}
        data-unread={unread ? "true" : undefined}
        style={{
          display: "block",
          borderRadius: "var(--mantine-radius-md)",
          border: `1px solid ${selected ? "var(--mantine-color-teal-6)" : "var(--mantine-color-default-border)"}`,
          background: selected ? "var(--mantine-color-teal-0)" : "var(--mantine-color-body)",
          // The start edge (left, or right in Persian) marks the selected row, or an unread one.
          borderInlineStartWidth: selected || unread ? 4 : 1,
          borderInlineStartColor: selected
            ? "var(--mantine-color-teal-6)"
            : unread
              ? "var(--mantine-color-blue-6)"
              : undefined,
        }}
      >
        {children}
      </UnstyledButton>
    </li>
  );
}

/**
 * Reject and Approve, the decision of every review panel: each shows its own spinner while it
 * is sent, and neither can be pressed while the other is.
 */
export function DecisionButtons({
  onDecide,
  pending,
  busy,
  approveLabel,
}: {
  onDecide: (decision: "approved" | "rejected") => void;
  /** The decision being sent, if any. */
  pending: "approved" | "rejected" | null;
  busy: boolean;
  /** The approve button's text (default "Approve"). */
  approveLabel?: ReactNode;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button
        color="red"
        variant="light"
        leftSection={<IconX size={16} aria-hidden />}
        onClick={() => onDecide("rejected")}
        loading={pending === "rejected"}
        disabled={busy && pending !== "rejected"}
        data-testid="reject"
      >
        <Trans>Reject</Trans>
      </Button>
      <Button
        color="teal"
        leftSection={<IconCheck size={16} aria-hidden />}
        onClick={() => onDecide("approved")}
        loading={pending === "approved"}
        disabled={busy && pending !== "approved"}
        data-testid="approve"
      >
        {approveLabel ?? <Trans>Approve</Trans>}
      </Button>
    </Group>
  );
}
