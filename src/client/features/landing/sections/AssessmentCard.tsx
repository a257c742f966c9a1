import { Trans } from "@lingui/react/macro";
import { Group, Stack, Text, ThemeIcon, UnstyledButton, useDirection } from "@mantine/core";
import {
  IconChartDots3,
  IconChevronLeft,
  IconChevronRight,
  IconClipboardCheck,
  IconDiamond,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import classes from "../Landing.module.css";
import { SectionCard } from "./SectionCard";

/** Product Advantage Assessment: links to the two information pages (spec part 1 §2). */
export function AssessmentCard() {
  return (
    <SectionCard
      id="assessment-title"
      icon={<IconChartDots3 size={22} />}
      title={<Trans>Product Advantage Assessment</Trans>}
      lead={
        <Trans>
          Two practical frameworks to check whether your product and your company are ready to compete in foreign
          markets.
        </Trans>
      }
    >
      <Stack gap="sm">
        <AssessmentLink
          to="/export-readiness-assessment"
          icon={<IconClipboardCheck size={22} />}
          title={<Trans>Export Readiness Assessment</Trans>}
          description={<Trans>Company capabilities, product, market knowledge and export experience.</Trans>}
        />
        <AssessmentLink
          to="/porter-diamond-analysis"
          icon={<IconDiamond size={22} />}
          title={<Trans>Porter Diamond Analysis</Trans>}
          description={<Trans>Find where your competitive advantage comes from, and where to strengthen it.</Trans>}
        />
      </Stack>
    </SectionCard>
  );
}

function AssessmentLink({
  to,
  icon,
  title,
  description,
}: {
  to: "/export-readiness-assessment" | "/porter-diamond-analysis";
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
}) {
  const { dir } = useDirection();
  const Chevron = dir === "rtl" ? IconChevronLeft : IconChevronRight;
  return (
    <UnstyledButton component={Link} to={to} className={classes.linkCard}>
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={44} radius="md" color="cyan" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Text fw={600} c="teal.8">
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        <Chevron size={20} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
