import { describe, expect, it } from "vitest";
import { ArticleIndex } from "../../../src/core/route/article-index";
import { buildArticleDoc } from "../../../src/core/route/article-doc";
import { parseNote } from "../../../src/core/notes/parse-note";
import { routeQuestion } from "../../../src/core/route/route-question";
import { generateKnowledgeBase } from "../../../bench/generate-knowledge-base";

function indexOf(files: Map<string, string>): ArticleIndex {
  const index = new ArticleIndex();
  for (const [path, text] of files) index.upsert(buildArticleDoc(path, text, parseNote(text)));
  return index;
}

describe("ArticleIndex snapshots", () => {
  const kb = generateKnowledgeBase(150, 11, 25);
  const built = indexOf(kb.files);
  // Through JSON, as a cache file holds it.
  const restored = ArticleIndex.fromSnapshot(JSON.parse(JSON.stringify(built.snapshot())) as ReturnType<ArticleIndex["snapshot"]>);
  const resolve = (l: string): string | null => (kb.files.has(`${l}.md`) ? `${l}.md` : [...kb.files.keys()].find((p) => p.endsWith(`/${l}.md`)) ?? null);
  const questions = [...kb.questions.map((q) => q.question), "retry queue latency", "what is the cache", "nothing here matches xyzzy"];

  it("restores an index that ranks, scores and routes every question as the one it was taken from", () => {
    expect(restored.size).toBe(built.size);
    for (const q of questions) {
      const a = built.query(q);
      const b = restored.query(q);
      expect(b.map((h) => [h.doc.path, h.score, [...h.matched]])).toEqual(a.map((h) => [h.doc.path, h.score, [...h.matched]]));
      expect(routeQuestion(restored, q, resolve)).toEqual(routeQuestion(built, q, resolve));
    }
  });

  it("restores document frequencies, terms and connections, and stays updatable", () => {
    const doc = [...built.all()][0]!;
    for (const t of ["cache", "retry", "zzz"]) expect(restored.idf(t)).toBe(built.idf(t));
    expect(restored.has(doc.path, "cache")).toBe(built.has(doc.path, "cache"));
    expect([...restored.connections()].map((d) => d.path)).toEqual([...built.connections()].map((d) => d.path));
    const text = "---\ntitle: Zebra crossings\ntldr: Where zebras cross.\n---\n# Zebra crossings\n\nZebras cross the queue.\n";
    for (const i of [built, restored]) {
      i.upsert(buildArticleDoc("knowledge/concepts/zebra.md", text, parseNote(text)));
      i.remove(doc.path);
    }
    expect(restored.query("zebra queue").map((h) => [h.doc.path, h.score])).toEqual(built.query("zebra queue").map((h) => [h.doc.path, h.score]));
  });

  it("refuses a snapshot of another format", () => {
    expect(() => ArticleIndex.fromSnapshot({ ...built.snapshot(), version: 0 })).toThrow();
  });
});
