import { describe, expect, it } from "vitest";
import { readCkpHeader } from "../../../src/core/ckp/read-ckp-header";
import { graphToDot, graphToJson, graphToMermaid } from "../../../src/core/graph/export-graph";
import { GraphModel, graphArticleOf, isGraphArticle } from "../../../src/core/graph/graph-model";
import { filterGraph, neighbourhood, routeHighlights } from "../../../src/core/graph/graph-queries";
import type { GraphView } from "../../../src/core/graph/graph-types";
import { VaultIndex } from "../../../src/core/links/vault-index";
import { parseNote } from "../../../src/core/notes/parse-note";
import type { RouteResult } from "../../../src/core/route/route-types";
import { expectGolden } from "../../fakes/golden";

/** A graph over a set of files, resolved with the CLI's Obsidian-rules resolver. */
function graphOf(files: Record<string, string>, folder = "knowledge") {
  const vault = new VaultIndex();
  for (const [p, t] of Object.entries(files)) vault.setNote(p, t);
  const model = new GraphModel(
    () => folder,
    (l, from) => vault.resolve(l, from),
  );
  for (const [p, t] of Object.entries(files)) {
    if (!isGraphArticle(p, folder)) continue;
    const parsed = parseNote(t);
    model.set(graphArticleOf(p, readCkpHeader(parsed.frontmatter), parsed));
  }
  return { model, vault };
}
const art = (fm: string, body = "# T\n") => `---\n${fm}\n---\n${body}`;
const edges = (g: GraphView) => g.edges.map((e) => `${e.from} -${e.tier}${e.stale ? " stale" : ""}${e.unstamped ? " unstamped" : ""}-> ${e.to}`).sort();

const BASE = {
  "knowledge/concepts/a.md": art(
    'title: A\nupdated: 2026-11-01\nsimilar_high: ["[[concepts/b|b · 2026-11]]", "[[concepts/c|c · 2026-09]]"]\nsimilar_mid: ["[[concepts/d]]"]',
    "# A\nSee [[concepts/d]] and [[concepts/b]].\n",
  ),
  "knowledge/concepts/b.md": art('title: B\nupdated: 2026-10-01\nsimilar_high: ["[[concepts/a|a · 2026-11]]"]\ncorroborations: 3'),
  "knowledge/concepts/c.md": art('title: C\nupdated: 2026-10-15\nsimilar_high: ["[[concepts/ghost|ghost · 2026-10]]"]'),
  "knowledge/concepts/d.md": art("title: D\nupdated: 2026-01-01\ntags: [sync/offline]"),
  "knowledge/connections/a-and-d.md": art('title: A and D\nconnects: ["[[concepts/a]]", "[[concepts/d]]"]\nsources: ["[[daily/2026-11-20]]"]'),
  "knowledge/qa/why.md": art('title: "Q: why"\nsimilar_high: ["[[concepts/a|a · 2026-11]]"]'),
  "knowledge/index.md": "# Index\n[[concepts/a]]\n",
  "daily/2026-11-20.md": "# Log\n",
};

