import { describe, expect, it } from "vitest";
import { describeSkipReason, formatRouteTrace, questionWords, skippedToShow, summarizeRoute } from "../../../src/core/route/format-route-trace";
import type { RouteResult } from "../../../src/core/route/route-types";

const match = (rank: number, score: number, coverage: number, terms: string[]) =>
  ({ kind: "match", rank, score, coverage, terms: terms.map((term) => ({ term, fields: ["body" as const] })) }) as const;

const ROUTED: RouteResult = {
  question: "How is the spacing chosen when uploads are retried twice before merging?",
  status: "routed",
  mode: "full",
  terms: ["spac", "chosen", "upload", "retry", "twic", "merg"],
  coverage: 0.8,
  loaded: [
    { path: "k/retry.md", part: "body", tokens: 500, reason: match(1, 140, 0.8, ["spac", "retry", "twic"]) },
    { path: "k/merge.md", part: "body", tokens: 400, reason: { kind: "high", of: "k/retry.md" } },
  ],
  skipped: [
    { path: "k/merge.md", tokens: 400, reason: { kind: "mid-not-matching", of: "k/retry.md" } },
    { path: "k/quota.md", tokens: 300, reason: { kind: "mid-not-matching", of: "k/retry.md" } },
    { path: "k/quota.md", tokens: 300, reason: { kind: "mid-not-matching", of: "k/merge.md" } },
    { path: "k/batch.md", tokens: 300, reason: { kind: "file-cap", wanted: match(4, 90, 1, ["merg", "upload"]) } },
    { path: "k/other.md", tokens: 300, reason: { kind: "weak-match", score: 60, coverage: 1 } },
  ],
  totalTokens: 900,
  loadAllTokens: 9000,
  budget: 6000,
};

describe("formatRouteTrace for people", () => {
  it("shows the question's own words, never the stems it searched for", () => {
    expect(questionWords(ROUTED.question).get("twic")).toBe("twice");
    const text = formatRouteTrace(ROUTED);
    expect(text).toContain('"spacing" in body; "retried" in body; "twice" in body');
    expect(text).toContain('"merging" in body; "uploads" in body');
    expect(text).not.toMatch(/"(spac|twic|merg)"/);
  });

  it("lists each skipped article once and never one that was loaded", () => {
    expect(skippedToShow(ROUTED).map((s) => s.path)).toEqual(["k/quota.md", "k/batch.md", "k/other.md"]);
    const skippedPart = formatRouteTrace(ROUTED).split("Skipped:")[1]!;
    expect(skippedPart).not.toContain("k/merge.md");
    expect(skippedPart.match(/k\/quota\.md/g)).toHaveLength(1);
  });

  it("never calls a match that covers the whole question weak: it scored under the loaded matches", () => {
    const text = formatRouteTrace(ROUTED);
    expect(text).toContain("k/other.md a lesser match, not loaded (score 60; the best scored 140)");
    expect(text).not.toMatch(/weak match/);
  });

  it("says how little a match covers when the question is not covered", () => {
    const notCovered: RouteResult = {
      ...ROUTED,
      status: "not-covered",
      coverage: 0.3,
      loaded: [],
      skipped: [{ path: "k/a.md", tokens: 9, reason: { kind: "weak-match", score: 37.2, coverage: 0.3 } }],
    };
    expect(formatRouteTrace(notCovered)).toContain("  - k/a.md covers only 30% of the question (score 37.2)");
    expect(describeSkipReason({ kind: "weak-match", score: 5, coverage: 1 })).toBe("a lesser match, not loaded (score 5)");
  });
});

describe("a budget too small for even one article", () => {
  const tight: RouteResult = {
    ...ROUTED,
    budget: 10,
    totalTokens: 48,
    skipped: [],
    loaded: [{ path: "k/retry.md", part: "tldr", tokens: 48, reason: match(1, 140, 0.8, ["retry"]) }],
  };

  it("says that the best match's summary was loaded over the budget, in the CLI's trace and in plain words", () => {
    expect(formatRouteTrace(tight)).toContain("over the 10-token budget: the best match's summary is loaded even when nothing fits");
    expect(summarizeRoute(tight)).toMatch(/Over the 10-token budget/);
  });

  it("says nothing of the budget when the route fits it", () => {
    expect(formatRouteTrace(ROUTED)).not.toContain("budget:");
    expect(summarizeRoute(ROUTED)).not.toContain("budget");
  });
});

describe("summarizeRoute in plain words", () => {
  const titles: Record<string, string> = { "k/retry.md": "Retry with backoff", "k/merge.md": "Merge rules", "k/conn.md": "Retries meet merges" };
  const titleOf = (p: string) => titles[p] ?? p;

  it("names each loaded article by title and why in the question's words, then how many were skipped", () => {
    expect(summarizeRoute(ROUTED, titleOf)).toBe(
      "Loaded 2 articles: Retry with backoff (matches 'spacing retried twice'), Merge rules (closely tied to Retry with backoff). Skipped 3.",
    );
  });

  it("shows no stems, scores, paths or field names", () => {
    const text = summarizeRoute(ROUTED, titleOf);
    expect(text).not.toMatch(/\b(spac|twic)\b|score|\bbody\b|\btitle\b|\.md|SIMILAR/);
  });

  it("says what a connection connects, a related match what it matches, and marks a summary-only load", () => {
    const route: RouteResult = {
      ...ROUTED,
      skipped: [],
      loaded: [
        { path: "k/conn.md", part: "tldr", tokens: 40, reason: { kind: "connection", of: ["k/retry.md", "k/merge.md"] } },
        { path: "k/quota.md", part: "body", tokens: 40, reason: { kind: "mid", of: "k/retry.md", terms: ["upload"] } },
      ],
    };
    expect(summarizeRoute(route, titleOf)).toBe(
      "Loaded 2 articles: Retries meet merges (connects Retry with backoff and Merge rules; its summary only), k/quota.md (related to Retry with backoff, matches 'uploads').",
    );
    expect(summarizeRoute({ ...route, loaded: route.loaded.slice(1) })).toBe("Loaded 1 article: quota (related to retry, matches 'uploads').");
  });

  it("says plainly when nothing was loaded and why", () => {
    expect(summarizeRoute({ ...ROUTED, status: "not-covered", loaded: [], skipped: [ROUTED.skipped[4]!] })).toBe(
      "Nothing loaded: no article covers enough of the question. Skipped 1.",
    );
    expect(summarizeRoute({ ...ROUTED, status: "empty-question", loaded: [], skipped: [] })).toBe("Nothing loaded: the question has no words to search for.");
  });
});
