import { finding, type LintCheck } from "../lint-check";
import type { LintContext } from "../lint-context";

/** True for notes the orphan and backlink checks judge: articles, or in vault scope any note but catalogs and daily logs. */
export function isLinkable(path: string, ctx: LintContext): boolean {
  if (ctx.isCatalog(path) || ctx.dailyDate(path) !== null) return false;
  return ctx.settings.lintScope === "vault" ? ctx.view.note(path) !== undefined : ctx.isArticle(path);
}

/** Articles nothing links to (links from index.md and log.md do not count: they list everything). */
export const orphanArticle: LintCheck = {
  id: "orphan-article",
  severity: "warning",
  description: "No other note links to this article, so it is only reachable through the index.",
  examples: [
    {
      name: "one article nobody links to",
      files: {
        "knowledge/index.md": "[[knowledge/concepts/a]] [[knowledge/concepts/b]] [[knowledge/concepts/c]]\n",
        "knowledge/concepts/a.md": "# A\n[[b]]\n",
        "knowledge/concepts/b.md": "# B\n[[a]]\n",
        "knowledge/concepts/c.md": "# C\n[[c]]\n",
      },
      expected: [{ at: "knowledge/concepts/c.md:1" }],
    },
  ],
  check(path, ctx) {
    if (!ctx.inScope(path) || !isLinkable(path, ctx)) return [];
    for (const source of ctx.graph.reverse.get(path) ?? []) if (source !== path && !ctx.isCatalog(source)) return [];
    return [finding(this, path, 0, 0, "Orphan: no other note links here.")];
  },
};
