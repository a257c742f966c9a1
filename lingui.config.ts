import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/** English is the source language; Persian is translated in src/client/locales/fa. */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fa"],
  catalogs: [
    {
      path: "<rootDir>/src/client/locales/{locale}/messages",
      include: ["<rootDir>/src/client"],
      exclude: ["**/routeTree.gen.ts"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
