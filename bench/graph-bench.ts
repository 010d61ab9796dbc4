// The graph model at the sizes the graph view must stay smooth at: a full snapshot, a hub's neighbourhood, the capped
// global view, and one article's edit followed by a snapshot (what the view does on every change).
import { readCkpHeader } from "../src/core/ckp/read-ckp-header";
import { GraphModel, graphArticleOf } from "../src/core/graph/graph-model";
import { filterGraph, neighbourhood } from "../src/core/graph/graph-queries";
import { VaultIndex } from "../src/core/links/vault-index";
import { parseNote } from "../src/core/notes/parse-note";
import { generateKnowledgeBase } from "./generate-knowledge-base";
import { median, ms, timeRuns } from "./stats";
import { print } from "./print";

/** Graph model timings on generated bases (two HIGH and three MID per article, a connection every tenth). */
export async function benchGraph(): Promise<void> {
  print("\n## Graph model (generated bases)\n");
  print("| articles | edges | build from parsed notes | snapshot after a note came or went | hub neighbourhood (depth 2, MID) | global view (cap 5,000) | one edit + snapshot |");
  print("|---|---|---|---|---|---|---|");
  for (const n of [5000, 20000]) {
    const kb = generateKnowledgeBase(n, 7, 0);
    const vault = new VaultIndex();
    const parsed = [...kb.files].map(([p, t]) => {
      const path = p.startsWith("knowledge/") ? p : `knowledge/${p}`;
      const note = vault.setNote(path, t);
      return { path, note, header: readCkpHeader(parseNote(t).frontmatter) };
    });
    let model = new GraphModel(() => "knowledge", (l, from) => vault.resolve(l, from));
    const build = await timeRuns(3, () => {
      model = new GraphModel(() => "knowledge", (l, from) => vault.resolve(l, from));
      for (const a of parsed) model.set(graphArticleOf(a.path, a.header, a.note));
    });
    // A note came or went: every link is resolved again (the costliest rebuild); an unchanged model is a cache hit.
    const snap = await timeRuns(5, () => {
      model.notesChanged();
      model.snapshot();
    });
    const g = model.snapshot();
    const hub = g.nodes.reduce((best, x) => (x.inboundHigh > best.inboundHigh ? x : best), g.nodes[0]!).id;
    const local = await timeRuns(5, () => neighbourhood(g, hub, { depth: 2, mid: true, cap: 300 }));
    const global = await timeRuns(5, () => filterGraph(g, { cap: 5000 }));
    const first = parsed[0]!;
    const edit = await timeRuns(5, () => {
      model.set(graphArticleOf(first.path, first.header, first.note));
      model.snapshot();
    });
    print(`| ${n} | ${g.edges.length} | ${ms(median(build))} | ${ms(median(snap))} | ${ms(median(local))} | ${ms(median(global))} | ${ms(median(edit))} |`);
  }
}
