/**
 * The browser side of passkeys (docs/architecture.md "Passkeys"). `@simplewebauthn/browser` is
 * loaded only when a ceremony starts, so neither the landing page nor the member area's first
 * load carries it (e2e/budgets.spec.ts).
 */

/** Whether this browser can use passkeys at all (WebAuthn, in a secure context). */
export function webAuthnAvailable(): boolean {
  return typeof window !== "undefined" && window.isSecureContext && typeof window.PublicKeyCredential === "function";
}

/** `@simplewebauthn/browser`, loaded on first use. */
export const loadWebAuthn = () => import("@simplewebauthn/browser");

/**
 * True when the person closed the browser's passkey prompt or let it time out (WebAuthn's
 * `NotAllowedError`, also after `@simplewebauthn/browser` wraps it): nothing to report as a fault.
 */
export function wasCancelled(error: unknown): boolean {
  const e = error as { name?: string; cause?: { name?: string } } | null;
  return e?.name === "NotAllowedError" || e?.cause?.name === "NotAllowedError" || e?.name === "AbortError";
}
