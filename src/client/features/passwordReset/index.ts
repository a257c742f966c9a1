/**
 * The password reset feature's public module (issue #11 §3), for the Sign In dialog: the
 * "Forgot password?" form. The /reset-password page is reached through its route.
 */
export { ForgotPasswordForm } from "./ForgotPasswordForm";