describe("the CKP graph model", () => {
  it("has article nodes by type, directed HIGH/MID/connects edges with stale and unstamped flags, and ghosts for missing targets", () => {
    const g = graphOf(BASE).model.snapshot();
    expect(g.nodes.map((n) => `${n.kind} ${n.id}`).sort()).toEqual([
      "concept knowledge/concepts/a.md",
      "concept knowledge/concepts/b.md",
      "concept knowledge/concepts/c.md",
      "concept knowledge/concepts/d.md",
      "connection knowledge/connections/a-and-d.md",
      "ghost ghost:concepts/ghost",
      "qa knowledge/qa/why.md",
    ]);
    expect(edges(g)).toEqual([
      "knowledge/concepts/a.md -high stale-> knowledge/concepts/c.md",
      "knowledge/concepts/a.md -high-> knowledge/concepts/b.md",
      "knowledge/concepts/a.md -mid unstamped-> knowledge/concepts/d.md",
      "knowledge/concepts/b.md -high-> knowledge/concepts/a.md",
      "knowledge/concepts/c.md -high-> ghost:concepts/ghost",
      "knowledge/connections/a-and-d.md -connects-> knowledge/concepts/a.md",
      "knowledge/connections/a-and-d.md -connects-> knowledge/concepts/d.md",
      "knowledge/qa/why.md -high-> knowledge/concepts/a.md",
    ]);
    expect(g.nodes.find((n) => n.id === "knowledge/concepts/a.md")?.inboundHigh).toBe(2);
    expect(g.nodes.find((n) => n.id === "knowledge/concepts/b.md")?.corroborations).toBe(3);
  });

  it("adds source logs and body links only on request, never a body link already drawn as a tier", () => {
    const g = graphOf(BASE).model.snapshot({ logs: true, body: true });
    expect(g.nodes.find((n) => n.id === "daily/2026-11-20.md")?.kind).toBe("log");
    expect(edges(g)).toContain("knowledge/connections/a-and-d.md -source-> daily/2026-11-20.md");
    expect(edges(g).filter((e) => e.startsWith("knowledge/concepts/a.md -body"))).toEqual([]);
  });

  it("follows untyped body links at every ring of a neighbourhood only when asked (the whole-vault graph)", () => {
    const notes = {
      "a.md": "# A\nSee [[b]].\n",
      "b.md": "# B\nThen [[c]].\n",
      "c.md": "# C\n",
      "d.md": "# D\n[[a]]\n",
    };
    const vault = new VaultIndex();
    for (const [p, t] of Object.entries(notes)) vault.setNote(p, t);
    const model = new GraphModel(
      () => "knowledge",
      (l, from) => vault.resolve(l, from),
    );
    for (const [p, t] of Object.entries(notes)) {
      const parsed = parseNote(t);
      model.set(graphArticleOf(p, readCkpHeader(parsed.frontmatter), parsed));
    }
    const g = model.snapshot({ logs: false, body: true });
    expect(neighbourhood(g, "a.md").nodes.map((n) => n.id)).toEqual(["a.md"]);
    const one = neighbourhood(g, "a.md", { body: true });
    expect(one.nodes.map((n) => n.id).sort()).toEqual(["a.md", "b.md", "d.md"]);
    expect(edges(one)).toEqual(["a.md -body-> b.md", "d.md -body-> a.md"]);
    expect(
      neighbourhood(g, "a.md", { body: true, depth: 2 })
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(["a.md", "b.md", "c.md", "d.md"]);
  });

  it("takes no articles, one article, self-loops, cycles and a wrongly typed relationship list in its stride", () => {
    expect(graphOf({}).model.snapshot()).toEqual({ nodes: [], edges: [], omitted: 0 });
    const one = graphOf({ "knowledge/concepts/x.md": art('similar_high: ["[[concepts/x|x · 2026-01]]"]\nsimilar_mid: 42') }).model.snapshot();
    expect(one.nodes.map((n) => n.id)).toEqual(["knowledge/concepts/x.md"]);
    expect(one.edges).toEqual([]);
    const cycle = graphOf({
      "knowledge/concepts/x.md": art('similar_high: ["[[concepts/y|y · 2026-01]]"]'),
      "knowledge/concepts/y.md": art('similar_high: ["[[concepts/z|z · 2026-01]]"]'),
      "knowledge/concepts/z.md": art('similar_high: ["[[concepts/x|x · 2026-01]]"]'),
    }).model.snapshot();
    expect(cycle.edges).toHaveLength(3);
    expect(neighbourhood(cycle, "knowledge/concepts/x.md", { depth: 2 }).nodes).toHaveLength(3);
  });

  it("follows renames and deletions: a removed target becomes a ghost, a recreated one resolves again", () => {
    const files: Record<string, string> = { ...BASE };
    const { model, vault } = graphOf(files);
    model.remove("knowledge/concepts/b.md");
    vault.remove("knowledge/concepts/b.md");
    expect(edges(model.snapshot())).toContain("knowledge/concepts/a.md -high-> ghost:concepts/b");
    const parsed = parseNote(files["knowledge/concepts/b.md"]!);
    vault.setNote("knowledge/concepts/b.md", files["knowledge/concepts/b.md"]!);
    model.set(graphArticleOf("knowledge/concepts/b.md", readCkpHeader(parsed.frontmatter), parsed));
    expect(edges(model.snapshot())).toContain("knowledge/concepts/a.md -high-> knowledge/concepts/b.md");
  });
});

describe("graph queries", () => {
  const g = graphOf(BASE).model.snapshot();

  it("shows a note's neighbourhood: depth 1 by HIGH and connections, MID on demand, depth 2 by HIGH only", () => {
    const ids = (v: GraphView) => v.nodes.map((n) => n.id.replace(/^.*\//, "")).sort();
    expect(ids(neighbourhood(g, "knowledge/concepts/b.md"))).toEqual(["a.md", "b.md"]);
    expect(ids(neighbourhood(g, "knowledge/concepts/b.md", { depth: 2 }))).toEqual(["a.md", "b.md", "c.md", "why.md"]);
    expect(ids(neighbourhood(g, "knowledge/concepts/a.md", { mid: true }))).toEqual(["a-and-d.md", "a.md", "b.md", "c.md", "d.md", "why.md"]);
    expect(neighbourhood(g, "knowledge/concepts/nope.md")).toEqual({ nodes: [], edges: [], omitted: 0 });
  });

  it("keeps a hub's neighbourhood under the cap and says how many were left out", () => {
    const files: Record<string, string> = { "knowledge/concepts/hub.md": art("title: Hub") };
    for (let i = 0; i < 20000; i++) files[`knowledge/concepts/n${i}.md`] = art(`similar_high: ["[[concepts/hub|hub · 2026-01]]"]`);
    const big = graphOf(files).model.snapshot();
    const local = neighbourhood(big, "knowledge/concepts/hub.md", { cap: 300 });
    expect(local.nodes).toHaveLength(300);
    expect(local.omitted).toBe(20000 - 299);
    const global = filterGraph(big, { cap: 2000 });
    expect(global.nodes).toHaveLength(2000);
    expect(global.omitted).toBe(18001);
    expect(global.nodes.some((n) => n.id === "knowledge/concepts/hub.md")).toBe(true);
  });

  it("filters by type, tier, stale, folder and tag", () => {
    expect(
      filterGraph(g, { cap: 100, staleOnly: true })
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(["knowledge/concepts/a.md", "knowledge/concepts/c.md"]);
    expect(filterGraph(g, { cap: 100, kinds: new Set(["connection", "concept"]), tiers: new Set(["connects"]) }).edges).toHaveLength(2);
    expect(filterGraph(g, { cap: 100, tag: "#sync" }).nodes.map((n) => n.id)).toEqual(["knowledge/concepts/d.md"]);
    expect(filterGraph(g, { cap: 100, folder: "knowledge/qa" }).nodes.map((n) => n.id)).toEqual(["knowledge/qa/why.md", "ghost:concepts/ghost"]);
  });

  it("says why the router loads each highlighted article in the Ask panel's words, naming articles by title", () => {
    const route = {
      question: "How do clocks order edits?",
      loaded: [
        {
          path: "knowledge/concepts/a.md",
          part: "body",
          tokens: 1,
          reason: { kind: "match", rank: 1, score: 1, coverage: 1, terms: [{ term: "clock", fields: ["title"] }] },
        },
        { path: "knowledge/concepts/b.md", part: "body", tokens: 1, reason: { kind: "high", of: "knowledge/concepts/a.md" } },
        {
          path: "knowledge/connections/a-and-d.md",
          part: "body",
          tokens: 1,
          reason: { kind: "connection", of: ["knowledge/concepts/a.md", "knowledge/concepts/d.md"] },
        },
      ],
    } as unknown as RouteResult;
    const titles: Record<string, string> = { "knowledge/concepts/a.md": "Vector clocks", "knowledge/concepts/d.md": "Dotted versions" };
    const lit = [...routeHighlights(route, (p) => titles[p] ?? p)];
    expect(lit).toEqual([
      ["knowledge/concepts/a.md", "matches 'clocks'"],
      ["knowledge/concepts/b.md", "closely tied to Vector clocks"],
      ["knowledge/connections/a-and-d.md", "connects Vector clocks and Dotted versions"],
    ]);
    // Issue 23: no ranks ("match #1"), tier names or slugs.
    expect(lit.map(([, why]) => why).join(" ")).not.toMatch(/#\d|HIGH|MID|concepts\//);
  });

  it("exports JSON, DOT and Mermaid (golden files)", () => {
    expect(JSON.parse(graphToJson(g))).toMatchObject({ omitted: 0 });
    expectGolden("graph/base.dot", graphToDot(g));
    expectGolden("graph/base.mmd", graphToMermaid(g));
  });
});
