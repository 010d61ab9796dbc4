import { finding, type LintCheck } from "../lint-check";
import type { LintFinding } from "../lint-types";
import { relationLine } from "./ckp-rules";

/** A relationship stamped before its target article was last updated should be re-checked (seed 002). */
export const staleStamp: LintCheck = {
  id: "stale-stamp",
  severity: "warning",
  description: "The target article was updated after the relationship's YYYY-MM stamp; re-check it (the fix confirms it with today's month).",
  examples: [
    {
      name: "target updated after the stamp",
      files: {
        "knowledge/concepts/a.md": '---\ntldr: t\nanswers_when: [a]\nsimilar_high:\n  - "[[b|b · 2026-08]]"\n  - "[[c|c · 2026-10]]"\n---\n# A\n',
        "knowledge/concepts/b.md": "---\nupdated: 2026-10-02\n---\n# B\n",
        "knowledge/concepts/c.md": "---\nupdated: 2026-10-30\n---\n# C\n",
      },
      expected: [{ at: "knowledge/concepts/a.md:5", message: "2026-08" }],
    },
  ],
  check(path, ctx) {
    if (!ctx.inScope(path) || !ctx.isArticle(path)) return [];
    const out: LintFinding[] = [];
    const h = ctx.header(path);
    for (const [prop, rels] of [["similar_high", h.similarHigh], ["similar_mid", h.similarMid]] as const) {
      for (const r of rels) {
        if (r.stamp === null) continue;
        const target = ctx.view.resolve(r.target, path);
        const updated = target ? ctx.header(target).updated : null;
        if (!target || !updated || updated.slice(0, 7) <= r.stamp) continue;
        const f = finding(this, path, relationLine(ctx.view.note(path), prop, r.target), 0,
          `${prop.toUpperCase()} → "${r.target}" stamped ${r.stamp}, but it was updated ${updated}: re-check the relationship.`);
        f.fix = { kind: "restamp-relationship", path, property: prop, target: r.target, stamp: ctx.today.slice(0, 7) };
        out.push(f);
      }
    }
    return out;
  },
};
