/**
 * Admin analytics `/admin/analytics` (issue #17 §3): a date range at the top (in the URL; the
 * last 12 weeks by default) and a grid of cards, one per chart, each from its own query
 * (`analytics.<chart>`): applicants and approvals per week, members by activity, tier and target
 * country (today), requests and offers per service area per week, response rate and median time
 * to the first response, ratings, knowledge submissions and points, active members (7 and 30
 * days). Every card has a table alternative and a CSV download (ChartCard). One column on phones.
 * What each figure counts is documented in server/domain/analytics.ts.
 */
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { useEffect, useState } from "react";
import { defaultRange, rangeProblem } from "../../../common/analytics";
import { type Activity, POST_AREAS, type PostArea, type Tier } from "../../../common/constants";
import type { AppRouter } from "../../../server/trpc/router";
import { DateField } from "../../components/DateField";
import { dateTimeFormat, factSeparator, formatCalendarDate, formatNumber, numberFormat } from "../../i18n";
import { translateServerText } from "../../i18n/serverMessages";
import { ACTIVITY_LABELS, TIER_LABELS } from "../../lib/labels";
import { useCountryOptions } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { AREA_LABELS } from "../posts/labels";
import { ChartCard, type ChartView } from "./ChartCard";
import type { CsvValue } from "./csv";

const route = getRouteApi("/_app/admin/analytics");

type Outputs = inferRouterOutputs<AppRouter>["analytics"];

const AREA_COLORS: Record<PostArea, string> = {
  membership: "blue.7",
  collaboration: "teal.7",
  export_services: "orange.7",
  consultancy: "grape.7",
  information: "cyan.8",
  recruitment: "pink.7",
};
const ACTIVITY_COLORS: Record<Activity, string> = {
  exporter: "blue.7",
  export_expert: "teal.7",
  export_service_provider: "orange.7",
};
const TIER_COLORS: Record<Tier, string> = { turquoise: "cyan.6", silver: "gray.5", gold: "yellow.6" };

