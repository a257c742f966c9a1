/**
 * A member's page `/members/$userId` (issue #13 §2): photo, name, user type, tier, average rating
 * with its count (one decimal on the 0–3 scale, spec part 2 §3), activities, sectors, target
 * countries, expertise, years of export experience, certificates, and the knowledge they shared.
 * Contact details never reach this page (the server does not send them): members reach each
 * other through requests and offers.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { type ReactNode, useId } from "react";
import { EXPERIENCE_OPTIONS, EXPERTISE_AREAS } from "../../../common/profile";
import { AverageRating } from "../../components/AverageRating";
import { BackLink } from "../../components/BackLink";
import { LoadError } from "../../components/LoadError";
import { TierBadge } from "../../components/TierBadge";
import { UserText } from "../../components/UserText";
import { errorCode } from "../../lib/errors";
import { ACTIVITY_LABELS, EXPERIENCE_LABELS, EXPERTISE_AREA_LABELS, USER_TYPE_LABELS } from "../../lib/labels";
import { sectorName, useCountryOptions } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { KnowledgeCard, NoKnowledge } from "../library";
import { MemberServices } from "./MemberServices";

const route = getRouteApi("/_app/members_/$userId");

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        {title}
      </Text>
      {children}
    </div>
  );
}

function Badges({ values }: { values: string[] }) {
  if (values.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Not specified</Trans>
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {values.map((v) => (
        <Badge key={v} variant="light" color="blue" tt="none" maw="100%">
          <bdi>{v}</bdi>
        </Badge>
      ))}
    </Group>
  );
}

/** Back to the list. */
function Back() {
  return (
    <BackLink to="/members">
      <Trans>Back to members</Trans>
    </BackLink>
  );
}

export function MemberPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const { userId } = route.useParams();
  const member = useQuery({
    ...trpc.members.get.queryOptions({ userId }),
    retry: (n, e) => errorCode(e) !== "NOT_FOUND" && errorCode(e) !== "BAD_REQUEST" && n < 2,
  });
  const countries = useCountryOptions(i18n.locale);
  const titleId = useId();
  useDocumentTitle(member.data?.name ?? t`Member`);

  const code = errorCode(member.error);
  if (code === "NOT_FOUND" || code === "BAD_REQUEST") {
    return (
      <Stack maw={960} mx="auto" gap="md">
        <Back />
        <Card withBorder radius="lg" p="xl" data-testid="member-missing">
          <Stack align="center" gap="sm" ta="center">
            <Title order={1} size="h3">
              <Trans>This member's page is not available</Trans>
            </Title>
            <Text c="dimmed" size="sm">
              <Trans>Only approved, active members have a page.</Trans>
            </Text>
          </Stack>
        </Card>
      </Stack>
    );
  }
  if (member.isError) {
    return (
      <Stack maw={960} mx="auto" gap="md">
        <Back />
        <LoadError title={t`Failed to load this member`} error={member.error} onRetry={() => void member.refetch()} />
      </Stack>
    );
  }
  if (!member.data) {
    return (
      <Stack maw={960} mx="auto" gap="md" aria-busy="true" aria-label={t`Loading`}>
        <Back />
        <Group gap="md">
          <Skeleton circle h={96} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton h={24} w="50%" />
            <Skeleton h={14} w="30%" />
          </Stack>
        </Group>
        <Skeleton h={180} />
      </Stack>
    );
  }

  const m = member.data;
  const average = m.rating.average;
  const expertise = m.expertiseAreas.map((a) =>
    (EXPERTISE_AREAS as readonly string[]).includes(a)
      ? i18n._(EXPERTISE_AREA_LABELS[a as keyof typeof EXPERTISE_AREA_LABELS])
      : a,
  );
  const years = m.yearsExportExperience;
  const experience = (EXPERIENCE_OPTIONS as readonly number[]).includes(years)
    ? i18n._(EXPERIENCE_LABELS[years as (typeof EXPERIENCE_OPTIONS)[number]])
    : String(years);

  return (
    <Stack maw={960} mx="auto" gap="lg" component="article" aria-labelledby={titleId} data-testid="member-page">
      <Back />
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={m.photoUrl} name={m.name} color="initials" size={96} radius="50%" alt="" />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Title order={1} size="h2" id={titleId} style={{ overflowWrap: "anywhere" }}>
            <bdi>{m.name}</bdi>
          </Title>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {i18n._(USER_TYPE_LABELS[m.userType])}
            </Text>
            <TierBadge tier={m.tier} size="sm" />
          </Group>
          <Group gap={8} data-testid="member-page-rating">
            {average === null || m.rating.count === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No ratings yet</Trans>
              </Text>
            ) : (
              <AverageRating average={average} count={m.rating.count} size="sm" />
            )}
          </Group>
        </Stack>
      </Group>

      <Paper withBorder radius="lg" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Section title={<Trans>Activities</Trans>} testId="member-activities">
            <Badges values={m.activities.map((a) => i18n._(ACTIVITY_LABELS[a]))} />
          </Section>
          <Section title={<Trans>Years of export experience</Trans>} testId="member-experience">
            <Text size="sm">{experience}</Text>
          </Section>
          <Section title={<Trans>Sectors</Trans>} testId="member-sectors">
            <Badges values={m.industrialSectors.map((c) => sectorName(c, i18n.locale))} />
          </Section>
          <Section title={<Trans>Target countries</Trans>} testId="member-countries">
            <Badges values={m.targetCountries.map(countries.nameOf)} />
          </Section>
          <Section title={<Trans>Expertise</Trans>} testId="member-expertise">
            <Badges values={expertise} />
          </Section>
          <Section title={<Trans>Certificates</Trans>} testId="member-certificates">
            {m.certificates.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>Not specified</Trans>
              </Text>
            ) : (
              <Stack gap={2} component="ul" m={0} ps="md">
                {m.certificates.map((c) => (
                  <li key={c}>
                    <UserText size="sm" preWrap={false}>
                      {c}
                    </UserText>
                  </li>
                ))}
              </Stack>
            )}
          </Section>
        </SimpleGrid>
      </Paper>

      {m.services.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby={`${titleId}-services`}>
          <Title order={2} size="h4" id={`${titleId}-services`}>
            <Trans>Services</Trans>
          </Title>
          <Paper withBorder radius="lg" p="md">
            <MemberServices services={m.services} label={t`Services`} />
          </Paper>
        </Stack>
      )}

      <Stack gap="sm" component="section" aria-labelledby={`${titleId}-knowledge`}>
        <Title order={2} size="h4" id={`${titleId}-knowledge`}>
          <Trans>Knowledge shared</Trans>
        </Title>
        {m.knowledge.length === 0 ? (
          <NoKnowledge />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="member-knowledge">
            {m.knowledge.map((k) => (
              <KnowledgeCard key={k.id} item={k} countryName={countries.nameOf} hideAuthor />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
