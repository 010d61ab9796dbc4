// Lint: eslint-plugin-obsidianmd's recommended rules for everything that ships, plus the house
// boundary: src/core imports no Obsidian, DOM, Node built-ins or the Anthropic SDK.
import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";
import { builtinModules } from "node:module";

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default defineConfig([
  globalIgnores(["node_modules/", "dist/", "main.js", "examples/", "coverage/", "docs/"]),
  ...obsidianmd.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["eslint.config.mjs", "esbuild.config.mjs"] },
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
            { group: ["../../obsidian/**", "../../ui/**", "../../llm/**", "../../cli/**", "../../commands/**", "../../main"], message: "Imports point inward." },
          ],
        },
      ],
      "no-restricted-globals": ["error", "window", "document", "navigator", "localStorage", "process", "require"],
    },
  },
  {
    // Node-only code: the CLI, benchmarks, tests and build scripts may use Node built-ins.
    files: ["src/cli/**/*.ts", "bench/**/*.ts", "tests/**/*.ts", "*.mjs", "*.config.ts"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
    rules: {
      "import/no-nodejs-modules": "off",
      "obsidianmd/prefer-create-el": "off",
      "obsidianmd/no-global-this": "off",
      "obsidianmd/no-nodejs-modules": "off",
      "no-console": "off",
    },
  },
]);
