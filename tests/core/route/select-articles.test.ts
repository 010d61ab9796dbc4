import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { VaultIndex } from "../../../src/core/links/vault-index";
import { ArticleIndex } from "../../../src/core/route/article-index";
import { buildArticleDoc } from "../../../src/core/route/article-doc";
import { parsePicks, selectArticles, shortlistFor } from "../../../src/core/route/select-articles";
import { scoreRouting, parseQuestionSet } from "../../../src/core/route/evaluate-routing";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";

const DEMO = join(import.meta.dirname, "..", "..", "..", "examples", "demo-vault");

function demo() {
  const vault = new VaultIndex();
  const index = new ArticleIndex();
  const walk = (dir: string, rel: string): void => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      const p = rel ? `${rel}/${name}` : name;
      if (statSync(abs).isDirectory()) walk(abs, p);
      else if (p.endsWith(".md")) {
        const text = readFileSync(abs, "utf8");
        const parsed = vault.setNote(p, text);
        if (p.startsWith("knowledge/") && !/knowledge\/(index|log)\.md$/.test(p)) index.upsert(buildArticleDoc(p, text, parsed));
      }
    }
  };
  walk(DEMO, "");
  return { index, resolve: (l: string, from: string) => vault.resolve(l, from) };
}

describe("the model's selection step", () => {
  const { index, resolve } = demo();
  const q = "Is it safe to resend an upload after a timeout?";

  it("shortlists the top lexical matches and their HIGH neighbours, each with its header", () => {
    const list = shortlistFor(index, q, resolve);
    expect(list.length).toBeGreaterThan(12);
    expect(list.slice(0, 12).every((s) => s.rank > 0)).toBe(true);
    expect(list.slice(12).every((s) => s.rank === 0)).toBe(true);
    expect(list[0]!.header).toMatch(/^\[a1\] .+\nTLDR: /);
  });

  it("loads what the model picks, adds the picks' HIGH neighbours, and keeps the cap", async () => {
    const list = shortlistFor(index, q, resolve);
    const retry = list.find((s) => s.path.endsWith("retry-with-backoff.md"))!;
    const model = new ScriptedLanguageModel([JSON.stringify({ covered: true, articles: [retry.id, "a999", retry.id] })]);
    const r = await selectArticles(model, index, q, resolve);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.called).toBe(true);
    expect(r.value.route.loaded[0]).toMatchObject({ path: "knowledge/concepts/retry-with-backoff.md", reason: { kind: "match", rank: 1 } });
    expect(r.value.route.loaded.slice(1).every((l) => l.reason.kind === "high")).toBe(true);
    expect(r.value.route.loaded.length).toBeLessThanOrEqual(4);
    expect(model.requests[0]!.system).toContain("You choose which articles");
    expect(model.requests[0]!.messages[0]!.content).toContain("[a1]");
  });

  it("loads nothing when the model says the base does not cover it, and makes no call for a clear non-question", async () => {
    const model = new ScriptedLanguageModel([JSON.stringify({ covered: false, articles: ["a1"] })]);
    const r = await selectArticles(model, index, "Which snapshot camera is good for a beginner?", resolve);
    expect(r.ok && r.value.route.status).toBe("not-covered");
    expect(r.ok && r.value.route.loaded).toEqual([]);
    const none = new ScriptedLanguageModel([]);
    const clear = await selectArticles(none, index, "How do I bake sourdough bread?", resolve);
    expect(clear.ok && clear.value.called).toBe(false);
    expect(none.requests).toHaveLength(0);
  });

  it("keeps the keyword route when the reply is not a selection (prose from a model that ignored the tool)", async () => {
    const model = new ScriptedLanguageModel(["Five times, with jittered backoff."]);
    const r = await selectArticles(model, index, q, resolve);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.kind).toBe("invalid-reply");
  });

  it("reads only shortlist ids from a reply, whatever else it holds", () => {
    const list = shortlistFor(index, q, resolve);
    expect(parsePicks("not json", list)).toBeNull();
    expect(parsePicks(JSON.stringify({ covered: true, articles: ["../etc/passwd"] }), list)).toBeNull();
    expect(parsePicks(JSON.stringify({ answer: "Five times" }), list)).toBeNull();
    expect(parsePicks(JSON.stringify({ covered: true, articles: [] }), list)).toEqual([]);
    expect(parsePicks(JSON.stringify({ covered: true, articles: ["a2", "[a1]", "../etc/passwd", 7] }), list)?.map((s) => s.id)).toEqual(["a2", "a1"]);
  });

  it("scores routers on a question set: recall, files per question and out-of-domain emptiness", async () => {
    const set = parseQuestionSet(
      JSON.stringify([
        { id: "1", question: "x", needs: ["a", "b"] },
        { id: "2", question: "y", needs: [] },
      ]),
    );
    if (typeof set === "string") throw new Error(set);
    expect(await scoreRouting(set, (qq) => (qq.id === "1" ? ["a", "c"] : []))).toEqual({
      questions: 2,
      inDomain: 1,
      outOfDomain: 1,
      recall: 0.5,
      filesPerQuestion: 2,
      outOfDomainEmpty: 1,
    });
    expect(parseQuestionSet('[{"question": 1}]')).toMatch(/needs "question"/);
  });
});
