/** The auth feature's public module, for the password change: the strength meter. */
export { PasswordStrength, usePasswordHint } from "./PasswordStrength";
