/**
 * The request log never shows a link's token (issue #11 §5): `/confirm-email?token=…` and the
 * password reset's `/reset-password?token=<id>.<secret>` (issue #11 §3).
 */
import { describe, expect, it } from "vitest";
import { redactUrl, requestLogSerializer } from "./log-redact";

const RESET_TOKEN = "3fzj7636y6t2nqw654i5nyex.syk2uaha4yeelkqv6yje62fwt4ozmeko";

describe("redactUrl", () => {
  it("redacts the token of a password reset link, whole", () => {
    expect(redactUrl(`/reset-password?token=${RESET_TOKEN}`)).toBe("/reset-password?token=[redacted]");
    const [id, secret] = RESET_TOKEN.split(".") as [string, string];
    const logged = redactUrl(`/reset-password?lang=fa&token=${RESET_TOKEN}&x=1`);
    expect(logged).toBe("/reset-password?lang=fa&token=[redacted]&x=1");
    expect(logged).not.toContain(id);
    expect(logged).not.toContain(secret);
  });

  it("redacts an encoded or differently cased parameter name", () => {
    expect(redactUrl(`/reset-password?%74oken=${RESET_TOKEN}`)).toBe("/reset-password?%74oken=[redacted]");
    expect(redactUrl(`/reset-password?TOKEN=${RESET_TOKEN}`)).toBe("/reset-password?TOKEN=[redacted]");
  });

  it("redacts the e-mail confirmation token and leaves other URLs alone", () => {
    expect(redactUrl("/confirm-email?token=abc&lang=fa")).toBe("/confirm-email?token=[redacted]&lang=fa");
    expect(redactUrl("/reset-password")).toBe("/reset-password");
    expect(redactUrl("/members?search=token")).toBe("/members?search=token");
  });

  it("is what the request log serializer writes", () => {
    const line = requestLogSerializer({ method: "GET", url: `/reset-password?token=${RESET_TOKEN}`, ip: "10.0.0.1" });
    expect(line.url).toBe("/reset-password?token=[redacted]");
    expect(JSON.stringify(line)).not.toContain(RESET_TOKEN.split(".")[1]);
  });
});
