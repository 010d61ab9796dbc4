import { finding, type LintCheck } from "../lint-check";
import { isLinkable } from "./orphan-article";

/** Articles under the word threshold (seed 000: 200 words), likely incomplete. */
export const sparseArticle: LintCheck = {
  id: "sparse-article",
  severity: "suggestion",
  description: "The article body has fewer words than the sparse threshold (default 200).",
  examples: [
    {
      name: "short and long",
      files: { "knowledge/concepts/short.md": "# Short\n\nToo few words.\n", "knowledge/concepts/long.md": `# Long\n\n${"word ".repeat(210)}\n` },
      expected: [{ at: "knowledge/concepts/short.md:1", message: "5 words" }],
    },
  ],
  check(path, ctx) {
    if (!ctx.inScope(path) || !isLinkable(path, ctx)) return [];
    const words = ctx.view.note(path)?.wordCount ?? 0;
    if (words >= ctx.settings.sparseWords) return [];
    return [finding(this, path, 0, 0, `Sparse: ${words} words (threshold ${ctx.settings.sparseWords}).`)];
  },
};
