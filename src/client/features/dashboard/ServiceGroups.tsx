/**
 * Dashboard service groups (spec part 2 §2; issue #14): each with offers and requests and a Send
 * and a Received button (SEND_PATHS, RECEIVED_PATHS); every Received button carries its board's
 * live badge, and "My posts" and "Responses" (with the unread offers badge) sit by the title.
 * Consultancy (issue #15): offers are the services providers publish (Send = publish a service,
 * Received = the responses to my consultation requests); Send under requests opens the
 * consultation request dialog (spec part 2 §2), Received lists the requests routed to me.
 */
import { Trans } from "@lingui/react/macro";
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { boardBadgeCap, type PostArea } from "../../../common/constants";
import type { Board } from "../../../common/posts";
import { LazyDialog } from "../../components/LazyDialog";
import { badgeLabel, useBadges } from "../badges";
import { RECEIVED_PATHS, SEND_PATHS } from "../posts/labels";

/** The consultation request dialog (its form, pickers and schemas), fetched when it first opens. */
const loadConsultationDialog = () => import("../posts/ConsultationDialog").then((m) => m.ConsultationDialog);

interface Row {
  label: ReactNode;
  /** The board whose Received button this is (its test id is `received-<board>`). */
  board?: Board;
  /** A Send page, or a dialog to open (the consultation request). */
  send: string | { open: () => void };
  received: string;
  badge?: number;
}

interface GroupDef {
  key: string;
  title: ReactNode;
  rows: Row[];
  /** A page of the group's own under its rows (consultancy: My services). */
  more?: { to: string; label: ReactNode };
}

/**
 * A link styled as a small button; with `badge`, the count shows beside its label, is read as
 * "n new", and is in `data-count` (0 when there is none).
 */
function LinkButton({
  to,
  children,
  badge,
  cap,
  testId,
}: {
  to: string;
  children: ReactNode;
  badge?: number;
  /** Where `badge` stops ("99+" at 100, "9+" at 10). */
  cap?: number;
  testId?: string;
}) {
  return (
    <Button
      component={Link}
      to={to}
      size="xs"
      variant="light"
      data-testid={testId}
      data-count={badge ?? 0}
      rightSection={
        badge ? (
          <Badge size="xs" color="red" circle={badge < 10}>
            {badgeLabel(badge, cap)}
            <VisuallyHidden>
              {" "}
              <Trans>new</Trans>
            </VisuallyHidden>
          </Badge>
        ) : null
      }
    >
      {children}
    </Button>
  );
}

/** The Offers and Requests rows of a service area's boards, with their live badges. */
function areaRows(area: Exclude<PostArea, "membership" | "consultancy">, posts: Partial<Record<Board, number>>): Row[] {
  const offer = `${area}.offer` as const;
  const request = `${area}.request` as const;
  return [
    {
      label: <Trans>Offers</Trans>,
      board: offer,
      send: SEND_PATHS[offer],
      received: RECEIVED_PATHS[offer],
      badge: posts[offer],
    },
    {
      label: <Trans>Requests</Trans>,
      board: request,
      send: SEND_PATHS[request],
      received: RECEIVED_PATHS[request],
      badge: posts[request],
    },
  ];
}

export function ServiceGroups() {
  const badges = useBadges();
  const [consulting, setConsulting] = useState(false);
  const groups: GroupDef[] = [
    {
      key: "membership",
      title: <Trans>Membership services</Trans>,
      rows: [
        {
          label: <Trans>Member requests</Trans>,
          board: "membership.request",
          send: "/member-request",
          received: RECEIVED_PATHS["membership.request"],
          badge: badges.posts["membership.request"] ?? badges.requests,
        },
      ],
    },
    {
      key: "collaboration",
      title: <Trans>Collaboration and partnership</Trans>,
      rows: areaRows("collaboration", badges.posts),
    },
    { key: "export", title: <Trans>Export-related services</Trans>, rows: areaRows("export_services", badges.posts) },
    {
      key: "consultancy",
      title: <Trans>Consultancy and training</Trans>,
      rows: [
        { label: <Trans>Offers</Trans>, send: "/consultancy/send-offer", received: "/consultancy/received-offer" },
        {
          label: <Trans>Requests</Trans>,
          board: "consultancy.request",
          send: { open: () => setConsulting(true) },
          received: RECEIVED_PATHS["consultancy.request"],
          badge: badges.posts["consultancy.request"],
        },
      ],
      more: { to: "/services/mine", label: <Trans>My services</Trans> },
    },
    {
      key: "information",
      title: <Trans>Information and documents</Trans>,
      rows: areaRows("information", badges.posts),
    },
    {
      key: "recruitment",
      title: <Trans>Recruitment and placement</Trans>,
      rows: areaRows("recruitment", badges.posts),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Title order={2} size="h3">
          <Trans>Services</Trans>
        </Title>
        <Group gap={6} data-testid="my-posts-links">
          <LinkButton to="/posts/mine">
            <Trans>My posts</Trans>
          </LinkButton>
          <LinkButton to="/offers/received" badge={badges.unreadOffers}>
            <Trans>Responses</Trans>
          </LinkButton>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {groups.map((g) => (
          <Card key={g.key} withBorder radius="lg" p="md" data-testid={`service-group-${g.key}`}>
            <Text fw={700} mb="xs">
              {g.title}
            </Text>
            <Stack gap="xs">
              {g.rows.map((r) => (
                <Group key={r.received} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" c="dimmed">
                    {r.label}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    {typeof r.send === "string" ? (
                      <LinkButton to={r.send}>
                        <Trans>Send</Trans>
                      </LinkButton>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={r.send.open}
                        aria-haspopup="dialog"
                        data-testid={`send-${r.board}`}
                      >
                        <Trans>Send</Trans>
                      </Button>
                    )}
                    <LinkButton
                      to={r.received}
                      badge={r.badge}
                      cap={r.board && boardBadgeCap(r.board)}
                      testId={r.board && `received-${r.board}`}
                    >
                      <Trans>Received</Trans>
                    </LinkButton>
                  </Group>
                </Group>
              ))}
              {g.more && (
                <Anchor component={Link} to={g.more.to} size="sm" data-testid={`more-${g.key}`}>
                  {g.more.label}
                </Anchor>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <LazyDialog load={loadConsultationDialog} opened={consulting} onClose={() => setConsulting(false)} />
    </Stack>
  );
}
