// Lint: eslint-plugin-obsidianmd's recommended rules for everything that ships, plus the house
// boundary: src/core imports no Obsidian, DOM, Node built-ins or the Anthropic SDK.
import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";
import { builtinModules } from "node:module";

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default defineConfig([
  globalIgnores(["node_modules/", "dist/", "claude-plugin/dist/", "main.js", "examples/", "coverage/", "docs/"]),
  ...obsidianmd.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            "eslint.config.mjs",
            "eslint.review.config.mjs",
            "esbuild.config.mjs",
            "stryker.config.mjs",
            "scripts/worker-source-plugin.mjs",
            "scripts/plugin-build-options.mjs",
            "scripts/demo.mjs",
            "scripts/check-import-cycles.mjs",
            "scripts/check-package.mjs",
            "scripts/check-plugin.mjs",
            "scripts/lazy-yaml.cjs",
            "scripts/review-check.mjs",
            "scripts/build-cli.mjs",
          ],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "obsidian", message: "src/core is pure: reach Obsidian through a port." },
            ...nodeBuiltins.map((name) => ({ name, message: "src/core is pure: no Node built-ins." })),
          ],
          patterns: [
            { group: ["@anthropic-ai/*"], message: "Only src/llm knows the SDK." },
            { group: ["@codemirror/*", "d3-*"], message: "src/core is pure: no DOM or view libraries." },
            {
              group: [
                "../../obsidian/**",
                "../../ui/**",
                "../../llm/**",
                "../../cli/**",
                "../../node/**",
                "../../mcp/**",
                "../../desktop/**",
                "../../commands/**",
                "../../main",
              ],
              message: "Imports point inward.",
            },
          ],
        },
      ],
      "no-restricted-globals": ["error", "window", "document", "navigator", "localStorage", "process", "require"],
    },
  },
  {
    // Tests read JSON fixtures and fake the Obsidian API: type-level strictness there costs more than it finds.
    files: ["tests/**/*.ts", "scripts/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-extraneous-class": "off",
      "@typescript-eslint/no-empty-function": "off",
    },
  },
  {
    // CommonJS build shims (scripts/lazy-yaml.cjs): a require made at first use is the point of them.
    files: ["scripts/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "readonly", require: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Node-only code: the CLI, the MCP server, benchmarks, tests and build scripts may use Node built-ins; so may src/desktop, which
    // the plugin loads only with import() behind Platform.isDesktopApp (tests/core/boundary.test.ts checks the path).
    files: [
      "src/cli/**/*.ts",
      "src/node/**/*.ts",
      "src/desktop/**/*.ts",
      "src/mcp/**/*.ts",
      "bench/**/*.ts",
      "tests/**/*.ts",
      "scripts/**/*.ts",
      "*.mjs",
      "scripts/*.mjs",
      "*.config.ts",
    ],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
    rules: {
      "import/no-nodejs-modules": "off",
      "obsidianmd/prefer-create-el": "off",
      "obsidianmd/rule-custom-message": "off",
      // The CLI reads vault folders without Obsidian running, where `.obsidian` is the default config folder.
      "obsidianmd/hardcoded-config-path": "off",
      "obsidianmd/no-global-this": "off",
      "obsidianmd/no-nodejs-modules": "off",
      "no-console": "off",
    },
  },
]);
