/**
 * The people of the end-to-end run. Every run starts on a fresh database, so fixed addresses
 * are safe. The admin address is the server's ADMIN_EMAIL (set in playwright.config.ts).
 */
export const ADMIN = {
  name: "Ada Admin",
  email: "admin@e2e.test",
  password: "Adm1n!Pass",
} as const;

export const MEMBER = {
  name: "Mina Exporter",
  email: "mina@e2e.test",
  password: "Str0ng!Pass",
} as const;
