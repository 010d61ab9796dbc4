import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

// *.test.ts run in node (pure code); *.spec.ts run in jsdom with the stub `obsidian` module.
export default defineConfig({
  resolve: {
    alias: {
      obsidian: fileURLToPath(new URL("./tests/fakes/obsidian-stub.ts", import.meta.url)),
      "kc:graph-layout-worker": fileURLToPath(new URL("./tests/fakes/graph-layout-worker-stub.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      { extends: true, test: { name: "pure", include: ["tests/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: { name: "dom", include: ["tests/**/*.spec.ts"], environment: "jsdom", setupFiles: ["tests/fakes/dom-setup.ts"] },
      },
    ],
  },
});
