import type { CkpRelation } from "../../ckp/ckp-header";
import type { ParsedNote } from "../../notes/note-types";
import { finding, type LintCheck } from "../lint-check";
import type { LintContext } from "../lint-context";
import type { LintFinding } from "../lint-types";

const CAPS = { similar_high: 3, similar_mid: 5 } as const;

/** The line of a relation (its link in the frontmatter), else of its property, else the first line. */
export function relationLine(note: ParsedNote | undefined, property: string, target?: string): number {
  const link = note?.links.find((l) => l.kind === "frontmatter" && l.property === property && (target === undefined || l.path === target));
  return link?.start.line ?? note?.propertyLines?.[property] ?? 0;
}

function articleRelations(path: string, ctx: LintContext): [keyof typeof CAPS, CkpRelation[]][] {
  const h = ctx.header(path);
  return [
    ["similar_high", h.similarHigh],
    ["similar_mid", h.similarMid],
  ];
}

/**
 * Findings for each relationship of an article that `message` flags (returns a message) — shared by the
 * relationship checks; also used by stale-stamp.
 */
export function relationFindings(
  check: LintCheck,
  path: string,
  ctx: LintContext,
  message: (prop: keyof typeof CAPS, rel: CkpRelation) => string | null,
): LintFinding[] {
  if (!ctx.inScope(path) || !ctx.isArticle(path)) return [];
  const out: LintFinding[] = [];
  for (const [prop, rels] of articleRelations(path, ctx)) {
    for (const r of rels) {
      const m = message(prop, r);
      if (m !== null) out.push(finding(check, path, relationLine(ctx.view.note(path), prop, r.target), 0, m));
    }
  }
  return out;
}

const fm = (body: string): string => `---\n${body}\n---\n# T\n`;

/** Seed 002's caps: at most 3 SIMILAR_HIGH and 5 SIMILAR_MID per article. */
export const ckpCaps: LintCheck = {
  id: "ckp-caps",
  severity: "error",
  description:
    "More than 3 closely related (similar_high) or 5 loosely related (similar_mid) notes in a header, the most it keeps; the fix keeps the first ones.",
  examples: [
    {
      name: "four HIGH",
      files: {
        "knowledge/concepts/a.md": fm(
          'tldr: t\nanswers_when: [a]\nsimilar_high: ["[[b|b · 2026-01]]", "[[c|c · 2026-01]]", "[[d|d · 2026-01]]", "[[e|e · 2026-01]]"]',
        ),
        "knowledge/concepts/b.md": "#",
        "knowledge/concepts/c.md": "#",
        "knowledge/concepts/d.md": "#",
        "knowledge/concepts/e.md": "#",
      },
      expected: [{ at: "knowledge/concepts/a.md:4", message: "4 SIMILAR_HIGH" }],
    },
  ],
  check(path, ctx) {
    if (!ctx.inScope(path) || !ctx.isArticle(path)) return [];
    const out: LintFinding[] = [];
    for (const [prop, rels] of articleRelations(path, ctx)) {
      if (rels.length <= CAPS[prop]) continue;
      const f = finding(
        this,
        path,
        relationLine(ctx.view.note(path), prop),
        0,
        `${rels.length} ${prop.toUpperCase()} relationships; the cap is ${CAPS[prop]}.`,
      );
      f.fix = { kind: "trim-relationships", path, property: prop, keep: CAPS[prop] };
      out.push(f);
    }
    return out;
  },
};

/** Knowledge articles need a TLDR and ANSWERS_WHEN to be routed, and header fields of the right types. */
export const ckpMissingField: LintCheck = {
  id: "ckp-missing-field",
  severity: "warning",
  description: "An article lacks tldr or answers_when (routing falls back to its first paragraph), or a header field has the wrong type.",
  examples: [
    {
      name: "no tldr, wrong type",
      files: { "knowledge/concepts/a.md": fm("answers_when: [x]\naliases: 5\ntags: {a: 1}"), "knowledge/concepts/b.md": fm("tldr: ok\nanswers_when: [y]") },
      expected: [
        { at: "knowledge/concepts/a.md:1", message: "tldr" },
        { at: "knowledge/concepts/a.md:1", message: "tags" },
      ],
    },
  ],
  check(path, ctx) {
    if (!ctx.inScope(path) || !ctx.isArticle(path)) return [];
    const note = ctx.view.note(path);
    if (!note || note.frontmatterError) return [];
    const h = ctx.header(path);
    const out: LintFinding[] = [];
    if (h.tldr === null) out.push(finding(this, path, 0, 0, "Missing tldr: a one-line summary the router and the index use."));
    if (h.answersWhen.length === 0) out.push(finding(this, path, 0, 0, "Missing answers_when: 5–10 keywords that route questions here."));
    for (const p of h.problems) out.push(finding(this, path, 0, 0, `Header: ${p}.`));
    return out;
  },
};

/** A relationship must point to an existing article. */
export const ckpMissingTarget: LintCheck = {
  id: "ckp-missing-target",
  severity: "error",
  description: "A SIMILAR_HIGH or SIMILAR_MID relationship points to an article that does not exist.",
  examples: [
    {
      name: "relation to nowhere",
      files: { "knowledge/concepts/a.md": fm('tldr: t\nanswers_when: [a]\nsimilar_mid:\n  - "[[gone|gone · 2026-01]]"') },
      expected: [{ at: "knowledge/concepts/a.md:5", message: "gone" }],
    },
  ],
  check(path, ctx) {
    return relationFindings(this, path, ctx, (prop, r) =>
      ctx.view.resolve(r.target, path) === null ? `${prop.toUpperCase()} → "${r.target}": no such article.` : null,
    );
  },
};

/** Every relationship carries a YYYY-MM stamp (seed 002: timestamp per relationship). */
export const ckpUnstamped: LintCheck = {
  id: "ckp-unstamped",
  severity: "warning",
  description: "A relationship has no YYYY-MM validation stamp, so its staleness cannot be judged.",
  examples: [
    {
      name: "link without stamp",
      files: { "knowledge/concepts/a.md": fm('tldr: t\nanswers_when: [a]\nsimilar_high: ["[[b]]"]'), "knowledge/concepts/b.md": "# B\n" },
      expected: [{ at: "knowledge/concepts/a.md:4", message: "no YYYY-MM" }],
    },
  ],
  check(path, ctx) {
    return relationFindings(this, path, ctx, (prop, r) => (r.stamp === null ? `${prop.toUpperCase()} → "${r.target}" has no YYYY-MM stamp.` : null));
  },
};
