import { createFileRoute } from "@tanstack/react-router";
import { type AuthDialog, LandingPage } from "../features/landing/LandingPage";

interface LandingSearch {
  /**
   * Opens the sign-in or sign-up dialog on load (used to send signed-out users here); `forgot`
   * opens Sign In on its "Forgot password?" view (the reset page's "Ask for a new link").
   */
  auth?: AuthDialog;
}

/** Public landing page (spec part 1 §2). */
export const Route = createFileRoute("/landing")({
  // Not code-split: the landing page is the public entry point, so it ships in the entry chunk
  // and paints without waiting for a lazy chunk (docs/decisions/0007-landing-in-the-entry-chunk.md).
  codeSplitGroupings: [],
  validateSearch: (search: Record<string, unknown>): LandingSearch =>
    search.auth === "signin" || search.auth === "signup" || search.auth === "forgot" ? { auth: search.auth } : {},
  component: LandingRoute,
});

function LandingRoute() {
  const { auth } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LandingPage
      auth={auth ?? null}
      onAuthChange={(next) => void navigate({ search: next ? { auth: next } : {}, replace: true, resetScroll: false })}
    />
  );
}
