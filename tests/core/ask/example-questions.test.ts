import { describe, expect, it } from "vitest";
import { countTextWork } from "../../fakes/count-text-work";
import { exampleQuestions } from "../../../src/core/ask/example-questions";
import { buildArticleDoc } from "../../../src/core/route/article-doc";
import { parseNote } from "../../../src/core/notes/parse-note";

function doc(path: string, fields: string) {
  const text = `---\n${fields}\n---\n# Body\n\nSome text.\n`;
  return buildArticleDoc(path, text, parseNote(text));
}

describe("exampleQuestions", () => {
  it("uses answers_when phrasings that read as questions, made into questions", () => {
    const docs = [
      doc("k/concepts/retry.md", 'title: Retry\ntldr: "Retries wait."\nanswers_when: [retry, "why do uploads retry forever"]'),
      doc("k/concepts/merge.md", 'title: Merge\ntldr: "Merges."\nanswers_when: ["Can two edits conflict?"]'),
    ];
    expect(exampleQuestions(docs)).toEqual([
      { question: "Can two edits conflict?", path: "k/concepts/merge.md" },
      { question: "Why do uploads retry forever?", path: "k/concepts/retry.md" },
    ]);
  });

  it("falls back to a concept's title when its phrasings are only keywords, and to a filed answer's question", () => {
    const docs = [
      doc("k/concepts/blobs.md", 'title: Attachment blobs\ntldr: "Blobs by hash."\nanswers_when: [photo, image]'),
      doc("k/qa/how-long.md", 'title: "How long do retries wait?"\ntldr: "Up to 16 s."'),
      doc("k/connections/a-b.md", 'title: Retries need idempotency\ntldr: "x"'),
    ];
    expect(exampleQuestions(docs).map((q) => q.question)).toEqual(["How long do retries wait?", "What is attachment blobs?"]);
  });

  it("gives at most three, spread over the base, deterministic whatever the input order", () => {
    const docs = Array.from({ length: 9 }, (_, i) => doc(`k/concepts/c${i}.md`, `title: C${i}\ntldr: "t"\nanswers_when: ["how does c${i} work"]`));
    const a = exampleQuestions(docs);
    expect(a.map((q) => q.path)).toEqual(["k/concepts/c0.md", "k/concepts/c3.md", "k/concepts/c6.md"]);
    expect(exampleQuestions([...docs].reverse())).toEqual(a);
  });

  it("returns nothing for an empty base, and never a control character or an overlong question", () => {
    expect(exampleQuestions([])).toEqual([]);
    const docs = [
      doc("k/concepts/x.md", `title: X\ntldr: "t"\nanswers_when: ["how does \\u001b[31m this work"]`),
      doc("k/concepts/y.md", `title: Y\ntldr: "t"\nanswers_when: ["how does ${"very ".repeat(40)}long work"]`),
    ];
    const out = exampleQuestions(docs);
    expect(out.map((q) => q.question)).toEqual(["How does [31m this work?"]);
  });

  it("looks at a bounded sample, so a base of 10,000 articles costs about what 1,000 do (it runs on the UI thread)", () => {
    const base = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        doc(
          `k/concepts/c${String(i).padStart(5, "0")}.md`,
          `title: Concept ${i}\ntldr: "T."\nanswers_when: [keyword one, keyword two, "why does concept ${i} fail"]`,
        ),
      );
    const small = base(1000);
    const large = base(10_000);
    const work = (docs: ReturnType<typeof base>) => countTextWork(() => exampleQuestions(docs)).work;
    expect(work(large)).toBeLessThan(2 * work(small));
    // Still spread over the whole base, not taken from its start.
    expect(
      Number(
        exampleQuestions(large)
          .at(-1)!
          .path.match(/c(\d+)/)![1],
      ),
    ).toBeGreaterThan(5000);
  });
});

describe("exampleQuestions' whole questions", () => {
  it("skips answers_when fragments that make no sense out of their article, and asks about the article instead", () => {
    const docs = [
      doc("k/concepts/tombstones.md", 'title: Tombstones\ntldr: "Deletes are kept."\nanswers_when: [why keep deletes, when can we purge old tombstones]'),
      doc("k/concepts/lag.md", 'title: Sync lag\ntldr: "Lag."\nanswers_when: [how long until my other phone, why not instant]'),
    ];
    expect(exampleQuestions(docs).map((q) => q.question)).toEqual(["When can we purge old tombstones?", "What is sync lag?"]);
  });
});
