import { describe, expect, it } from "vitest";
import {
  dismissPair,
  emptyContradictionState,
  pairKey,
  parseContradictionState,
  pruneContradictionState,
  type StoredContradiction,
} from "../../../src/core/contradictions/contradiction-state";
import { recordRun, type ContradictionPlan, type ContradictionRunReport } from "../../../src/core/contradictions/run-contradictions";

const A = "knowledge/concepts/a.md";
const B = "knowledge/concepts/b.md";
const C = "knowledge/concepts/c.md";
const conflict = (ha: string, hb: string): StoredContradiction => ({
  a: { path: A, quote: "limit is 3", line: 4 },
  b: { path: B, quote: "limit is 5", line: 6 },
  explanation: "3 against 5.",
  confidence: "high",
  hashes: [ha, hb],
});

describe("the contradiction state", () => {
  it("remembers a dismissed pair until either article changes, and drops its conflict at once", () => {
    const hashes: Record<string, string> = { [A]: "a1", [B]: "b1" };
    const state = { ...emptyContradictionState(), found: [conflict("a1", "b1")] };
    const dismissed = dismissPair(state, B, A, (p) => hashes[p]);
    expect(dismissed.found).toEqual([]);
    expect(dismissed.dismissed[pairKey(A, B)]).toEqual(["a1", "b1"]);
    expect(pruneContradictionState(dismissed, (p) => hashes[p]).dismissed[pairKey(A, B)]).toEqual(["a1", "b1"]);
    hashes[B] = "b2";
    expect(pruneContradictionState(dismissed, (p) => hashes[p]).dismissed).toEqual({});
  });

  it("prunes hashes of deleted articles and conflicts whose articles changed", () => {
    const state = { ...emptyContradictionState(), checked: { [A]: "a1", [C]: "c1" }, found: [conflict("a1", "b1"), conflict("a1", "old")] };
    const now: Record<string, string> = { [A]: "a1", [B]: "b1" };
    const pruned = pruneContradictionState(state, (p) => now[p]);
    expect(pruned.checked).toEqual({ [A]: "a1" });
    expect(pruned.found).toEqual([conflict("a1", "b1")]);
  });

  it("reads a malformed or older file entry by entry, never failing", () => {
    expect(parseContradictionState("{")).toEqual(emptyContradictionState());
    expect(parseContradictionState(JSON.stringify({ version: 1, checked: { x: ["a", "b"] } }))).toEqual(emptyContradictionState());
    const mixed = parseContradictionState(
      JSON.stringify({
        version: 2,
        checked: { [A]: "a1", [B]: 5 },
        pending: { nokey: ["a", "b"] },
        dismissed: { [pairKey(A, B)]: ["a1"] },
        found: [conflict("a1", "b1"), { ...conflict("a1", "b1"), confidence: "certain" }, { a: null }],
      }),
    );
    expect(mixed).toEqual({ version: 2, checked: { [A]: "a1" }, pending: {}, dismissed: {}, found: [conflict("a1", "b1")], claims: [] });
  });
});

describe("recording a run", () => {
  const pair = (a: string, b: string) => ({ a, b, reason: "high" as const });
  const report = (checked: ReturnType<typeof pair>[], found: StoredContradiction[] = []): ContradictionRunReport => ({
    found,
    dropped: 0,
    unusable: 0,
    checked,
    failed: 0,
    error: null,
    overBudget: false,
    cancelled: false,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
  });
  const plan = (due: ReturnType<typeof pair>[]): ContradictionPlan => ({
    pairs: due,
    due,
    unchanged: 0,
    dismissed: 0,
    leftForLater: 0,
    estimate: { inputTokens: 0, outputTokens: 0, usd: 0 },
  });
  const hashes: Record<string, string> = { [A]: "a1", [B]: "b1", [C]: "c1" };

  it("marks an article checked only when all its due pairs were checked, keeping the checked pair of a capped run", () => {
    const s = recordRun(emptyContradictionState(), plan([pair(A, B), pair(A, C)]), report([pair(A, B)]), (p) => hashes[p]);
    expect(s.checked).toEqual({ [B]: "b1" });
    expect(s.pending).toEqual({ [pairKey(A, B)]: ["a1", "b1"] });
    const done = recordRun(s, plan([pair(A, C)]), report([pair(A, C)]), (p) => hashes[p]);
    expect(done.checked).toEqual({ [A]: "a1", [B]: "b1", [C]: "c1" });
    expect(done.pending).toEqual({});
  });

  it("replaces the conflicts of a re-checked pair with the new ones, with the hashes of the texts checked", () => {
    const before = { ...emptyContradictionState(), found: [conflict("a0", "b0")] };
    const found = { ...conflict("", ""), explanation: "now this." };
    const s = recordRun(before, plan([pair(A, B)]), report([pair(A, B)], [found]), (p) => hashes[p]);
    expect(s.found).toEqual([{ ...found, hashes: ["a1", "b1"] }]);
  });
});
