/**
 * One member in the directory: photo (or initials), name (linking to the member's page),
 * activities, sectors, target countries, tier, the average rating and their approved services. Public
 * fields only: the directory never receives contact details.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Avatar, Badge, Card, Group, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import type { Activity, Tier, UserType } from "../../../common/constants";
import { AverageRating } from "../../components/AverageRating";
import { TierBadge } from "../../components/TierBadge";
import { useStartAlign } from "../../components/UserText";
import { formatNumber, listSeparator } from "../../i18n";
import { ACTIVITY_LABELS, USER_TYPE_LABELS } from "../../lib/labels";
import { photoImage } from "../../lib/photos";
import { sectorName } from "../../lib/reference";
import { type ListedService, MemberServices } from "./MemberServices";

export interface DirectoryMember {
  userId: string;
  name: string;
  photoUrl: string | null;
  activities: Activity[];
  userType: UserType;
  industrialSectors: string[];
  targetCountries: string[];
  tier: Tier;
  points: number;
  /** Average of the 1–3 star ratings of their responses; `average` null when never rated. */
  rating: { average: number | null; count: number };
  /** Their approved, listed services (issue #15 §4). */
  services: ListedService[];
  /** Their latest export readiness score (0–100), shown only when they chose to (issue #18 §3). */
  readiness?: number | null;
}

/** The photo's size on the card (CSS px); the 64/128/256 px copies cover 1x–3x screens. */
const AVATAR_SIZE = 56;

/** Sectors and countries shown before "+N". */
const VISIBLE_SECTORS = 3;
const VISIBLE_COUNTRIES = 3;

/** The member's average rating out of 3 with its count; nothing until they have been rated. */
export function MemberRatingSlot({ member }: { member: DirectoryMember }) {
  const { average, count } = member.rating;
  if (average === null || count === 0) return null;
  return <AverageRating average={average} count={count} size="xs" testId="member-rating" />;
}

/** "+N" with the hidden names in a tooltip; focusable so keyboard users reach the tooltip too. */
function MoreBadge({ hidden }: { hidden: string[] }) {
  const { t, i18n } = useLingui();
  const count = hidden.length;
  if (count === 0) return null;
  const list = hidden.join(listSeparator(i18n.locale));
  return (
    <Tooltip label={list} multiline maw={260} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        variant="light"
        color="gray"
        tabIndex={0}
        aria-label={t`${count} more: ${list}`}
        style={{ cursor: "default" }}
      >
        +{formatNumber(count)}
      </Badge>
    </Tooltip>
  );
}

export function MemberCard({
  member,
  countryName,
}: {
  member: DirectoryMember;
  countryName: (code: string) => string;
}) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const start = useStartAlign();
  const sectors = member.industrialSectors.map((code) => sectorName(code, i18n.locale));
  const countries = member.targetCountries.map(countryName);
  const photo = photoImage(member.photoUrl, AVATAR_SIZE);

  return (
    <Card withBorder radius="lg" p="md" component="article" aria-labelledby={titleId} data-testid="member-card">
      <Stack gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Avatar
            src={photo.src}
            name={member.name}
            color="initials"
            size={AVATAR_SIZE}
            radius="xl"
            alt=""
            imageProps={{ ...photo.imageProps, loading: "lazy" }}
          />
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text fw={700} lineClamp={2} id={titleId} component="h2" size="md" m={0} dir="auto" ta={start}>
              {/* The member's page (issue #13 §2). */}
              <Anchor
                renderRoot={(props) => <Link to="/members/$userId" params={{ userId: member.userId }} {...props} />}
                inherit
                c="var(--mantine-color-text)"
                data-testid="member-card-link"
              >
                {member.name}
              </Anchor>
            </Text>
            <Text size="xs" c="dimmed">
              {i18n._(USER_TYPE_LABELS[member.userType])}
            </Text>
          </Stack>
          <TierBadge tier={member.tier} size="sm" style={{ flexShrink: 0 }} />
        </Group>

        <MemberRatingSlot member={member} />

        {member.activities.length > 0 && (
          <Group gap={6} aria-label={t`Activities`}>
            {member.activities.map((a) => (
              <Badge key={a} variant="outline" size="sm">
                {i18n._(ACTIVITY_LABELS[a])}
              </Badge>
            ))}
          </Group>
        )}

        <div>
          <Text size="xs" c="dimmed" fw={600} mb={4}>
            <Trans>Sectors</Trans>
          </Text>
          {sectors.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>Not specified</Trans>
            </Text>
          ) : (
            <Group gap={6}>
              {sectors.slice(0, VISIBLE_SECTORS).map((name) => (
                <Badge key={name} variant="light" color="blue" size="sm" tt="none" maw="100%">
                  {name}
                </Badge>
              ))}
              <MoreBadge hidden={sectors.slice(VISIBLE_SECTORS)} />
            </Group>
          )}
        </div>

        <div>
          <Text size="xs" c="dimmed" fw={600} mb={4}>
            <Trans>Target countries</Trans>
          </Text>
          {countries.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>Not specified</Trans>
            </Text>
          ) : (
            <Group gap={6}>
              <Text size="sm">{countries.slice(0, VISIBLE_COUNTRIES).join(listSeparator(i18n.locale))}</Text>
              <MoreBadge hidden={countries.slice(VISIBLE_COUNTRIES)} />
            </Group>
          )}
        </div>

        {member.readiness != null && <ReadinessLine score={member.readiness} />}

        {member.services.length > 0 && (
          <div>
            <Text size="xs" c="dimmed" fw={600} mb={4}>
              <Trans>Services</Trans>
            </Text>
            <MemberServices services={member.services} label={t`Services`} />
          </div>
        )}
      </Stack>
    </Card>
  );
}

/** "Export readiness: 67 of 100" (issue #18 §3). */
function ReadinessLine({ score }: { score: number }) {
  const { i18n } = useLingui();
  const value = formatNumber(score, i18n.locale);
  return (
    <Text size="sm" data-testid="member-readiness">
      <Trans>
        Export readiness: <b>{value}</b> of 100
      </Trans>
    </Text>
  );
}

/** Placeholder card while the first page loads. */
export function MemberCardSkeleton() {
  return (
    <Card withBorder radius="lg" p="md" aria-hidden>
      <Stack gap="sm">
        <Group wrap="nowrap" gap="sm">
          <Skeleton circle height={AVATAR_SIZE} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={14} width="70%" />
            <Skeleton height={10} width="40%" />
          </Stack>
        </Group>
        <Skeleton height={18} width="50%" />
        <Skeleton height={10} width="30%" />
        <Group gap={6}>
          <Skeleton height={18} width={80} radius="xl" />
          <Skeleton height={18} width={64} radius="xl" />
        </Group>
        <Skeleton height={10} width="30%" />
        <Skeleton height={12} width="80%" />
      </Stack>
    </Card>
  );
}
