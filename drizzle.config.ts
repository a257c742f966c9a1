import { defineConfig } from "drizzle-kit";

/** drizzle-kit generates SQL migrations into drizzle/ from the schema; they are applied at start. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
