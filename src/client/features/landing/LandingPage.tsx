import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Button, Container, SimpleGrid, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconLayoutDashboard, IconLogin, IconUserPlus } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { ContentItem, ContentKind } from "../../../common/content";
import { LazyDialog, preloadOn } from "../../components/LazyDialog";
import { probeSession } from "../../lib/sessionProbe";
import { queryClient } from "../../queryClient";
import {
  loadBenefitsDialog,
  loadContentAdminDialog,
  loadFaqDialog,
  loadLevelsDialog,
  loadPdfDialog,
  loadSignInDialog,
  loadSignUpDialog,
  loadTermsDialog,
  loadVideoDialog,
} from "./loaders";
import { PublicHeader } from "./PublicHeader";
import { AboutCard } from "./sections/AboutCard";
import { AssessmentCard } from "./sections/AssessmentCard";
import { ContactSection } from "./sections/ContactSection";
import { ContentAdminButtons } from "./sections/ContentAdminButtons";
import { Hero } from "./sections/Hero";
import { LandingFooter } from "./sections/LandingFooter";
import { MembershipCard } from "./sections/MembershipCard";
import { TestimonialsCard } from "./sections/TestimonialsCard";

/**
 * Whether someone is signed in, asked once after the first render through tRPC's plain client
 * (lib/sessionProbe.ts): neither the full client nor a query observer is in the landing page's JavaScript
 * (docs/decisions/0021-entry-chunk-without-the-member-area.md), and the prerendered page
 * (docs/decisions/0015-prerendered-landing.md) matches the first render.
 */
function useSignedIn(): { signedIn: boolean; isAdmin: boolean } {
  const [state, setState] = useState({ signedIn: false, isAdmin: false });
  useEffect(() => {
    let mounted = true;
    probeSession().then(
      (session) => mounted && setState({ signedIn: !!session, isAdmin: !!session?.viewer.isAdmin }),
      () => {}, // unknown: the page stays as for a visitor
    );
    return () => {
      mounted = false;
    };
  }, []);
  return state;
}

/** The auth dialog in the URL; `forgot` is the Sign In dialog's "Forgot password?" view. */
export type AuthDialog = "signin" | "signup" | "forgot";
type InfoDialog = "benefits" | "terms" | "levels" | "faq";

interface LandingPageProps {
  /** The open sign-in/sign-up dialog; kept in the URL (`?auth=`) so other pages can open it. */
  auth: AuthDialog | null;
  onAuthChange: (next: AuthDialog | null) => void;
}

/**
 * The public landing page (spec part 1 §2): hero, membership benefits, About, Membership
 * Conditions, testimonials, Product Advantage Assessment, contact section and footer. Every
 * dialog is code-split and fetched on first open. Someone signed in sees "Go to Dashboard"
 * instead of Join the Club and Sign In (issue #13 §4).
 */
