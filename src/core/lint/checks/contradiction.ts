import { pairKey, stillHolds, type ContradictionState, type StoredContradiction } from "../../contradictions/contradiction-state";
import { shortHash } from "../../util/short-hash";
import { finding, type LintCheck } from "../lint-check";
import type { LintFinding } from "../lint-types";

/** Each state's conflicts by the articles they are in (built once per state object; states are replaced, not changed). */
const byPath = new WeakMap<ContradictionState, Map<string, StoredContradiction[]>>();

function conflictsOf(state: ContradictionState, path: string): StoredContradiction[] {
  let index = byPath.get(state);
  if (!index) {
    index = new Map();
    for (const f of state.found) {
      for (const p of [f.a.path, f.b.path]) index.set(p, [...(index.get(p) ?? []), f]);
    }
    byPath.set(state, index);
  }
  return index.get(path) ?? [];
}

const short = (s: string): string => (s.length > 90 ? `${s.slice(0, 87)}…` : s);

const RETRY = "# Retry\n\nThe client retries an upload at most 5 times.\n";
const KEYS = "# Keys\n\nEvery upload is retried up to 3 times with the same key.\n";
const conflict = (changedKeys = KEYS): StoredContradiction => ({
  a: { path: "knowledge/concepts/keys.md", quote: "Every upload is retried up to 3 times", line: 2 },
  b: { path: "knowledge/concepts/retry.md", quote: "The client retries an upload at most 5 times.", line: 2 },
  explanation: "3 retries against 5.",
  confidence: "high",
  hashes: [shortHash(changedKeys), shortHash(RETRY)],
});

/**
 * Seed 000's seventh check: conflicts the model found between related articles ("Check contradictions", or
 * `kc contradictions`), each quoted on both sides and verified against the files. Shown in both articles while
 * both are unchanged; a person can dismiss one as "not a conflict". Nothing is ever changed automatically.
 */
export const contradiction: LintCheck = {
  id: "contradiction",
  severity: "warning",
  description:
    "Two related articles state things that cannot both be true (found by the opt-in model check, both quotes verified in the files); kept until either article changes or the pair is dismissed.",
  examples: [
    {
      name: "a stored conflict shows in both articles",
      files: { "knowledge/concepts/keys.md": KEYS, "knowledge/concepts/retry.md": RETRY },
      contradictions: { version: 2, checked: {}, pending: {}, dismissed: {}, found: [conflict()] },
      expected: [
        { at: "knowledge/concepts/keys.md:3", message: "knowledge/concepts/retry.md:3" },
        { at: "knowledge/concepts/retry.md:3", message: "3 retries against 5" },
      ],
    },
    {
      name: "an article changed since, or the pair dismissed: nothing shown",
      files: { "knowledge/concepts/keys.md": KEYS, "knowledge/concepts/retry.md": RETRY, "knowledge/concepts/x.md": "# X\n" },
      contradictions: {
        version: 2,
        checked: {},
        pending: {},
        found: [
          conflict("# Keys\n\nAn older text.\n"),
          { ...conflict(), b: { path: "knowledge/concepts/x.md", quote: "x", line: 0 }, hashes: [shortHash(KEYS), shortHash("# X\n")] },
        ],
        dismissed: { [pairKey("knowledge/concepts/keys.md", "knowledge/concepts/x.md")]: [shortHash(KEYS), shortHash("# X\n")] },
      },
      expected: [],
    },
  ],
  check(path, ctx) {
    const state = ctx.contradictions?.();
    if (!state || !ctx.articleHash || !ctx.inScope(path)) return [];
    const hashOf = (p: string): string | undefined => ctx.articleHash?.(p);
    const out: LintFinding[] = [];
    for (const f of conflictsOf(state, path)) {
      if (!stillHolds(f.hashes, f.a.path, f.b.path, hashOf)) continue;
      const key = pairKey(f.a.path, f.b.path);
      const dismissed = state.dismissed[key];
      if (dismissed && stillHolds(dismissed, f.a.path, f.b.path, hashOf)) continue;
      const [me, other] = f.a.path === path ? [f.a, f.b] : [f.b, f.a];
      const x = finding(
        this,
        path,
        me.line,
        0,
        `Contradicts ${other.path}:${other.line + 1}: "${short(me.quote)}" / "${short(other.quote)}". ${f.explanation} (${f.confidence} confidence)`,
      );
      x.related = [
        { path: me.path, line: me.line, col: 0, label: me.quote },
        { path: other.path, line: other.line, col: 0, label: other.quote },
      ];
      x.dismissKey = `contradiction:${key}`;
      out.push(x);
    }
    return out;
  },
  dependents(path, ctx) {
    const state = ctx.contradictions?.();
    if (!state) return [];
    return conflictsOf(state, path).map((f) => (f.a.path === path ? f.b.path : f.a.path));
  },
};
