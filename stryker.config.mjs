// Mutation testing of the critical core (`npm run mutation`); a benchmark-like run, not part of CI.
// KC_MUTATE picks files (comma-separated); the default is the whole critical set.
const critical = [
  "src/core/knowledge/write-rules.ts",
  "src/core/links/link-resolver.ts",
  "src/core/capture/redact.ts",
  "src/core/capture/looks-random.ts",
  "src/core/compile/validate-proposal.ts",
  "src/core/workflows/compile-workflow.ts",
  "src/cli/claude-settings-merge.ts",
  "src/cli/json-text-edit.ts",
  "src/core/knowledge/match-date-format.ts",
  "src/core/spend/spend-ledger.ts",
  "src/core/spend/capped-model.ts",
];
const chosen = process.env.KC_MUTATE
  ? process.env.KC_MUTATE.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
  : critical;

export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  // KC_MUTATION_TESTS=comma-separated test files: run only those (see vitest.mutation.config.ts).
  vitest: process.env.KC_MUTATION_TESTS ? { configFile: "vitest.mutation.config.ts", related: false } : { configFile: "vitest.config.ts", related: true },
  mutate: chosen,
  coverageAnalysis: "perTest",
  concurrency: Number(process.env.KC_MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 30_000,
  // The dry run runs every related test once; on a loaded machine that takes longer than Stryker's default 5 minutes.
  dryRunTimeoutMinutes: 40,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  // Re-runs test only mutants whose code or covering tests changed since the last run.
  incremental: process.env.KC_MUTATION_FULL ? false : true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  thresholds: { high: 80, low: 60, break: null },
};
