import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconMapPin, IconQuote, IconStarFilled } from "@tabler/icons-react";
import { formatNumber } from "../../../i18n";
import { SectionCard } from "./SectionCard";

interface Testimonial {
  name: MessageDescriptor;
  title: MessageDescriptor;
  country: MessageDescriptor;
  rating: number;
  comment: MessageDescriptor;
  color: string;
}

/** Six static sample testimonials (spec part 1 §2). */
const TESTIMONIALS: Testimonial[] = [
  {
    name: msg`Maryam Hosseini`,
    title: msg`Saffron exporter`,
    country: msg`Iran`,
    rating: 5,
    comment: msg`An export expert I met here knew the Gulf market inside out. Three months later our first container of saffron reached Dubai.`,
    color: "teal",
  },
  {
    name: msg`Lukas Becker`,
    title: msg`Freight forwarder`,
    country: msg`Germany`,
    rating: 5,
    comment: msg`Requests reach us only when the route and the industry match what we do, so every inquiry is worth answering. We won four new shipping clients this year.`,
    color: "blue",
  },
  {
    name: msg`Amina Okafor`,
    title: msg`Trade compliance consultant`,
    country: msg`Nigeria`,
    rating: 4,
    comment: msg`I answer questions about West African import rules in the Q&A area. The points I earned unlocked Gold membership and brought me paid consulting work.`,
    color: "grape",
  },
  {
    name: msg`Reza Karimi`,
    title: msg`Founder, dried fruit company`,
    country: msg`Iran`,
    rating: 5,
    comment: msg`The export readiness questions showed us gaps in our packaging and certificates before we approached European buyers. That saved us an expensive mistake.`,
    color: "orange",
  },
  {
    name: msg`Elif Yılmaz`,
    title: msg`Customs broker`,
    country: msg`Turkey`,
    rating: 4,
    comment: msg`A friendly and serious community. I answer a few questions every week, and members who read my answers regularly ask me for help with their shipments.`,
    color: "cyan",
  },
  {
    name: msg`Carlos Mendes`,
    title: msg`Export manager, food ingredients`,
    country: msg`Brazil`,
    rating: 5,
    comment: msg`We asked for training on letters of credit and received three offers from experienced members within two days.`,
    color: "indigo",
  },
];

export function TestimonialsCard() {
  return (
    <SectionCard
      id="testimonials-title"
      icon={<IconQuote size={22} />}
      title={<Trans>Comments and Testimonials</Trans>}
      lead={<Trans>Sample stories that show how members use the club.</Trans>}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {TESTIMONIALS.map((item) => (
          <TestimonialItem key={item.name.id} item={item} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

function TestimonialItem({ item }: { item: Testimonial }) {
  const { i18n, t } = useLingui();
  const name = i18n._(item.name);
  const stars = formatNumber(item.rating, i18n.locale);
  return (
    <Paper component="figure" withBorder radius="md" p="lg" m={0}>
      <Stack gap="sm" h="100%">
        <Stars value={item.rating} label={t`Rated ${stars} out of 5`} />
        <Text component="blockquote" m={0} lh={1.6} style={{ flex: 1 }}>
          {i18n._(item.comment)}
        </Text>
        <Group component="figcaption" gap="sm" wrap="nowrap">
          <ThemeIcon size={42} radius="xl" variant="light" color={item.color} fw={700} fz="sm" aria-hidden>
            {initials(name)}
          </ThemeIcon>
          <div>
            <Text fw={600}>{name}</Text>
            <Text size="sm" c="dimmed">
              {i18n._(item.title)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {i18n._(item.country)}
              </Text>
            </Group>
          </div>
        </Group>
      </Stack>
    </Paper>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");
}

/**
 * A read-only five-star rating, drawn as one image with its text as the accessible name. Mantine's
 * `Rating` (an input per half star, about 4 KB) is for choosing a rating; here it only shows one.
 */
function Stars({ value, label }: { value: number; label: string }) {
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <IconStarFilled
          key={n}
          size={18}
          aria-hidden
          color={n <= value ? "var(--mantine-color-yellow-6)" : "var(--mantine-color-gray-3)"}
        />
      ))}
    </Group>
  );
}
