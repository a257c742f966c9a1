import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmailPage } from "../features/profile/ConfirmEmailPage";

interface ConfirmEmailSearch {
  /** The token of the e-mailed confirmation link. */
  token: string;
}

/** Opened from the e-mail change link (spec part 2 §4 Email change); public. */
export const Route = createFileRoute("/confirm-email")({
  validateSearch: (search: Record<string, unknown>): ConfirmEmailSearch => ({
    token: typeof search.token === "string" ? search.token : "",
  }),
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailPage token={token} />;
}
