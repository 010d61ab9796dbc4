import type { ContradictionState, StoredClaimDrift } from "../../contradictions/contradiction-state";
import { shortHash } from "../../util/short-hash";
import { finding, type LintCheck } from "../lint-check";

/** Each state's claims by article (built once per state object; states are replaced, not changed). */
const byPath = new WeakMap<ContradictionState, Map<string, StoredClaimDrift[]>>();

function claimsOf(state: ContradictionState, path: string): StoredClaimDrift[] {
  let index = byPath.get(state);
  if (!index) {
    index = new Map();
    for (const c of state.claims ?? []) index.set(c.path, [...(index.get(c.path) ?? []), c]);
    byPath.set(state, index);
  }
  return index.get(path) ?? [];
}

const SYNC = "# Sync\n\nRetries stop after 3 attempts (`src/sync/outbox.ts:MAX_RETRIES`).\n";

/**
 * The optional model layer of seed 003's drift: a statement of an old article that the cited source no longer
 * supports, as the model judged it ("Check cited code with the model", off by default). A suggestion for review,
 * shown while the article is unchanged; nothing is ever changed.
 */
export const citedClaimDrift: LintCheck = {
  id: "cited-claim-drift",
  severity: "suggestion",
  description:
    "The model judged that a statement citing code no longer matches the cited source (optional check, off by default); re-read the code and the article.",
  examples: [
    {
      name: "a stored judgement shows while the article is unchanged",
      files: { "knowledge/concepts/sync.md": SYNC, "knowledge/concepts/other.md": "# Other\n" },
      contradictions: {
        version: 2,
        checked: {},
        pending: {},
        dismissed: {},
        found: [],
        claims: [
          { path: "knowledge/concepts/sync.md", line: 2, quote: "Retries stop after 3 attempts", explanation: "MAX_RETRIES is 5.", hash: shortHash(SYNC) },
          { path: "knowledge/concepts/other.md", line: 0, quote: "Other", explanation: "stale", hash: shortHash("# Other, before an edit\n") },
        ],
      },
      expected: [{ at: "knowledge/concepts/sync.md:3", message: "MAX_RETRIES is 5." }],
    },
  ],
  check(path, ctx) {
    const state = ctx.contradictions?.();
    if (!state?.claims || !ctx.articleHash || !ctx.inScope(path)) return [];
    // Hashing the note only when it has stored claims: most notes have none, and a hash reads the whole text.
    const claims = claimsOf(state, path);
    if (claims.length === 0) return [];
    const now = ctx.articleHash(path);
    return claims
      .filter((c) => c.hash === now)
      .map((c) =>
        finding(this, path, c.line, 0, `May no longer match the cited code: "${c.quote}". ${c.explanation} (the model's suggestion; re-read and decide)`),
      );
  },
};
