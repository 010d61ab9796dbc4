import { describe, expect, it } from "vitest";
import { contradictionPairs } from "../../../src/core/contradictions/contradiction-pairs";
import { emptyContradictionState, pairKey, type ContradictionState } from "../../../src/core/contradictions/contradiction-state";
import { checkPair } from "../../../src/core/contradictions/check-contradictions";
import { locateQuote } from "../../../src/core/util/locate-quote";
import { VaultIndex } from "../../../src/core/links/vault-index";
import { ArticleIndex } from "../../../src/core/route/article-index";
import { buildArticleDoc } from "../../../src/core/route/article-doc";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";

const art = (fm: string, body: string) => `---\n${fm}\n---\n${body}`;
const FILES: Record<string, string> = {
  "knowledge/concepts/retry.md": art(
    'similar_high: ["[[concepts/keys|keys · 2026-11]]"]\nsources: ["[[daily/2026-11-01]]"]',
    "# Retry\n\nThe client retries an upload at most 5 times,\nwaiting 1 to 16 seconds.\n",
  ),
  "knowledge/concepts/keys.md": art('sources: ["[[daily/2026-11-01]]"]', "# Keys\n\nEvery upload is retried up to 3 times with the same key.\n"),
  "knowledge/concepts/clock.md": art('similar_mid: ["[[concepts/retry]]"]', "# Clock\n\nHybrid clocks.\n"),
  "knowledge/concepts/alone.md": art("", "# Alone\n"),
  "knowledge/connections/retry-and-clock.md": art('connects: ["[[concepts/retry]]", "[[concepts/clock]]"]', "# C\n"),
};

function setup() {
  const vault = new VaultIndex();
  const index = new ArticleIndex();
  for (const [p, t] of Object.entries(FILES)) index.upsert(buildArticleDoc(p, t, vault.setNote(p, t)));
  return { docs: [...index.all()], resolve: (l: string, from: string) => vault.resolve(l, from) };
}
const empty = (): ContradictionState => emptyContradictionState();
const hash = (p: string) => `h:${FILES[p]!.length}`;

describe("contradiction candidates", () => {
  it("come from structure (HIGH, connection, MID, shared source), strongest first, never all pairs", () => {
    const { docs, resolve } = setup();
    const r = contradictionPairs(docs, resolve, hash, empty(), 10);
    expect(r.pairs.map((p) => `${p.reason} ${p.a.split("/").pop()} ${p.b.split("/").pop()}`)).toEqual([
      "high keys.md retry.md",
      "connection clock.md retry.md",
    ]);
    expect(r.pairs.some((p) => p.a.endsWith("alone.md") || p.b.endsWith("alone.md"))).toBe(false);
  });

  it("leave out pairs unchanged since checked or dismissed, and come back when either article changes", () => {
    const { docs, resolve } = setup();
    const s = empty();
    const a = "knowledge/concepts/keys.md";
    const b = "knowledge/concepts/retry.md";
    const c = "knowledge/concepts/clock.md";
    s.dismissed[pairKey(a, b)] = [hash(a), hash(b)];
    s.checked[c] = hash(c);
    s.checked[b] = hash(b);
    expect(contradictionPairs(docs, resolve, hash, s, 10)).toMatchObject({ pairs: [], unchanged: 1, dismissed: 1 });
    const changed = (p: string) => (p === b ? "edited" : hash(p));
    expect(contradictionPairs(docs, resolve, changed, s, 10).pairs).toHaveLength(2);
    expect(contradictionPairs(docs, resolve, changed, s, 1).pairs).toHaveLength(1);
  });
});

describe("checking a pair", () => {
  const pair = { a: "knowledge/concepts/keys.md", b: "knowledge/concepts/retry.md", reason: "high" as const };

  it("keeps conflicts whose quotes are in the files, with their lines, and drops invented quotes", async () => {
    const model = new ScriptedLanguageModel([
      JSON.stringify({
        conflicts: [
          {
            quote_a: "Every upload is retried up to 3 times",
            quote_b: "The client retries an upload at most 5 times, waiting 1 to 16 seconds",
            explanation: "3 against 5 retries",
            confidence: "high",
          },
          { quote_a: "Uploads are never retried", quote_b: "at most 5 times", explanation: "invented", confidence: "high" },
        ],
      }),
    ]);
    const r = await checkPair(model, pair, FILES[pair.a]!, FILES[pair.b]!);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.found).toEqual([
      {
        a: { path: pair.a, quote: "Every upload is retried up to 3 times", line: 5 },
        b: { path: pair.b, quote: "The client retries an upload at most 5 times, waiting 1 to 16 seconds", line: 6 },
        explanation: "3 against 5 retries",
        confidence: "high",
      },
    ]);
    expect(r.value.dropped).toBe(1);
    expect(model.requests[0]!.messages[0]!.content).not.toContain("similar_high");
  });

  it("returns a bad-reply error, with the tokens it cost, for a reply that is not JSON or has no conflicts list", async () => {
    for (const reply of ["not json", "{}", '{"conflicts":"none"}', "null", "[]"]) {
      const r = await checkPair(new ScriptedLanguageModel([reply]), pair, FILES[pair.a]!, FILES[pair.b]!);
      expect(r.ok, reply).toBe(false);
      if (!r.ok) {
        expect(r.error.kind, reply).toBe("bad-reply");
        expect(r.error.kind === "bad-reply" && r.error.usage.inputTokens, reply).toBeGreaterThan(0);
      }
    }
  });

  it("takes an empty conflicts list as a checked pair with nothing found", async () => {
    const r = await checkPair(new ScriptedLanguageModel(['{"conflicts":[]}']), pair, FILES[pair.a]!, FILES[pair.b]!);
    expect(r.ok && r.value).toMatchObject({ found: [], dropped: 0 });
  });

  it("locates a quote across a line break, folding whitespace and curly quotes", () => {
    expect(locateQuote("a\nThe client retries an upload\nat most 5 times.\n", "retries an upload at most 5 times")).toBe(1);
    expect(locateQuote("He said \u201cwait\u201d twice here.\n", 'He said "wait" twice')).toBe(0);
    expect(locateQuote("short", "abc")).toBe(-1);
  });
});
