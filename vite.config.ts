import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The client lives in src/client; the build goes to dist/client, which the server serves.
 * Routes are files under src/client/routes, code-split per route so the landing page stays
 * small. Lingui macros are compiled by Babel; .po catalogs are compiled by the Lingui plugin.
 */
export default defineConfig({
  root: here("./src/client"),
  publicDir: here("./public"),
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: here("./src/client/routes"),
      generatedRouteTree: here("./src/client/routeTree.gen.ts"),
    }),
    react(),
    babel({
      include: /\/src\/client\/.*\.[jt]sx?(?:$|\?)/,
      // Messages stay in the code, so English (the source) needs no catalog download.
      plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }]],
    }),
    lingui(),
  ],
  build: {
    outDir: here("./dist/client"),
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    rolldownOptions: {
      treeshake: {
        // @trpc/client has no "sideEffects" field, so its barrel kept the WebSocket link in the
        // entry chunk although only the lazily loaded src/client/trpcWs.ts uses it. Its modules
        // only declare functions and classes.
        moduleSideEffects: [{ test: /\/node_modules\/@trpc\/client\//, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      "^/trpc(/|\\?|$)": { target: "http://127.0.0.1:3000", ws: true },
      "^/api/": "http://127.0.0.1:3000",
    },
  },
});
