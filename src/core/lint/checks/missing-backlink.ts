import { finding, withEnd, type LintCheck } from "../lint-check";
import type { LintFinding } from "../lint-types";
import { isLinkable } from "./orphan-article";

/** A links to B in its body but B does not link back (CKP relations are one-way by design and not judged here). */
export const missingBacklink: LintCheck = {
  id: "missing-backlink",
  severity: "warning",
  description: "This article links to another that does not link back; the fix adds the link under Related Concepts.",
  examples: [
    {
      name: "one-way link",
      files: {
        "knowledge/concepts/a.md": "# A\n\nUses [[b]].\n",
        "knowledge/concepts/b.md": "# B\n\nStands alone.\n",
        "knowledge/concepts/c.md": "# C\n[[d]]\n",
        "knowledge/concepts/d.md": '---\nsimilar_mid:\n  - "[[c|c · 2026-01]]"\n---\n# D\n',
      },
      expected: [{ at: "knowledge/concepts/a.md:3", message: "[[b]]" }],
    },
  ],
  check(path, ctx) {
    if (!ctx.inScope(path) || !isLinkable(path, ctx)) return [];
    const note = ctx.view.note(path);
    if (!note) return [];
    const out: LintFinding[] = [];
    let seen: Set<string> | null = null;
    const targets = ctx.graph.targets.get(path);
    const links = note.links;
    for (let i = 0; i < links.length; i++) {
      const link = links[i]!;
      if (link.kind === "frontmatter" || link.kind === "embed" || link.kind === "markdown-embed") continue;
      const target = targets?.[i] !== undefined ? targets[i]! : ctx.view.resolve(link.path, path);
      if (target === null || target === path || seen?.has(target) || !isLinkable(target, ctx)) continue;
      (seen ??= new Set()).add(target);
      const back = ctx.graph.forward.get(target)?.has(path) || ctx.graph.frontmatter.get(target)?.has(path);
      if (back) continue;
      const f = withEnd(finding(this, path, link.start.line, link.start.col, `${link.original} → "${target}" does not link back to this note.`), link);
      f.fix = { kind: "add-backlink", path: target, target: path };
      out.push(f);
    }
    return out;
  },
};
