// Stryker's vitest config when KC_MUTATION_TESTS names the test files to run (comma-separated) instead of every test
// that imports the mutated files: a run that fits a loaded machine, whose score is a lower bound of the full one.
// Stryker's own --testFiles would not do: it activates a static mutant (the redaction table, built when its module
// loads) only after the module has loaded, so every such mutant falsely survives (stryker-js#6144).
import { defineConfig } from "vitest/config";
import { env } from "node:process";
import base from "./vitest.config";

const only = (env.KC_MUTATION_TESTS ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);

export default defineConfig({
  resolve: base.resolve,
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    passWithNoTests: true,
    projects: [
      { extends: true, test: { name: "pure", include: only.filter((f) => f.endsWith(".test.ts")), environment: "node" } },
      {
        extends: true,
        test: { name: "dom", include: only.filter((f) => f.endsWith(".spec.ts")), environment: "jsdom", setupFiles: ["tests/fakes/dom-setup.ts"] },
      },
    ],
  },
});
