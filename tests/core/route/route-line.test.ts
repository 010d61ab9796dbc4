import { describe, expect, it } from "vitest";
import { describeRouteLine } from "../../../src/core/route/route-line";
import type { RouteResult } from "../../../src/core/route/route-types";

const routed: RouteResult = {
  question: "How long do retries wait?",
  status: "routed",
  mode: "full",
  terms: ["retri"],
  coverage: 1,
  loaded: [
    { path: "k/a.md", part: "body", tokens: 1200, reason: { kind: "match", rank: 1, score: 3, coverage: 1, terms: [{ term: "retri", fields: ["title"] }] } },
    { path: "k/b.md", part: "body", tokens: 630, reason: { kind: "high", of: "k/a.md" } },
  ],
  skipped: [],
  totalTokens: 1830,
  loadAllTokens: 9000,
  budget: 6000,
};

describe("describeRouteLine", () => {
  it("says how many sources were read and their size in one short line, with no scores or term bags", () => {
    expect(describeRouteLine(routed)).toBe("2 sources · 1,830 tokens");
  });

  it("says in a few words why there are no sources", () => {
    expect(describeRouteLine({ ...routed, status: "not-covered", loaded: [] })).toBe("No sources · no article covers enough of the question");
    expect(describeRouteLine({ ...routed, status: "empty-question", loaded: [] })).toBe("No sources · the question has no words to search for");
  });
});
