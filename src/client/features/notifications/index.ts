/** Notification center (top bar bell) and e-mail preferences (issue 17 §1, §2). */
export { EmailPreferencesSection } from "./EmailPreferencesSection";
export { NotificationBell } from "./NotificationBell";
