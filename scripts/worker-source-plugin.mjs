// The graph layout runs in a Web Worker started from a Blob: this esbuild plugin builds the worker's bundle and
// serves it as a string through the virtual module "kc:graph-layout-worker" (used by the plugin and the harness).
import esbuild from "esbuild";

export const workerSource = {
  name: "graph-layout-worker",
  setup(build) {
    build.onResolve({ filter: /^kc:graph-layout-worker$/ }, () => ({ path: "graph-layout-worker", namespace: "kc-worker" }));
    build.onLoad({ filter: /.*/, namespace: "kc-worker" }, async () => {
      const out = await esbuild.build({
        entryPoints: ["src/ui/graph/layout-worker.ts"],
        bundle: true,
        format: "iife",
        target: "es2018",
        platform: "browser",
        minify: true,
        write: false,
        logLevel: "silent",
      });
      return { contents: `export default ${JSON.stringify(out.outputFiles[0].text)};`, loader: "js" };
    });
  },
};
