import type { LintCheck } from "../lint-check";
import type { LintFix } from "../lint-types";
import { relationFindings } from "./ckp-rules";

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
    const fixes: LintFix[] = [];
    const out = relationFindings(this, path, ctx, (prop, r) => {
      const target = r.stamp === null ? null : ctx.view.resolve(r.target, path);
      const updated = target ? ctx.header(target).updated : null;
      if (r.stamp === null || !updated || updated.slice(0, 7) <= r.stamp) return null;
      fixes.push({ kind: "restamp-relationship", path, property: prop, target: r.target, stamp: ctx.today.slice(0, 7) });
      return `${prop.toUpperCase()} → "${r.target}" stamped ${r.stamp}, but it was updated ${updated}: re-check the relationship.`;
    });
    out.forEach((f, i) => (f.fix = fixes[i]));
    return out;
  },
};
