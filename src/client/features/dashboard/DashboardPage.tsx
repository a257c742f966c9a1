/**
 * Dashboard (spec part 2 §2): welcome banner with photo, name, average rating (one decimal with
 * its count), tier and the upgrade control; the member's real points (a full-width card for
 * members, beside the admin cards for admins: applications, submissions, services, contact messages); the community cards
 * and the service groups.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Avatar, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCoins, IconInbox, IconMail, IconSchool, IconUserCheck, IconUserCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { APPROVAL_POINTS, HELPFUL_ANSWER_POINTS, LIKE_POINTS } from "../../../common/constants";
import { AverageRating } from "../../components/AverageRating";
import { TierBadge } from "../../components/TierBadge";
import { formatNumber } from "../../i18n";
import { photoImage } from "../../lib/photos";
import { useTRPC } from "../../trpc";
import { LatestAssessmentCard } from "../assessments";
import { useBadges } from "../badges";
import { UpgradeButton } from "../points";
import { useSession } from "../session";
import { DashboardCards } from "./DashboardCards";
import { ServiceGroups } from "./ServiceGroups";

export function DashboardPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: session } = useSession();
  const viewer = session?.viewer;
  const badges = useBadges();
  const profile = useQuery({ ...trpc.profile.get.queryOptions(), enabled: !!viewer });
  const rating = useQuery({ ...trpc.offers.myRating.queryOptions(), enabled: !!viewer });
  if (!viewer) return null;
  const completion = profile.data?.completion.percent;
  const postMin = formatNumber(APPROVAL_POINTS[0]);
  const postMax = formatNumber(APPROVAL_POINTS[APPROVAL_POINTS.length - 1] ?? APPROVAL_POINTS[0]);
  const answer = formatNumber(HELPFUL_ANSWER_POINTS);
  const like = formatNumber(LIKE_POINTS);

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Card withBorder radius="lg" p="lg" bg="teal.0" data-testid="welcome-banner">
        <Group justify="space-between" wrap="wrap">
          <Group wrap="nowrap">
            <Avatar
              size="lg"
              radius="xl"
              color="teal"
              name={viewer.name}
              alt=""
              {...photoImage(profile.data?.photo?.url, 56)}
            />
            <div>
              <Title order={2} data-testid="welcome">
                <Trans>Welcome, {viewer.name}</Trans>
              </Title>
              {rating.data?.average != null ? (
                <AverageRating
                  average={rating.data.average}
                  count={rating.data.count}
                  size="sm"
                  testId="my-rating"
                  textTestId="my-rating-text"
                />
              ) : (
                <Text c="dimmed" size="sm">
                  <Trans>Synergy for export</Trans>
                </Text>
              )}
            </div>
          </Group>
          <Group gap="sm" wrap="wrap">
            <TierBadge tier={badges.tier ?? viewer.tier} size="xl" />
            <UpgradeButton variant="filled" size="sm" />
          </Group>
        </Group>
      </Card>

      {completion !== undefined && completion < 100 && (
        <Alert
          color="yellow"
          variant="light"
          radius="lg"
          title={t`Complete your profile`}
          icon={<IconUserCircle size={20} aria-hidden />}
          data-testid="complete-profile-prompt"
        >
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                Your profile is {completion}% complete. Members' requests reach you by your sectors, target countries
                and activity, so a complete profile brings you more of them.
              </Trans>
            </Text>
            <Progress value={completion} color="yellow" aria-label={t`Profile completion`} />
            <Group>
              <Button component={Link} to="/profile" size="xs" variant="filled" color="yellow">
                <Trans>Complete Your Profile</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <SimpleGrid cols={viewer.isAdmin ? { base: 1, xs: 2, md: 3, xl: 5 } : 1} data-testid="dashboard-top-cards">
        <Card withBorder radius="lg" p="lg" data-testid="points-card">
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              <Trans>Points</Trans>
            </Text>
            <IconCoins size={20} aria-hidden />
          </Group>
          <Text fz={32} fw={700} data-testid="dashboard-points">
            {formatNumber(badges.points ?? viewer.points)}
          </Text>
          <Text size="xs" c="dimmed">
            <Trans>
              Earn {postMin}–{postMax} points for each knowledge post an administrator approves, +{like} for each member
              who likes it, and +{answer} when a member rates your answer 3 stars.
            </Trans>
          </Text>
        </Card>

        {viewer.isAdmin && (
          <Card withBorder radius="lg" p="lg">
            <Group justify="space-between">
              <Text c="dimmed" size="sm">
                <Trans>Pending applications</Trans>
              </Text>
              <IconUserCheck size={20} aria-hidden />
            </Group>
            <Text fz={32} fw={700}>
              {formatNumber(badges.pendingApplicants)}
            </Text>
            <Button component={Link} to="/admin/approvals" variant="light" mt="xs" aria-label={t`Review applications`}>
              <Trans>Review applications</Trans>
            </Button>
          </Card>
        )}
        {viewer.isAdmin && (
          <Card withBorder radius="lg" p="lg" data-testid="admin-card">
            <Group justify="space-between">
              <Text c="dimmed" size="sm">
                <Trans>Pending submissions</Trans>
              </Text>
              <IconInbox size={20} aria-hidden />
            </Group>
            <Text fz={32} fw={700} data-testid="pending-submissions">
              {formatNumber(badges.pendingSubmissions)}
            </Text>
            <Button component={Link} to="/admin/inbox" variant="light" mt="xs">
              <Trans>Open Admin Inbox</Trans>
            </Button>
          </Card>
        )}
        {viewer.isAdmin && (
          <Card withBorder radius="lg" p="lg" data-testid="admin-services-card">
            <Group justify="space-between">
              <Text c="dimmed" size="sm">
                <Trans>Services waiting for review</Trans>
              </Text>
              <IconSchool size={20} aria-hidden />
            </Group>
            <Text fz={32} fw={700} data-testid="pending-services">
              {formatNumber(badges.pendingServices)}
            </Text>
            <Button component={Link} to="/admin/services" variant="light" mt="xs">
              <Trans>Review services</Trans>
            </Button>
          </Card>
        )}
        {viewer.isAdmin && (
          <Card withBorder radius="lg" p="lg" data-testid="admin-contact-card">
            <Group justify="space-between">
              <Text c="dimmed" size="sm">
                <Trans>Unread contact messages</Trans>
              </Text>
              <IconMail size={20} aria-hidden />
            </Group>
            <Text fz={32} fw={700} data-testid="unread-contact">
              {formatNumber(badges.unreadContact)}
            </Text>
            <Button component={Link} to="/admin/contact" variant="light" mt="xs">
              <Trans>Open contact messages</Trans>
            </Button>
          </Card>
        )}
      </SimpleGrid>

      <LatestAssessmentCard />

      <DashboardCards />

      <ServiceGroups />
    </Stack>
  );
}
