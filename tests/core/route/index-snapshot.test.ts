import { describe, expect, it } from "vitest";
import { join, relative } from "node:path";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { parseNote } from "../../../src/core/notes/parse-note";
import { ArticleIndex } from "../../../src/core/route/article-index";
import { buildArticleDoc } from "../../../src/core/route/article-doc";
import { readSnapshot, SNAPSHOT_VERSION, writeSnapshot, type FileStamp } from "../../../src/core/route/index-snapshot";
import { routeQuestion } from "../../../src/core/route/route-question";

const ROOT = join(import.meta.dirname, "..", "..", "..", "examples");
const DEMO = join(ROOT, "demo-vault");

function demoArticles(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".md") && !/\/(index|log)\.md$/.test(p)) out.set(relative(DEMO, p), readFileSync(p, "utf8"));
    }
  };
  walk(join(DEMO, "knowledge"));
  return out;
}

function questions(): string[] {
  const sets = ["demo-questions.json", "demo-questions-holdout.json"].flatMap((f) => JSON.parse(readFileSync(join(ROOT, f), "utf8")) as { question: string }[]);
  return [...sets.map((q) => q.question), "sync", "retr", "conflict resolution merge", "how do we stop duplicate notes?", "zzz nothing"];
}

/** Runs a snapshot step generator to its end. */
function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

const doc = (path: string, text: string) => buildArticleDoc(path, text, parseNote(text));
const resolve = () => null;
const routes = (index: ArticleIndex) => questions().map((q) => routeQuestion(index, q, resolve, { budget: 6000 }));
/** Small lines, so the demo's few articles make many lines (and steps). */
const small = { docs: 5, numbers: 200 };
const stampsOf = (paths: Iterable<string>) => new Map<string, FileStamp>([...paths].map((p, i) => [p, { mtime: 1000 + i, size: 10 * i }]));

describe("router index snapshot", () => {
  it("routes every question exactly as the index it was taken from, after articles were replaced and removed", () => {
    const texts = demoArticles();
    expect(texts.size).toBeGreaterThan(30);
    const index = new ArticleIndex();
    for (const [p, t] of texts) index.upsert(doc(p, t));
    // Churn, so the engine holds postings of discarded articles (minisearch vacuums them later).
    const paths = [...texts.keys()];
    for (const p of paths.slice(0, 25)) index.upsert(doc(p, `${texts.get(p)!}\nMore words about retries and sync.\n`));
    for (const p of paths.slice(25, 28)) index.remove(p);
    const stamps = stampsOf(paths.slice(0, 25));
    const text = drain(writeSnapshot(index, stamps, "0.2.0", "s1", small));
    expect(text).not.toBeNull();
    const restored = drain(readSnapshot(text!, "0.2.0"));
    expect(restored).not.toBeNull();
    expect(restored!.index.size).toBe(index.size);
    expect(routes(restored!.index)).toEqual(routes(index));
    for (const p of paths.slice(0, 25)) expect(restored!.stamps.get(p)).toEqual(stamps.get(p));
    expect(restored!.stamps.get(paths[29]!)).toEqual({ mtime: -1, size: -1 });
    // Articles keep everything but their body, and say whether they had one.
    const before = index.get(paths[0]!)!;
    expect({ ...restored!.index.get(paths[0]!)!, body: before.body }).toEqual(before);
    // The restored index goes on being updated like any other, and still routes as a fresh build would.
    const fresh = new ArticleIndex();
    for (const d of index.all()) fresh.upsert(d);
    for (const target of [restored!.index, fresh]) {
      target.upsert(doc(paths[3]!, "---\ntitle: Zebra crossing\n---\n# Zebra\n\nThe zebra rule decides who merges first.\n"));
      target.remove(paths[4]!);
      target.upsert(doc("knowledge/concepts/new-one.md", "# New one\n\nA note about a quokka and retries.\n"));
    }
    const asked = (i: ArticleIndex) => ["zebra merges", "quokka retries", ...questions()].map((q) => routeQuestion(i, q, resolve, { budget: 6000 }).loaded.map((l) => l.path));
    expect(asked(restored!.index)).toEqual(asked(fresh));
  });

  it("round-trips an empty index", () => {
    const restored = drain(readSnapshot(drain(writeSnapshot(new ArticleIndex(), new Map(), "b", "e"))!, "b"));
    expect(restored?.index.size).toBe(0);
  });

  it("is ignored when cut off, corrupt, mixed with another snapshot, or of another version or build", () => {
    const index = new ArticleIndex();
    for (const [p, t] of demoArticles()) index.upsert(doc(p, t));
    const text = drain(writeSnapshot(index, new Map(), "0.2.0", "s1", small))!;
    const lines = text.split("\n");
    expect(lines.length).toBeGreaterThan(3);
    const other = drain(writeSnapshot(index, new Map(), "0.2.0", "s2", small))!.split("\n");
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    const bad = {
      "cut off mid-line": text.slice(0, Math.floor(text.length / 2)),
      "cut off at a line": `${lines.slice(0, 2).join("\n")}\n`,
      "not JSON": text.replace(/"terms":\[\[/, '"terms":[[}'),
      "mixed writers": [lines[0], other[1], ...lines.slice(2)].join("\n"),
      "older version": [JSON.stringify({ ...header, version: SNAPSHOT_VERSION - 1 }), ...lines.slice(1)].join("\n"),
      "another build": [JSON.stringify({ ...header, build: "0.1.9" }), ...lines.slice(1)].join("\n"),
      "a posting of no article": text.replace(/("terms":\[\["[^"]+",\d+,\d+,)\d+/, "$199999"),
      "empty": "",
      "garbage": "{\"format\":\"kc-router-index\"}\n",
    };
    for (const [what, t] of Object.entries(bad)) expect(drain(readSnapshot(t, "0.2.0")), what).toBeNull();
    expect(drain(readSnapshot(text, "0.2.0"))).not.toBeNull();
  });

  it("gives up a snapshot when the index changes between its steps", () => {
    const index = new ArticleIndex();
    for (const [p, t] of demoArticles()) index.upsert(doc(p, t));
    const steps = writeSnapshot(index, new Map(), "b", "s", small);
    steps.next();
    index.upsert(doc("knowledge/concepts/late.md", "# Late\n\nText.\n"));
    let r = steps.next();
    while (!r.done) r = steps.next();
    expect(r.value).toBeNull();
  });
});
