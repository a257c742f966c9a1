/**
 * The Babel pass of the client build and of the client unit tests: Lingui's macro
 * (`@lingui/babel-plugin-lingui-macro`, messages kept in the code) plus any further Babel
 * plugins, over the TypeScript and TSX sources of src/client, before Vite's own transforms
 * (`enforce: "pre"`). Built on `@rollup/plugin-babel`, whose engines match Node 20.
 */
import { babel, type RollupBabelInputPluginOptions } from "@rollup/plugin-babel";
import type { Plugin } from "vite";

const SOURCE = /\/src\/client\/.*\.[jt]sx?(?:$|\?)/;

export function linguiMacroBabel(extraPlugins: NonNullable<RollupBabelInputPluginOptions["plugins"]> = []): Plugin {
  return {
    ...(babel({
      babelHelpers: "bundled",
      babelrc: false,
      configFile: false,
      extensions: [".js", ".jsx", ".ts", ".tsx"],
      include: SOURCE,
      // Parse each file as what its extension says (JSX only in .jsx/.tsx: `<T>x` is a cast in .ts).
      overrides: [
        { test: /\.jsx(?:$|\?)/, parserOpts: { plugins: ["jsx"] } },
        { test: /\.ts(?:$|\?)/, parserOpts: { plugins: ["typescript"] } },
        { test: /\.tsx(?:$|\?)/, parserOpts: { plugins: ["typescript", "jsx"] } },
      ],
      plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }], ...extraPlugins],
    }) as unknown as Plugin),
    enforce: "pre",
  };
}
