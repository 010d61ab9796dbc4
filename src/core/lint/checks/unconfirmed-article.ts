import { sha256Hex } from "../../util/sha256";
import { finding, type LintCheck } from "../lint-check";
import type { LintContext } from "../lint-context";
import type { LintFinding } from "../lint-types";

/** Days from a YYYY-MM-DD (or YYYY-MM: the month's last day) to today; null when it is not a date. */
function daysSince(date: string, today: string): number | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(date);
  const t = /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  if (!m || !t) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1;
  const at = m[3] !== undefined ? Date.UTC(y, mo, Number(m[3])) : Date.UTC(y, mo + 1, 0);
  const now = Date.UTC(Number(t[1]), Number(t[2]) - 1, Number(t[3]));
  return Number.isNaN(at) ? null : Math.floor((now - at) / 86_400_000);
}

/** The latest date anything confirmed the article: its `updated`, `validated` or a relationship's stamp. */
function lastConfirmed(path: string, ctx: LintContext): { date: string; days: number } | null {
  const h = ctx.header(path);
  let best: { date: string; days: number } | null = null;
  for (const d of [h.updated, h.validated, ...h.similarHigh.map((r) => r.stamp), ...h.similarMid.map((r) => r.stamp)]) {
    const days = d ? daysSince(d, ctx.today) : null;
    if (d && days !== null && (best === null || days < best.days)) best = { date: d.slice(0, 10), days };
  }
  return best;
}

const AS_COMPILED = "# Log\n\nAs compiled.\n";
const fm = (body: string): string => `---\n${body}\n---\n# T\n\nBody.\n`;

/**
 * Seed 003's temporal decay, as a suggestion (never a deletion): an article whose source logs all changed since they
 * were compiled, or that nothing (a compile, a person, a relationship stamp) has confirmed in `staleAfterDays`.
 */
export const unconfirmedArticle: LintCheck = {
  id: "unconfirmed-article",
  severity: "suggestion",
  description:
    "An article whose source logs all changed since compile, or that no compile or person confirmed (updated, validated, relationship stamps) in a long time (default 180 days): re-read and re-compile or confirm it.",
  examples: [
    {
      name: "old, recent and undated articles",
      files: {
        "knowledge/concepts/old.md": fm('updated: 2026-01-10\nsimilar_mid: ["[[recent|recent · 2026-03]]"]'),
        "knowledge/concepts/recent.md": fm("updated: 2026-10-01"),
        "knowledge/concepts/stamped.md": fm('updated: 2025-01-01\nsimilar_high: ["[[recent|recent · 2026-09]]"]'),
        "knowledge/concepts/undated.md": fm("tldr: t"),
      },
      expected: [{ at: "knowledge/concepts/old.md:2", message: "236 days" }],
    },
    {
      name: "every source log changed since compile",
      files: {
        "daily/2026-11-01.md": "# Log\n\nEdited after the compile.\n",
        "daily/2026-11-02.md": AS_COMPILED,
        "knowledge/concepts/a.md": fm('updated: 2026-11-01\nsources: ["[[daily/2026-11-01]]"]'),
        "knowledge/concepts/b.md": fm('updated: 2026-11-02\nsources: ["[[daily/2026-11-01]]", "[[daily/2026-11-02]]"]'),
      },
      compileState: {
        logs: {
          "daily/2026-11-01.md": { hash: "0000", compiledAt: "2026-11-01T20:00:00Z" },
          "daily/2026-11-02.md": { hash: sha256Hex(AS_COMPILED), compiledAt: "2026-11-02T20:00:00Z" },
        },
      },
      expected: [{ at: "knowledge/concepts/a.md:3", message: "source log" }],
    },
  ],
  check(path, ctx) {
    if (!ctx.inScope(path) || !ctx.isArticle(path)) return [];
    const note = ctx.view.note(path);
    if (!note || note.frontmatterError) return [];
    const h = ctx.header(path);
    const out: LintFinding[] = [];
    const logs = h.sources.map((s) => ctx.view.resolve(s, path)).filter((p): p is string => p !== null && ctx.dailyDate(p) !== null);
    const changed = logs.filter((p) => {
      const entry = ctx.compileState.logs[p];
      const now = ctx.logHash(p);
      return entry !== undefined && now !== undefined && now !== entry.hash;
    });
    if (h.sources.length > 0 && changed.length === h.sources.length) {
      const which = changed.length === 1 ? `Its source log ${changed[0]} changed` : `All ${changed.length} of its source logs changed`;
      out.push(finding(this, path, note.propertyLines?.sources ?? 0, 0, `${which} since compile: re-compile, or re-read the article and confirm it.`));
    }
    const limit = ctx.staleAfterDays ?? 180;
    const last = lastConfirmed(path, ctx);
    if (last && last.days > limit) {
      out.push(
        finding(
          this,
          path,
          note.propertyLines?.updated ?? 0,
          0,
          `Not confirmed for ${last.days} days (last ${last.date}; the limit is ${limit}): re-read it, then re-compile or update it.`,
        ),
      );
    }
    return out;
  },
};
