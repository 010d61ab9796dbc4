import { describe, expect, it } from "vitest";
import { planFileBack } from "../../../src/core/ask/file-back";
import { parseNote } from "../../../src/core/notes/parse-note";
import type { RouteResult } from "../../../src/core/route/route-types";
import { expectGolden } from "../../fakes/golden";

const route: RouteResult = {
  question: "How long do retries wait?",
  status: "routed",
  mode: "full",
  terms: ["retri", "wait"],
  coverage: 1,
  loaded: [
    { path: "knowledge/concepts/retry-with-backoff.md", part: "body", tokens: 500, reason: { kind: "match", rank: 1, score: 10, coverage: 1, terms: [] } },
    { path: "knowledge/concepts/idempotency-keys.md", part: "body", tokens: 400, reason: { kind: "high", of: "knowledge/concepts/retry-with-backoff.md" } },
  ],
  skipped: [],
  totalTokens: 900,
  loadAllTokens: 6000,
  budget: 6000,
};

describe("planFileBack", () => {
  it("writes a seed-000 Q&A article whose consulted links are real links, matching the golden file", () => {
    const plan = planFileBack("knowledge", route, "Up to 5 retries, 1 to 16 s apart. Each carries a key.", "2026-11-22T10:30:00.000Z", () => false);
    expect(plan.path).toBe("knowledge/qa/how-long-do-retries-wait.md");
    expectGolden("qa-article.md", plan.text);
    const parsed = parseNote(plan.text);
    expect(parsed.frontmatterError).toBeNull();
    expect(parsed.links.filter((l) => l.kind === "frontmatter").map((l) => l.path)).toEqual([
      "knowledge/concepts/retry-with-backoff",
      "knowledge/concepts/idempotency-keys",
    ]);
    expect(plan.row.article).toBe("qa/how-long-do-retries-wait");
    expect(plan.log.lines[1]).toBe("Filed to: [[knowledge/qa/how-long-do-retries-wait]]");
  });

  it("never reuses the path of an existing file", () => {
    const taken = new Set(["knowledge/qa/how-long-do-retries-wait.md", "knowledge/qa/how-long-do-retries-wait-2.md"]);
    expect(planFileBack("knowledge", route, "a", "2026-11-22T10:30:00Z", (p) => taken.has(p)).path).toBe("knowledge/qa/how-long-do-retries-wait-3.md");
  });
});