export function LandingPage({ auth, onAuthChange }: LandingPageProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Export Club — synergy for export`);
  const [dialog, setDialog] = useState<InfoDialog | null>(null);
  const closeDialog = () => setDialog(null);
  const openSignIn = () => onAuthChange("signin");
  const openSignUp = () => onAuthChange("signup");
  const closeAuth = () => onAuthChange(null);
  const { signedIn, isAdmin } = useSignedIn();
  const [manage, setManage] = useState<{ kind: ContentKind; opened: boolean }>({ kind: "document", opened: false });
  const [viewer, setViewer] = useState<{ kind: "pdf" | "video"; item: ContentItem } | null>(null);

  /** Details / Watch a Video: the newest active item, or the spec's "nothing available" toast. */
  async function openViewer(kind: "pdf" | "video") {
    try {
      const { trpc } = await import("../../trpc");
      const active = await queryClient.fetchQuery({ ...trpc.content.active.queryOptions(), staleTime: 0 });
      const item = active[kind];
      if (item) setViewer({ kind, item });
      else if (kind === "pdf")
        notifications.show({
          color: "yellow",
          title: t`No Document Available`,
          message: t`No active PDF document is currently available.`,
        });
      else
        notifications.show({
          color: "yellow",
          title: t`No Video Available`,
          message: t`No active video is currently available.`,
        });
    } catch {
      notifications.show({
        color: "red",
        message: kind === "pdf" ? t`Failed to load document` : t`Failed to load video`,
      });
    }
  }

  return (
    <Box mih="100vh">
      <PublicHeader>
        {signedIn ? (
          <Button
            component={Link}
            to="/dashboard"
            variant="default"
            leftSection={<IconLayoutDashboard size={18} aria-hidden />}
            data-testid="header-dashboard"
          >
            <Trans>Go to Dashboard</Trans>
          </Button>
        ) : (
          <>
            <Button
              visibleFrom="sm"
              variant="subtle"
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={openSignUp}
              {...preloadOn(loadSignUpDialog)}
            >
              <Trans>Join the Club</Trans>
            </Button>
            <Button
              variant="default"
              leftSection={<IconLogin size={18} aria-hidden />}
              onClick={openSignIn}
              {...preloadOn(loadSignInDialog)}
            >
              <Trans>Sign In</Trans>
            </Button>
          </>
        )}
      </PublicHeader>

      <main>
        <Hero signedIn={signedIn} onJoin={openSignUp} onSignIn={openSignIn} onBenefits={() => setDialog("benefits")} />
        <Container size="lg" py={{ base: 40, sm: 64 }}>
          <Stack gap="xl">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="xl">
              <AboutCard onDetails={() => void openViewer("pdf")} onVideo={() => void openViewer("video")} />
              <AssessmentCard />
            </SimpleGrid>
            <MembershipCard onTerms={() => setDialog("terms")} onLevels={() => setDialog("levels")} />
            <TestimonialsCard />
            {/* Admin-only, after hydration (the prerendered page is a visitor's: ADR 15). */}
            {isAdmin && <ContentAdminButtons onManage={(kind) => setManage({ kind, opened: true })} />}
          </Stack>
        </Container>
        <ContactSection onFaq={() => setDialog("faq")} />
      </main>

      <LandingFooter />

      <LazyDialog
        load={loadSignInDialog}
        opened={auth === "signin" || auth === "forgot"}
        onClose={closeAuth}
        onSwitchToSignUp={openSignUp}
        forgot={auth === "forgot"}
        onForgotChange={(forgot: boolean) => onAuthChange(forgot ? "forgot" : "signin")}
      />
      <LazyDialog
        load={loadSignUpDialog}
        opened={auth === "signup"}
        onClose={closeAuth}
        onSwitchToSignIn={openSignIn}
      />
      <LazyDialog load={loadBenefitsDialog} opened={dialog === "benefits"} onClose={closeDialog} />
      <LazyDialog load={loadTermsDialog} opened={dialog === "terms"} onClose={closeDialog} />
      <LazyDialog load={loadLevelsDialog} opened={dialog === "levels"} onClose={closeDialog} />
      <LazyDialog load={loadFaqDialog} opened={dialog === "faq"} onClose={closeDialog} />
      <LazyDialog
        load={loadPdfDialog}
        opened={viewer?.kind === "pdf"}
        onClose={() => setViewer(null)}
        item={viewer?.kind === "pdf" ? viewer.item : null}
      />
      <LazyDialog
        load={loadVideoDialog}
        opened={viewer?.kind === "video"}
        onClose={() => setViewer(null)}
        item={viewer?.kind === "video" ? viewer.item : null}
      />
      {isAdmin && (
        <LazyDialog
          load={loadContentAdminDialog}
          opened={manage.opened}
          onClose={() => setManage((m) => ({ ...m, opened: false }))}
          kind={manage.kind}
        />
      )}
    </Box>
  );
}
