import { describe, expect, it } from "vitest";
import { ArticleIndex } from "../../../src/core/route/article-index";
import { buildArticleDoc } from "../../../src/core/route/article-doc";
import { parseNote } from "../../../src/core/notes/parse-note";
import { routeQuestion, type ResolveTarget } from "../../../src/core/route/route-question";
import { formatRouteTrace } from "../../../src/core/route/format-route-trace";
import { termEvidence } from "../../../src/core/route/question-coverage";

function article(o: { title: string; tldr?: string; answers?: string[]; high?: string[]; mid?: string[]; body: string }): string {
  const fm = [`title: "${o.title}"`];
  if (o.tldr) fm.push(`tldr: "${o.tldr}"`);
  if (o.answers) fm.push(`answers_when: [${o.answers.join(", ")}]`);
  if (o.high) fm.push("similar_high:", ...o.high.map((h) => `  - "[[${h}|${h} · 2026-10]]"`));
  if (o.mid) fm.push("similar_mid:", ...o.mid.map((h) => `  - "[[${h}|${h} · 2026-10]]"`));
  return `---\n${fm.join("\n")}\n---\n# ${o.title}\n\n${o.body}\n`;
}

const VAULT: Record<string, string> = {
  "k/retry-backoff.md": article({
    title: "Retry with exponential backoff",
    tldr: "Retry failed sync requests with doubling delays plus jitter, capped at five attempts.",
    answers: ["retry", "backoff", "jitter", "transient failure"],
    high: ["idempotency-keys"],
    mid: ["rate-limits", "push-notifications"],
    body: "When the server answers 503 the client waits 1s, 2s, 4s with random jitter before trying again.",
  }),
  "k/idempotency-keys.md": article({
    title: "Idempotency keys",
    tldr: "A client-chosen key makes a repeated write apply once.",
    answers: ["duplicate", "idempotent", "double write"],
    body: "Each mutation carries a UUID; the server stores it for 24 hours and returns the first result on a repeat.",
  }),
  "k/rate-limits.md": article({
    title: "Rate limits",
    tldr: "The API allows 60 requests a minute per device.",
    answers: ["rate limit", "429", "throttle"],
    body: "Clients receiving 429 must honour the Retry-After header.",
  }),
  "k/push-notifications.md": article({
    title: "Push notifications",
    tldr: "Silent pushes wake the app to pull changes.",
    answers: ["push", "apns", "wake"],
    body: "The server sends a silent push after each accepted change so other devices pull.",
  }),
  "k/schema-migrations.md": article({
    title: "Schema migrations on device",
    tldr: "Migrations run in a transaction at app start, numbered and forward-only.",
    answers: ["migration", "schema", "upgrade"],
    body: "Each migration is a numbered SQL file applied inside one transaction when the app starts.",
  }),
  "k/plain.md": "# Conflict notes\n\nWhen two phones edit the same note the later write wins unless fields differ.\n",
};

function build(vault: Record<string, string>): { index: ArticleIndex; resolve: ResolveTarget } {
  const index = new ArticleIndex();
  for (const [path, text] of Object.entries(vault)) index.upsert(buildArticleDoc(path, text, parseNote(text)));
  const resolve: ResolveTarget = (link) => {
    const name = link.replace(/\.md$/, "").split("/").pop()!.toLowerCase();
    return Object.keys(vault).find((p) => p.toLowerCase().endsWith(`/${name}.md`)) ?? null;
  };
  return { index, resolve };
}

