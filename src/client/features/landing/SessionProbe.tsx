/**
 * Tells the landing page whether someone is signed in (issue #13 §4: a member sees "Go to
 * Dashboard" instead of Join the Club and Sign In). Loaded lazily after the first paint, so the
 * session query and its observer are not part of the landing page's entry chunk (ADR 7).
 */
import { useEffect } from "react";
import { useSession } from "../session/useSession";

export default function SessionProbe({ onChange }: { onChange: (signedIn: boolean) => void }) {
  const signedIn = !!useSession().data;
  useEffect(() => onChange(signedIn), [signedIn, onChange]);
  return null;
}
