import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Button, Container, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconHelpCircle } from "@tabler/icons-react";
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { LoadFailureBoundary, preloadOn } from "../../../components/LazyDialog";
import { ChannelsPlaceholder, ContactFormPlaceholder } from "../contact/placeholders";
import { loadFaqDialog } from "../loaders";

/**
 * The form (Mantine form + zod) and the configured channels are one chunk, fetched when the
 * section comes near the screen, so neither is part of the page's initial JavaScript.
 */
const loadContact = () => import("../contact");
const ContactForm = lazy(() => loadContact().then((m) => ({ default: m.ContactForm })));
const ContactChannels = lazy(() => loadContact().then((m) => ({ default: m.ContactChannels })));

/**
 * Contact section (spec part 1 §2): Ask Questions Online, SMS and WhatsApp (hidden when no
 * phone is configured), the FAQ dialog and social links. `id="contact"` is the target of
 * /landing#contact.
 */
export function ContactSection({ onFaq }: { onFaq: () => void }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const failed = (
    <Text c="red" size="sm" role="alert">
      {t`This part of the page could not be loaded. Please check your connection and reload the page.`}
    </Text>
  );

  return (
    <Box
      ref={ref}
      component="section"
      id="contact"
      aria-labelledby="contact-title"
      bg="gray.0"
      py={{ base: 48, sm: 72 }}
      style={{ scrollMarginTop: 64 }}
    >
      <Container size="lg">
        <Stack gap="xs" mb="xl" align="center" ta="center">
          <Title id="contact-title" order={2}>
            <Trans>Contact Us</Trans>
          </Title>
          <Text c="dimmed" maw={640}>
            <Trans>
              Questions about membership, the assessments or exporting in general? Send us a message, and our team will
              reply by email.
            </Trans>
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
          <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }}>
            <Title order={3} size="h4" mb="md">
              <Trans>Ask Questions Online</Trans>
            </Title>
            {near ? (
              <LoadFailureBoundary fallback={failed}>
                <Suspense fallback={<ContactFormPlaceholder />}>
                  <ContactForm />
                </Suspense>
              </LoadFailureBoundary>
            ) : (
              <ContactFormPlaceholder />
            )}
          </Paper>

          <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }}>
            <Stack gap="lg">
              <Title order={3} size="h4">
                <Trans>Other Ways to Reach Us</Trans>
              </Title>
              {near ? (
                <LoadFailureBoundary>
                  <Suspense fallback={<ChannelsPlaceholder />}>
                    <ContactChannels />
                  </Suspense>
                </LoadFailureBoundary>
              ) : (
                <ChannelsPlaceholder />
              )}
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  <Trans>Your question may already be answered.</Trans>
                </Text>
                <Button
                  variant="default"
                  leftSection={<IconHelpCircle size={18} aria-hidden />}
                  onClick={onFaq}
                  fullWidth
                  {...preloadOn(loadFaqDialog)}
                >
                  <Trans>Frequently Asked Questions</Trans>
                </Button>
              </Stack>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** True once the element is within `margin` of the viewport (and from then on). */
function useNearViewport(ref: RefObject<HTMLElement | null>, margin = "600px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