export function AnalyticsPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  useDocumentTitle(t`Analytics`);
  const locale = i18n.locale;
  const countries = useCountryOptions(locale);

  const fallback = defaultRange();
  const fromUrl = search.from && search.to && !rangeProblem(search.from, search.to);
  const range = fromUrl ? { from: search.from as string, to: search.to as string } : fallback;
  const isDefault = range.from === fallback.from && range.to === fallback.to;

  // The picker's own values: a range is applied once both ends are set and acceptable.
  const [draft, setDraft] = useState<{ from: string | null; to: string | null }>(range);
  useEffect(() => setDraft({ from: range.from, to: range.to }), [range.from, range.to]);
  const problem = draft.from && draft.to ? rangeProblem(draft.from, draft.to) : null;
  const pick = (next: { from: string | null; to: string | null }) => {
    setDraft(next);
    if (next.from && next.to && !rangeProblem(next.from, next.to)) {
      void navigate({ search: { from: next.from, to: next.to }, replace: true });
    }
  };

  const options = { placeholderData: keepPreviousData, staleTime: 60_000 } as const;
  const applications = useQuery({ ...trpc.analytics.applications.queryOptions(range), ...options });
  const byActivity = useQuery({ ...trpc.analytics.membersByActivity.queryOptions(range), ...options });
  const byTier = useQuery({ ...trpc.analytics.membersByTier.queryOptions(range), ...options });
  const byCountry = useQuery({ ...trpc.analytics.membersByCountry.queryOptions(range), ...options });
  const posts = useQuery({ ...trpc.analytics.posts.queryOptions(range), ...options });
  const responses = useQuery({ ...trpc.analytics.responses.queryOptions(range), ...options });
  const ratings = useQuery({ ...trpc.analytics.ratings.queryOptions(range), ...options });
  const knowledge = useQuery({ ...trpc.analytics.knowledge.queryOptions(range), ...options });
  const active = useQuery({ ...trpc.analytics.activeMembers.queryOptions(range), ...options });
  const [postKind, setPostKind] = useState<"requests" | "offers">("requests");

  const num = (v: CsvValue) => (typeof v === "number" ? formatNumber(v, locale) : "—");
  const percent = (v: CsvValue) =>
    typeof v === "number" ? numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(v) : "—";
  const hours = (v: CsvValue) => {
    if (typeof v !== "number") return "—";
    const digits = numberFormat(locale, { maximumFractionDigits: 1 });
    if (v >= 1) return t`${digits.format(v)} h`;
    return t`${digits.format(Math.round(v * 60))} min`;
  };
  const weekText = (v: CsvValue) => formatCalendarDate(String(v), locale);
  const weekTick = (iso: string) =>
    dateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  const weekColumn = { key: "week", label: t`Week of`, format: weekText };
  const label = (d: MessageDescriptor) => i18n._(d);
  const allZero = (rows: Record<string, unknown>[], keys: string[]) => rows.every((r) => keys.every((k) => !r[k]));

  const memberSnapshot = <K extends string>(
    rows: { key: string; members: number }[],
    labels: Record<K, MessageDescriptor>,
    colors: Record<K, string>,
    keyLabel: string,
  ): ChartView => ({
    columns: [
      { key: "key", label: keyLabel, format: (v) => label(labels[v as K]) },
      { key: "members", label: t`Members`, format: num },
    ],
    rows,
    empty: rows.every((r) => r.members === 0),
    spec: {
      kind: "donut",
      data: rows.map((r) => ({ name: label(labels[r.key as K]), value: r.members, color: colors[r.key as K] })),
    },
  });

  const applicationsView = (rows: Outputs["applications"]): ChartView => ({
    columns: [
      weekColumn,
      { key: "applicants", label: t`Applicants`, format: num },
      { key: "approved", label: t`Approved`, format: num },
      { key: "rejected", label: t`Rejected`, format: num },
    ],
    rows,
    empty: allZero(rows, ["applicants", "approved", "rejected"]),
    spec: {
      kind: "bar",
      dataKey: "label",
      data: rows.map((r) => ({ ...r, label: weekTick(r.week) })),
      series: [
        { name: "applicants", label: t`Applicants`, color: "blue.7" },
        { name: "approved", label: t`Approved`, color: "teal.7" },
        { name: "rejected", label: t`Rejected`, color: "red.7" },
      ],
    },
  });

  const postsView = (rows: Outputs["posts"]): ChartView => {
    const weeks = [...new Set(rows.map((r) => r.week))];
    return {
      columns: [
        weekColumn,
        { key: "area", label: t`Service area`, format: (v) => label(AREA_LABELS[v as PostArea]) },
        { key: "requests", label: t`Requests`, format: num },
        { key: "offers", label: t`Offers`, format: num },
      ],
      rows,
      empty: allZero(rows, [postKind]),
      spec: {
        kind: "bar",
        stacked: true,
        dataKey: "label",
        data: weeks.map((week) => ({
          label: weekTick(week),
          ...Object.fromEntries(rows.filter((r) => r.week === week).map((r) => [r.area, r[postKind]])),
        })),
        series: POST_AREAS.map((a) => ({ name: a, label: label(AREA_LABELS[a]), color: AREA_COLORS[a] })),
      },
    };
  };

  const responsesView = (r: Outputs["responses"]): ChartView => {
    const rate = percent(r.total.rate);
    const median = hours(r.total.medianHours);
    const sep = factSeparator(locale);
    return {
      columns: [
        weekColumn,
        { key: "posts", label: t`Posts`, format: num },
        { key: "answered", label: t`Answered`, format: num },
        { key: "rate", label: t`Response rate`, format: percent },
        { key: "medianHours", label: t`Median time to first response`, format: hours },
      ],
      rows: r.weeks,
      empty: r.total.posts === 0,
      summary: (
        <Trans>
          Whole range: response rate {rate}
          {sep}median time to first response {median}
        </Trans>
      ),
      spec: {
        kind: "line",
        dataKey: "label",
        rightAxis: true,
        fractional: true,
        data: r.weeks.map((w) => ({ label: weekTick(w.week), rate: w.rate, medianHours: w.medianHours })),
        format: (v) => percent(v),
        formatRight: (v) => hours(v),
        series: [
          { name: "rate", label: t`Response rate`, color: "blue.7" },
          { name: "medianHours", label: t`Median time to first response`, color: "orange.7", yAxisId: "right" },
        ],
      },
    };
  };

  const ratingsView = (r: Outputs["ratings"]): ChartView => {
    const average = r.average === null ? "—" : formatNumber(r.average, locale);
    const starsText = (v: CsvValue) => {
      const n = Number(v);
      const stars = formatNumber(n, locale);
      return n === 1 ? t`${stars} star` : t`${stars} stars`;
    };
    return {
      columns: [
        { key: "stars", label: t`Rating`, format: starsText },
        { key: "ratings", label: t`Ratings`, format: num },
      ],
      rows: r.stars,
      empty: r.stars.every((s) => s.ratings === 0),
      summary: <Trans>Average rating: {average}</Trans>,
      spec: {
        kind: "bar",
        dataKey: "label",
        data: r.stars.map((s) => ({ label: starsText(s.stars), ratings: s.ratings })),
        series: [{ name: "ratings", label: t`Ratings`, color: "yellow.8" }],
      },
    };
  };

  const countryView = (r: Outputs["membersByCountry"]): ChartView => {
    const members = formatNumber(r.members, locale);
    const without = formatNumber(r.withoutCountry, locale);
    return {
      columns: [
        { key: "key", label: t`Country`, format: (v) => countries.nameOf(String(v)) },
        { key: "members", label: t`Members`, format: num },
      ],
      rows: r.countries,
      empty: r.countries.length === 0,
      summary: (
        <Trans>
          {members} members; {without} without a target country
        </Trans>
      ),
      spec: {
        kind: "bar",
        horizontal: true,
        dataKey: "label",
        data: r.countries.map((c) => ({ label: countries.nameOf(c.key), members: c.members })),
        series: [{ name: "members", label: t`Members`, color: "teal.7" }],
      },
    };
  };

  const knowledgeView = (rows: Outputs["knowledge"]): ChartView => ({
    columns: [
      weekColumn,
      { key: "submissions", label: t`Submissions`, format: num },
      { key: "approved", label: t`Approved`, format: num },
      { key: "points", label: t`Points awarded`, format: num },
    ],
    rows,
    empty: allZero(rows, ["submissions", "approved", "points"]),
    spec: {
      kind: "bar",
      dataKey: "label",
      rightAxis: true,
      data: rows.map((r) => ({ ...r, label: weekTick(r.week) })),
      series: [
        { name: "submissions", label: t`Submissions`, color: "blue.7" },
        { name: "approved", label: t`Approved`, color: "teal.7" },
        { name: "points", label: t`Points awarded`, color: "yellow.7", yAxisId: "right" },
      ],
    },
  });

  const activeView = (rows: Outputs["activeMembers"]): ChartView => ({
    columns: [
      weekColumn,
      { key: "active7", label: t`Active in 7 days`, format: num },
      { key: "active30", label: t`Active in 30 days`, format: num },
    ],
    rows,
    empty: allZero(rows, ["active7", "active30"]),
    summary: (() => {
      const last = rows.at(-1);
      if (!last) return undefined;
      const a7 = formatNumber(last.active7, locale);
      const a30 = formatNumber(last.active30, locale);
      return (
        <Trans>
          At the end of the range: {a7} active in 7 days, {a30} in 30 days
        </Trans>
      );
    })(),
    spec: {
      kind: "line",
      dataKey: "label",
      data: rows.map((r) => ({ ...r, label: weekTick(r.week) })),
      series: [
        { name: "active7", label: t`Active in 7 days`, color: "blue.7" },
        { name: "active30", label: t`Active in 30 days`, color: "teal.7" },
      ],
    },
  });

  const today = <Trans>Approved members today, whatever the date range.</Trans>;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>
          <Trans>Analytics</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            How the club is doing, week by week (weeks start on Monday, in UTC). Each chart has its figures as a table
            and as a CSV file.
          </Trans>
        </Text>
      </Stack>

      <Group align="flex-end" gap="sm" wrap="wrap" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} size="sm" mb={4}>
          <Trans>Date range</Trans>
        </Text>
        <DateField
          label={t`From`}
          clearLabel={t`Clear start date`}
          value={draft.from}
          onChange={(from) => pick({ ...draft, from })}
          w={{ base: "100%", xs: 240 }}
          data-testid="analytics-from"
        />
        <DateField
          label={t`To`}
          clearLabel={t`Clear end date`}
          value={draft.to}
          onChange={(to) => pick({ ...draft, to })}
          w={{ base: "100%", xs: 240 }}
          data-testid="analytics-to"
        />
        <Button
          variant="default"
          disabled={isDefault && draft.from === range.from && draft.to === range.to}
          onClick={() => {
            setDraft(fallback);
            void navigate({ search: {}, replace: true });
          }}
        >
          <Trans>Last 12 weeks</Trans>
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert" py="xs">
          {translateServerText(problem)}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          chart="applications"
          title={<Trans>Applicants and approvals</Trans>}
          description={<Trans>Applications received, approved and rejected per week.</Trans>}
          query={applications}
          view={applicationsView}
          range={range}
        />
        <ChartCard
          chart="activeMembers"
          title={<Trans>Active members</Trans>}
          description={
            <Trans>Members who signed in or used the club in the 7 and 30 days up to the end of each week.</Trans>
          }
          query={active}
          view={activeView}
          range={range}
        />
        <ChartCard
          chart="posts"
          title={<Trans>Requests and offers per service area</Trans>}
          description={<Trans>Posts created per week, by service area.</Trans>}
          query={posts}
          view={postsView}
          range={range}
          controls={
            <SegmentedControl
              size="xs"
              value={postKind}
              onChange={(v) => setPostKind(v as "requests" | "offers")}
              aria-label={t`Show requests or offers`}
              data={[
                { value: "requests", label: t`Requests` },
                { value: "offers", label: t`Offers` },
              ]}
            />
          }
        />
        <ChartCard
          chart="responses"
          title={<Trans>Responses</Trans>}
          description={
            <Trans>
              Of the posts created each week, the share answered so far, and the median time to the first answer.
            </Trans>
          }
          query={responses}
          view={responsesView}
          range={range}
        />
        <ChartCard
          chart="ratings"
          title={<Trans>Ratings</Trans>}
          description={<Trans>Ratings given to answers in the date range, by stars.</Trans>}
          query={ratings}
          view={ratingsView}
          range={range}
        />
        <ChartCard
          chart="knowledge"
          title={<Trans>Knowledge and points</Trans>}
          description={
            <Trans>Knowledge submitted and approved per week, and the points awarded (tier purchases left out).</Trans>
          }
          query={knowledge}
          view={knowledgeView}
          range={range}
        />
        <ChartCard
          chart="membersByActivity"
          title={<Trans>Members by activity</Trans>}
          description={today}
          query={byActivity}
          view={(rows) => memberSnapshot(rows, ACTIVITY_LABELS, ACTIVITY_COLORS, t`Activity`)}
          range={range}
        />
        <ChartCard
          chart="membersByTier"
          title={<Trans>Members by tier</Trans>}
          description={today}
          query={byTier}
          view={(rows) => memberSnapshot(rows, TIER_LABELS, TIER_COLORS, t`Tier`)}
          range={range}
        />
        <ChartCard
          chart="membersByCountry"
          title={<Trans>Members by target country</Trans>}
          description={<Trans>Approved members today per target country, the 12 most common.</Trans>}
          query={byCountry}
          view={countryView}
          range={range}
        />
      </SimpleGrid>
    </Stack>
  );
}