describe("routeQuestion", () => {
  const { index, resolve } = build(VAULT);

  it("loads the matching article and its SIMILAR_HIGH neighbour", () => {
    const r = routeQuestion(index, "How long should the app wait between retries after a 503?", resolve);
    expect(r.status).toBe("routed");
    const paths = r.loaded.map((l) => l.path);
    expect(paths[0]).toBe("k/retry-backoff.md");
    expect(paths).toContain("k/idempotency-keys.md");
    expect(r.loaded.find((l) => l.path === "k/idempotency-keys.md")?.reason).toEqual({ kind: "high", of: "k/retry-backoff.md" });
  });

  it("loads a SIMILAR_MID neighbour only when the question matches it too", () => {
    const r = routeQuestion(index, "retry backoff when the server throttles with 429", resolve);
    expect(r.loaded.map((l) => l.path)).toContain("k/rate-limits.md");
    const r2 = routeQuestion(index, "How long should the app wait between retries after a 503?", resolve);
    expect(r2.loaded.map((l) => l.path)).not.toContain("k/push-notifications.md");
    expect(r2.skipped.find((s) => s.path === "k/push-notifications.md")?.reason.kind).toBe("mid-not-matching");
  });

  it("loads nothing for a question the base does not cover, even when it shares words", () => {
    const r = routeQuestion(index, "Which migration routes do Arctic terns follow in winter?", resolve);
    expect(r.status).toBe("not-covered");
    expect(r.loaded).toEqual([]);
    expect(formatRouteTrace(r)).toContain("Not in the knowledge base");
  });

  it("answers from the TLDR when a definitional question is covered by the header", () => {
    const r = routeQuestion(index, "What are idempotency keys?", resolve);
    expect(r.mode).toBe("tldr");
    expect(r.loaded).toHaveLength(1);
    expect(r.loaded[0]).toMatchObject({ path: "k/idempotency-keys.md", part: "tldr" });
  });

  it("routes articles without CKP headers by title and first paragraph", () => {
    const r = routeQuestion(index, "two phones edit the same note, which write wins?", resolve);
    expect(r.loaded[0]?.path).toBe("k/plain.md");
  });

  it("treats an empty or stop-word-only question as nothing to route", () => {
    expect(routeQuestion(index, "", resolve).status).toBe("empty-question");
    expect(routeQuestion(index, "  ?!... ", resolve).status).toBe("empty-question");
    expect(routeQuestion(index, "what is it that they were?", resolve).status).toBe("empty-question");
  });

  it("handles a 20,000-character question without loading more than the cap", () => {
    const r = routeQuestion(index, "retry backoff ".repeat(1500), resolve);
    expect(r.loaded.length).toBeLessThanOrEqual(4);
  });

  it("keeps the file cap and the token budget, dropping MID before HIGH", () => {
    const r = routeQuestion(index, "retry backoff throttle 429 push wake", resolve, { maxFiles: 2 });
    expect(r.loaded.length).toBeLessThanOrEqual(2);
    expect(r.skipped.some((s) => s.reason.kind === "file-cap")).toBe(true);
    const tight = routeQuestion(index, "retry backoff jitter", resolve, { budget: 1 });
    expect(tight.loaded).toHaveLength(1);
    expect(tight.loaded[0]?.part).toBe("tldr");
  });

  it("survives a HIGH cycle (a HIGH b, b HIGH a) and reports load-all tokens", () => {
    const cyc = build({
      "k/a.md": article({ title: "Alpha cache", high: ["b"], answers: ["cache"], body: "alpha cache body" }),
      "k/b.md": article({ title: "Beta cache", high: ["a"], answers: ["cache"], body: "beta cache body" }),
    });
    const r = routeQuestion(cyc.index, "alpha cache", cyc.resolve);
    expect(r.loaded.map((l) => l.path).sort()).toEqual(["k/a.md", "k/b.md"]);
    expect(r.loadAllTokens).toBeGreaterThanOrEqual(r.totalTokens);
  });

  it("routes an article whose header fields have the wrong types", () => {
    const odd = build({
      "k/odd.md":
        "---\ntitle: [not, text]\ntldr: 42\nanswers_when: 7\nsimilar_high: {a: 1}\nsimilar_mid: 3\n---\n# Cache warming\nWarm the cache before traffic arrives.\n",
    });
    const r = routeQuestion(odd.index, "warm the cache before traffic", odd.resolve);
    expect(r.loaded.map((l) => l.path)).toEqual(["k/odd.md"]);
  });

  it("updates incrementally: a removed article is never routed to", () => {
    const local = build(VAULT);
    local.index.remove("k/rate-limits.md");
    const r = routeQuestion(local.index, "throttle 429 rate limit", local.resolve);
    expect(r.loaded.map((l) => l.path)).not.toContain("k/rate-limits.md");
  });

  it("loads the connection article that connects two of the matches, before their HIGH neighbours", () => {
    const conn = (body: string, connects: string[]): string =>
      `---\ntitle: "Connection"\ntldr: "t"\nanswers_when: [zzz]\nconnects:\n${connects.map((c) => `  - "[[${c}]]"`).join("\n")}\n---\n# Connection\n\n${body}\n`;
    const local = build({
      ...VAULT,
      "k/backoff-and-limits.md": conn("How two ideas meet.", ["retry-backoff", "rate-limits"]),
      "k/unrelated-link.md": conn("Other pair.", ["schema-migrations", "push-notifications"]),
    });
    const r = routeQuestion(local.index, "retry backoff when the server throttles with 429", local.resolve);
    const paths = r.loaded.map((l) => l.path);
    expect(paths).toContain("k/backoff-and-limits.md");
    expect(paths).not.toContain("k/unrelated-link.md");
    const c = r.loaded.find((l) => l.path === "k/backoff-and-limits.md")!;
    expect(c.reason).toEqual({ kind: "connection", of: expect.arrayContaining(["k/retry-backoff.md", "k/rate-limits.md"]) as unknown });
    expect(paths.indexOf("k/backoff-and-limits.md")).toBeLessThan(paths.indexOf("k/idempotency-keys.md") === -1 ? 99 : paths.indexOf("k/idempotency-keys.md"));
    expect(formatRouteTrace(r)).toContain("connects k/");
    // one matched concept is not enough
    const one = routeQuestion(local.index, "What jitter do retries use?", local.resolve);
    expect(one.loaded.map((l) => l.path)).not.toContain("k/backoff-and-limits.md");
  });

  it("counts a hyphenated word once, through its parts", () => {
    const a = routeQuestion(index, "retry backoff for a brand-new phone", resolve);
    expect(a.terms).toEqual(expect.arrayContaining(["brand", "new"]));
    expect(a.terms.some((t) => t.includes("-"))).toBe(false);
    // same coverage as writing the parts apart
    expect(a.coverage).toBeCloseTo(routeQuestion(index, "retry backoff for a brand new phone", resolve).coverage, 6);
  });

  it("counts only whole (stemmed) words as coverage: bread is not breadcrumbs", () => {
    const local = build({
      "n/navigation.md": "# Breadcrumbs\n\nBreadcrumbs show where a page sits. Bake the breadcrumbs into every layout.\n",
      "n/shell.md": "# Shell tips\n\nBake your aliases into the profile so every shell starts with them.\n",
    });
    const r = routeQuestion(local.index, "How do I bake sourdough bread?", local.resolve);
    expect(r.status).toBe("not-covered");
    expect(r.loaded).toEqual([]);
  });

  it("judges coverage per note: two notes that each hold a different part of a question do not add up", () => {
    const parts = {
      "n/a.md": "# Lenses\n\nA telephoto lens has a long focal length and a narrow field of view.\n",
      "n/b.md": "# Tripods\n\nA tripod on a steady stand keeps the camera still.\n",
      "n/pad.md": "# Filters\n\nA polarising filter cuts glare from water.\n",
    };
    const apart = build(parts);
    const q = "Which telephoto lens and tripod stand suit winter hiking?";
    const r0 = routeQuestion(apart.index, q, apart.resolve);
    expect(r0.status).toBe("not-covered");
    expect(r0.coverage).toBeLessThan(0.37);
    const together = build({ ...parts, "n/c.md": "# Winter hiking kit\n\nFor winter hiking I carry a telephoto lens and a light tripod stand.\n" });
    const r = routeQuestion(together.index, q, together.resolve);
    expect(r.status).toBe("routed");
    expect(r.loaded[0]?.path).toBe("n/c.md");
  });

  it("does not count one shared word as covering a question of three or more", () => {
    const local = build({
      "n/sentence.md": "# Sentence\n\nA sentence is an expression, such as the English example: I went to the beach.\n",
      "n/other.md": "# Grammar\n\nA clause has a subject and a verb.\n",
      ...Object.fromEntries([1, 2, 3].map((i) => [`n/pack-${i}.md`, `# Release ${i}\n\nWe pack the release build.\n`])),
      ...Object.fromEntries([1, 2, 3].map((i) => [`n/week-${i}.md`, `# Sprint ${i}\n\nThe sprint lasts one week.\n`])),
    });
    const r = routeQuestion(local.index, "What should I pack for a week at the beach?", local.resolve);
    expect(r.status).toBe("not-covered");
    // no note holds two of its three words
    expect(r.coverage).toBe(0);
    // the same word is enough when the question is about it
    expect(routeQuestion(local.index, "example sentence beach", local.resolve).status).toBe("routed");
  });

  it("weighs a word met once in a long note's body less than in its title or opening", () => {
    const filler = "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor. ".repeat(400);
    const local = build({
      "n/long.md": `# Journal\n\nToday was quiet.\n\n${filler}\n\nThe cactus on the sill needs water.\n\n${filler}\n`,
      "n/short.md": "# Cactus care\n\nWater a cactus once a fortnight in summer.\n",
      "n/pad.md": "# Pad\n\nNothing here.\n",
    });
    const long = local.index.get("n/long.md")!;
    const short = local.index.get("n/short.md")!;
    expect(termEvidence(local.index, short, "cactus")).toBe(1);
    expect(termEvidence(local.index, long, "cactus")).toBeLessThan(0.5);
    expect(termEvidence(local.index, long, "breadcrumb")).toBe(0);
  });

  it("counts a note the question names by its whole title at twice its score, and only that note", () => {
    const local = build({
      "n/flowers.md": "A flower is the part of a plant that makes seeds.\n",
      "n/flower-beds.md": "# Flower beds\n\nThe flower bed by the gate.\n",
      ...Object.fromEntries([1, 2, 3].map((i) => [`n/gate-${i}.md`, `The flower pot by gate ${i}.\n`])),
    });
    const plain = new Map(local.index.query("flower").map((h) => [h.doc.path, h.score]));
    const ranked = local.index.rankedHits("flower");
    for (const h of ranked) expect(h.score).toBeCloseTo((h.doc.path === "n/flowers.md" ? 2 : 1) * plain.get(h.doc.path)!, 9);
    expect(ranked.map((h) => h.score)).toEqual([...ranked.map((h) => h.score)].sort((a, b) => b - a));
    expect(ranked[0]?.doc.path).toBe("n/flowers.md");
  });

  it("names a folder note by its folder and a note by an alias of two words or more", () => {
    const local = build({
      "02-GUIDES/_README.md": "# Index\n\nEvery note of this folder, newest first.\n",
      "02-GUIDES/Guide - Backups.md": "# Backups\n\nThis guide keeps the backups guide short: one guide per tool.\n",
      "Notes/x.md": "---\naliases: [Code Index, index]\n---\nA list of the code snippets kept in this vault, one per language.\n",
      "Notes/y.md": "The code index of the library and its code, an index of code and the index of code again.\n",
    });
    const q = (question: string, path: string): number => {
      const plain = local.index.query(question).find((h) => h.doc.path === path)?.score ?? 0;
      return (local.index.rankedHits(question).find((h) => h.doc.path === path)?.score ?? 0) / plain;
    };
    expect(q("guides", "02-GUIDES/_README.md")).toBeCloseTo(2, 9);
    expect(q("guides", "02-GUIDES/Guide - Backups.md")).toBeCloseTo(1, 9);
    expect(q("code index", "Notes/x.md")).toBeCloseTo(2, 9);
    // a one-word alias names nothing: "index" is in too many questions
    expect(q("index of birds", "Notes/x.md")).toBeCloseTo(1, 9);
  });
});
