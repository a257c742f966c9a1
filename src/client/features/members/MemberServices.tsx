/**
 * A member's approved, listed services (issue #15 §4) on their directory card and page: each
 * title with its type (consultancy or training).
 */
import { useLingui } from "@lingui/react/macro";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { IconSchool } from "@tabler/icons-react";
import type { ConsultationType } from "../../../common/services";
import { CONSULTATION_TYPE_LABELS } from "../../lib/labels";

export interface ListedService {
  id: number;
  title: string;
  serviceType: ConsultationType;
}

/** The services as a list; nothing when there are none. */
export function MemberServices({ services, label }: { services: ListedService[]; label: string }) {
  const { i18n } = useLingui();
  if (services.length === 0) return null;
  return (
    <Stack
      gap={4}
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: "none" }}
      aria-label={label}
      data-testid="member-services"
    >
      {services.map((s) => (
        <Group key={s.id} component="li" gap={6} wrap="nowrap" align="flex-start">
          <IconSchool
            size={16}
            aria-hidden
            style={{ flexShrink: 0, marginTop: 2 }}
            color="var(--mantine-color-teal-8)"
          />
          <Text size="sm" dir="auto" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
            {s.title}
          </Text>
          <Badge size="xs" variant="light" color="teal" tt="none" style={{ flexShrink: 0 }}>
            {i18n._(CONSULTATION_TYPE_LABELS[s.serviceType])}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
