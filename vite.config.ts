import { fileURLToPath } from "node:url";
import type * as BabelTypes from "@babel/types";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { linguiMacroBabel } from "./scripts/lingui-babel";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Babel plugin, run after the Lingui macro: compiles the English source text of every message
 * descriptor the macro emits (`/*i18n*\/ { id, message: "Hello {name}", … }`) into Lingui's
 * compiled form (`message: ["Hello ", ["name"]]`) at build time.
 *
 * English needs no catalog (its texts stay in the code) and the Persian catalog is compiled by
 * the Lingui plugin, so no message reaches the browser uncompiled and the client does not ship
 * Lingui's ICU message compiler (`compileMessage` with its parser and lexer, about 6 KB
 * gzipped). `i18n._` takes a compiled `message` as the fallback for an id the active catalog
 * lacks, exactly as it takes compiled catalog entries.
 */
function linguiPrecompile({ types: t }: { types: typeof BabelTypes }) {
  const isDescriptor = (node: BabelTypes.ObjectExpression) =>
    node.leadingComments?.some((c) => c.type === "CommentBlock" && c.value.trim() === "i18n") ?? false;
  return {
    name: "lingui-precompile-messages",
    visitor: {
      Program: {
        // On exit, when every macro has been expanded into its descriptor.
        exit(program: { traverse(v: { ObjectExpression(path: { node: BabelTypes.ObjectExpression }): void }): void }) {
          program.traverse({
            ObjectExpression({ node }) {
              if (!isDescriptor(node)) return;
              for (const prop of node.properties) {
                if (
                  t.isObjectProperty(prop) &&
                  !prop.computed &&
                  t.isIdentifier(prop.key, { name: "message" }) &&
                  t.isStringLiteral(prop.value)
                ) {
                  prop.value = t.valueToNode(compileMessage(prop.value.value));
                }
              }
            },
          });
        },
      },
    },
  };
}

/**
 * The client lives in src/client; the build goes to dist/client, which the server serves.
 * Routes are files under src/client/routes, code-split per route, except the landing page, which
 * ships in the entry chunk (docs/decisions/0007-landing-in-the-entry-chunk.md). Lingui macros are compiled by Babel (and their English texts precompiled, see
 * linguiPrecompile below); .po catalogs are compiled by the Lingui plugin.
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
    // Messages stay in the code, so English (the source) needs no catalog download; they are
    // compiled at build time, so the client needs no ICU message compiler.
    linguiMacroBabel([linguiPrecompile]),
    lingui(),
  ],
  build: {
    outDir: here("./dist/client"),
    emptyOutDir: true,
    // Maps without a sourceMappingURL comment, moved out of the served folder after the build
    // (scripts/compress-client.mjs).
    sourcemap: "hidden",
    target: "es2022",
    rolldownOptions: {
      treeshake: {
        // @trpc/client has no "sideEffects" field, so its barrel kept the WebSocket link in the
        // entry chunk although only the lazily loaded src/client/trpcWs.ts uses it. Its modules
        // only declare functions and classes.
        // Our own modules (src/client, src/common) have no side effects when imported: none is
        // imported for its side effects alone (only CSS and node_modules files are). Without this,
        // a feature's public module (`features/<key>/index.ts`) brought every module it re-exports
        // into the importing chunk: the dashboard loaded the profile's saved-results list, and with
        // it both assessment result views, through `features/assessments`.
        moduleSideEffects: [
          { test: /\/node_modules\/@trpc\/client\//, sideEffects: false },
          { test: /\/src\/(client|common)\/.*\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // Every module the entry imports statically (React, the router, Mantine's core, the
          // landing page: docs/decisions/0007-landing-in-the-entry-chunk.md) goes into the entry
          // chunk itself rather than into a dozen small chunks shared with the lazy routes: one
          // request for the landing page, compressed as a whole. The WebSocket link is excluded:
          // the @trpc/client barrel imports it, which tags it "$initial", but only the lazy
          // src/client/trpcWs.ts uses it; includeDependenciesRecursively: false keeps it from
          // being pulled back in as the barrel's dependency (every other dependency of the
          // group is in the group already).
          groups: [
            {
              name: "entry",
              tags: ["$initial"],
              test: (id: string) => !/[\\/]@trpc[\\/]client[\\/]dist[\\/]wsLink/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
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
