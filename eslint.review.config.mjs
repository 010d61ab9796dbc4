// The community directory's automated review, as it runs: eslint-plugin-obsidianmd's recommended configuration,
// unmodified, over every .ts file of the repository (`npm run review-lint`). The only addition is the parser setup
// the recommended configuration's type-checked rules need. House rules live in eslint.config.mjs, not here.
import { defineConfig } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";

export default defineConfig([
  ...obsidianmd.configs.recommended,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
]);
