import { describe, expect, it } from "vitest";
import { join, relative } from "node:path";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { parseNote } from "../../../src/core/notes/parse-note";
import { ArticleIndex } from "../../../src/core/route/article-index";
import { buildArticleDoc } from "../../../src/core/route/article-doc";
import { SNAPSHOT_VERSION, writeSnapshot, type FileStamp } from "../../../src/core/route/index-snapshot";
import { readSnapshot } from "../../../src/core/route/read-index-snapshot";
import { PackedFreqs } from "../../../src/core/route/packed-freqs";
import { routeQuestion } from "../../../src/core/route/route-question";
import { processTerm } from "../../../src/core/route/text-terms";

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
  it("routes every question exactly as the index it was taken from, after articles were replaced and removed", async () => {
    const texts = demoArticles();
    expect(texts.size).toBeGreaterThan(30);
    const index = new ArticleIndex();
    for (const [p, t] of texts) index.upsert(doc(p, t));
    // Churn, so the engine holds postings of discarded articles (minisearch vacuums them later).
    const paths = [...texts.keys()];
    for (const p of paths.slice(0, 25)) index.upsert(doc(p, `${texts.get(p)!}\nMore words about retries and sync.\n`));
    for (const p of paths.slice(25, 28)) index.remove(p);
    const stamps = stampsOf(paths.slice(0, 25));
    // The engine clears the discarded articles' postings in batches of its own; a snapshot is not taken meanwhile.
    expect(drain(writeSnapshot(index, stamps, "0.2.0", "s0", small))).toBeNull();
    await index.settle();
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
    const asked = (i: ArticleIndex) =>
      ["zebra merges", "quokka retries", ...questions()].map((q) => routeQuestion(i, q, resolve, { budget: 6000 }).loaded.map((l) => l.path));
    expect(asked(restored!.index)).toEqual(asked(fresh));
  });

  it("gives each term's postings as the index it was taken from, straight from the snapshot, and after a change too", () => {
    const texts = demoArticles();
    const index = new ArticleIndex();
    for (const [p, t] of texts) index.upsert(doc(p, t));
    const restored = drain(readSnapshot(drain(writeSnapshot(index, new Map(), "b", "t", small))!, "b"))!.index;
    const terms = new Set<string>();
    for (const t of texts.values()) for (const w of t.toLowerCase().split(/[^a-z0-9]+/)) if (w.length > 1) terms.add(processTerm(w) ?? w);
    for (const t of ["zzz", "", "a", "~"]) terms.add(t);
    const postings = (i: ArticleIndex) =>
      [...terms].map((t) => {
        const out: string[] = [];
        i.forEachPostingId(t, (id, field, n) => out.push(`${i.pathOfId(id)} ${field} ${n}`));
        return [t, out.sort()] as const;
      });
    const expected = postings(index);
    expect(expected.filter(([, p]) => p.length > 0).length).toBeGreaterThan(100);
    expect(postings(restored)).toEqual(expected);
    // Changed after the restore: the engine's own lists, as a fresh build's.
    const fresh = new ArticleIndex();
    for (const d of index.all()) fresh.upsert(d);
    const [first] = [...texts.keys()];
    for (const target of [restored, fresh]) {
      target.upsert(doc(first!, "# Replaced\n\nOnly a zebra and a quokka here now.\n"));
      target.upsert(doc("knowledge/concepts/new-one.md", "# New one\n\nA quokka syncs retries.\n"));
    }
    terms.add("zebra").add("quokka");
    expect(postings(restored)).toEqual(postings(fresh));
  });

  it("restores every article's terms and document frequencies, and takes them out again on removal", async () => {
    const texts = demoArticles();
    const index = new ArticleIndex();
    for (const [p, t] of texts) index.upsert(doc(p, t));
    const restored = drain(readSnapshot(drain(writeSnapshot(index, new Map(), "b", "t", small))!, "b"))!.index;
    const paths = [...texts.keys()];
    const terms = new Set(
      questions()
        .flatMap((q) => q.toLowerCase().split(/\W+/))
        .filter((t) => t.length > 2),
    );
    for (const t of ["sync", "conflict", "merg", "retri", "zzz", "the"]) terms.add(t);
    const view = (i: ArticleIndex) => paths.map((p) => [...terms].filter((t) => i.has(p, t)).join(" "));
    const idfs = (i: ArticleIndex) => [...terms].map((t) => i.idf(t));
    expect(view(restored)).toEqual(view(index));
    expect(view(index).join(" ").length).toBeGreaterThan(100);
    expect(idfs(restored)).toEqual(idfs(index));
    for (const p of paths.slice(0, 10)) for (const i of [index, restored]) i.remove(p);
    expect(idfs(restored)).toEqual(idfs(index));
    expect(view(restored)).toEqual(view(index));
    // The engine's clean-up of the removed articles' postings walks the restored posting lists too.
    await Promise.all([index.settle(), restored.settle()]);
    // Scores to 12 digits: prefix matches are summed in the order the engine's term tree lists them, and a tree
    // rebuilt from a snapshot may list them otherwise (the last binary digit then differs).
    const hits = (i: ArticleIndex) => questions().map((q) => i.query(q).map((h) => [h.doc.path, h.score.toPrecision(12)]));
    expect(hits(restored)).toEqual(hits(index));
    // A snapshot of the restored index (posting lists a search opened, and ones never used) restores the same again.
    const again = drain(readSnapshot(drain(writeSnapshot(restored, new Map(), "b", "u", small))!, "b"))!.index;
    expect(hits(again)).toEqual(hits(index));
    expect(view(again)).toEqual(view(index));
  });

  it("keeps each article's router view whole without repeating its header's fields", () => {
    const index = new ArticleIndex();
    const vaultNote = "---\ndescription: Notes on the garden.\n---\n# Garden\n\nTomatoes and beans.\n";
    const odd = '---\ntitle: 42\nsimilar_high: ["[[a|a · 2026-01]]", "[[b]]"]\ncorroborations: 3\nconnects: ["[[x]]"]\ntags: "#one, two"\n---\n# Odd\n';
    for (const [p, t] of [...demoArticles(), ["Garden/Beds.md", vaultNote], ["knowledge/concepts/odd.md", odd], ["empty.md", ""]] as [string, string][])
      index.upsert(doc(p, t));
    const text = drain(writeSnapshot(index, new Map(), "b", "v", small))!;
    const restored = drain(readSnapshot(text, "b"))!.index;
    for (const d of index.all()) expect(restored.get(d.path), d.path).toEqual({ ...d, body: "" });
    // The header's own fields are written once, not again as the router's fields.
    expect(text.split("The conflict").length).toBeLessThan(index.size);
  });

  it("opens restored posting lists a step at a time: those a note adds to before its upsert, then all the rest", () => {
    const texts = demoArticles();
    const index = new ArticleIndex();
    for (const [p, t] of texts) index.upsert(doc(p, t));
    const restored = drain(readSnapshot(drain(writeSnapshot(index, new Map(), "b", "p", small))!, "b"))!.index;
    type Lists = { _index: Iterable<[string, Map<number, Map<number, number>>]> };
    // Terms with a list not opened yet, and how many such lists there are.
    const unopened = () => {
      const out = Object.assign(new Set<string>(), { lists: 0 });
      for (const [term, fields] of (restored.engine() as unknown as Lists)._index) {
        for (const f of fields.values()) {
          if (!(f instanceof PackedFreqs && f.unopened())) continue;
          out.add(term);
          out.lists++;
        }
      }
      return out;
    };
    const before = unopened().lists;
    expect(before).toBeGreaterThan(500);
    const edited = doc([...texts.keys()][0]!, `${[...texts.values()][0]!}\nRetries of the sync queue wait for the network.\n`);
    const count = (steps: Generator<void, void, void>) => {
      let n = 0;
      while (!steps.next().done) n++;
      return n;
    };
    const steps = count(restored.prepare(edited));
    const left = unopened();
    expect(steps).toBe(before - left.lists);
    expect(steps).toBeGreaterThan(5);
    for (const t of ["retri", "sync", "queue", "network"]) expect(left.has(t)).toBe(false);
    const all = count(restored.openRestored());
    expect(all).toBe(left.lists);
    expect(unopened().lists).toBe(0);
    for (const i of [index, restored]) i.upsert(edited);
    expect(routes(restored)).toEqual(routes(index));
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
    // The first line of terms with its rows reordered or repeated: the terms must come in ascending order, once each.
    const at = lines.findIndex((l) => l.includes('"terms":'));
    const termsLine = JSON.parse(lines[at]!) as { id: string; terms: unknown[][] };
    const withTerms = (terms: unknown[][]) => [...lines.slice(0, at), JSON.stringify({ ...termsLine, terms }), ...lines.slice(at + 1)].join("\n");
    const bad = {
      "terms out of order": withTerms([...termsLine.terms].reverse()),
      "a term twice": withTerms([termsLine.terms[0]!, ...termsLine.terms]),
      "cut off mid-line": text.slice(0, Math.floor(text.length / 2)),
      "cut off at a line": `${lines.slice(0, 2).join("\n")}\n`,
      "not JSON": text.replace(/"terms":\["/, '"terms":[}"'),
      "mixed writers": [lines[0], other[1], ...lines.slice(2)].join("\n"),
      "older version": [JSON.stringify({ ...header, version: SNAPSHOT_VERSION - 1 }), ...lines.slice(1)].join("\n"),
      "another build": [JSON.stringify({ ...header, build: "0.1.9" }), ...lines.slice(1)].join("\n"),
      "a posting list longer than its line": text.replace(/("places":\[\d+,\d+,\d+,)\d+/, "$199999"),
      "a raw line cut short": text.replace(/(\ns1:[\d,]*?),\d+,\n/, "$1,\n"),
      "a raw line of letters": text.replace(/(\ns1:\d+,)\d+/, "$1x"),
      "a raw line of another snapshot": text.replace(/\ns1:/, "\ns2:"),
      empty: "",
      garbage: '{"format":"kc-router-index"}\n',
    };
    for (const [what, t] of Object.entries(bad)) {
      expect(t, what).not.toBe(text);
      expect(drain(readSnapshot(t, "0.2.0")), what).toBeNull();
    }
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
