import process from "node:process";
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// The test files of a mutation run (KC_MUTATION_TESTS, comma-separated, pure *.test.ts files). Stryker's own
// --testFiles activates a static mutant (the redaction table, built when its module loads) only after the module has
// loaded, so every such mutant falsely survives (stryker-js#6144); narrowing vitest's include instead keeps the
// per-mutant run short and the static mutants real.
const files = (process.env.KC_MUTATION_TESTS ?? "").split(",").map((s) => s.trim()).filter(Boolean);

export default defineConfig({
  ...base,
  test: { ...base.test, projects: [{ extends: true, test: { name: "mutation", include: files, environment: "node" } }] },
});
