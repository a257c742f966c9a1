import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordPage } from "../features/passwordReset/ResetPasswordPage";

interface ResetPasswordSearch {
  /** The token of the e-mailed reset link. */
  token: string;
}

/** Opened from a password reset link (issue #11 §3); public. */
export const Route = createFileRoute("/reset-password")({
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({
    token: typeof search.token === "string" ? search.token : "",
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
