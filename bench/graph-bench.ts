// The graph model at the sizes the graph view must stay smooth at: a full snapshot, a hub's neighbourhood, the capped
// global view, and one article's edit followed by a snapshot (what the view does on every change).
import { readCkpHeader } from "../src/core/ckp/read-ckp-header";
import { GraphModel, graphArticleOf } from "../src/core/graph/graph-model";
import { groupGraph } from "../src/core/graph/graph-groups";
import { filterGraph, neighbourhood } from "../src/core/graph/graph-queries";
import { createForceLayout } from "../src/ui/graph/force-layout";
import { radiusOf } from "../src/ui/graph/graph-geometry";
import { placeLabels, type LabelCandidate } from "../src/ui/graph/graph-labels";
import { VaultIndex } from "../src/core/links/vault-index";
import { parseNote } from "../src/core/notes/parse-note";
import { generateKnowledgeBase } from "./generate-knowledge-base";
import { median, ms, timeRuns } from "./stats";
import { print } from "./print";
import process from "node:process";

/** Graph model timings on generated bases (two HIGH and three MID per article, a connection every tenth). */
export async function benchGraph(): Promise<void> {
  print("\n## Graph model (generated bases)\n");
  print(
    "| articles | edges | build from parsed notes | snapshot after a note came or went | hub neighbourhood (depth 2, MID) | global view (cap 5,000) | one edit + snapshot |",
  );
  print("|---|---|---|---|---|---|---|");
  for (const n of [5000, 20000]) {
    const kb = generateKnowledgeBase(n, 7, 0);
    const vault = new VaultIndex();
    const parsed = [...kb.files].map(([p, t]) => {
      const path = p.startsWith("knowledge/") ? p : `knowledge/${p}`;
      const note = vault.setNote(path, t);
      return { path, note, header: readCkpHeader(parseNote(t).frontmatter) };
    });
    let model = new GraphModel(
      () => "knowledge",
      (l, from) => vault.resolve(l, from),
    );
    const build = await timeRuns(3, () => {
      model = new GraphModel(
        () => "knowledge",
        (l, from) => vault.resolve(l, from),
      );
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
  await benchGraphView();
}

/**
 * The graph view's own work at 2,000 articles (issue 23): the force layout from cold to settled (it runs in a Web
 * Worker, so this is the time to settle, not main-thread time), the community colouring (in the worker too, once per
 * refresh) and one frame's label placement (main thread, every frame).
 */
async function benchGraphView(): Promise<void> {
  print("\n## Graph view at 2,000 articles\n");
  print("| nodes | edges | layout to settled (worker) | ticks | CPU per tick | community colouring (worker) | label placement per frame |");
  print("|---|---|---|---|---|---|---|");
  const kb = generateKnowledgeBase(2000, 7, 0);
  const vault = new VaultIndex();
  const model = new GraphModel(
    () => "knowledge",
    (l, from) => vault.resolve(l, from),
  );
  const files = [...kb.files].map(([p, t]) => [p.startsWith("knowledge/") ? p : `knowledge/${p}`, t] as const);
  for (const [p, t] of files) vault.setNote(p, t);
  for (const [p, t] of files) {
    const parsed = parseNote(t);
    model.set(graphArticleOf(p, readCkpHeader(parsed.frontmatter), parsed));
  }
  const g = filterGraph(model.snapshot(), { cap: 5000, tiers: new Set(["high", "connects"]) });
  const index = new Map(g.nodes.map((n, i) => [n.id, i]));
  const links = g.edges.flatMap((e) =>
    index.has(e.from) && index.has(e.to) ? [{ source: index.get(e.from)!, target: index.get(e.to)!, strong: e.tier !== "mid" }] : [],
  );
  let ticks = 0;
  // CPU of this process (what the worker's thread would spend; a shared machine's wall clock says less).
  const perTick: number[] = [];
  const layout = await timeRuns(3, () => {
    const cpu = process.cpuUsage();
    const sim = createForceLayout({ nodes: g.nodes.map((n) => ({ r: radiusOf(n) })), links });
    ticks = 0;
    while (sim.alpha() >= sim.alphaMin()) {
      sim.tick(1);
      ticks++;
    }
    const used = process.cpuUsage(cpu);
    perTick.push((used.user + used.system) / 1000 / ticks);
  });
  const groups = await timeRuns(5, () => groupGraph(g, "community"));
  const candidates: LabelCandidate[] = g.nodes.map((n, i) => ({
    i,
    x: (i * 7919) % 1100,
    y: (i * 104729) % 760,
    r: 3,
    text: n.title,
    width: n.title.length * 6.5,
    forced: false,
  }));
  const labels = await timeRuns(20, () => placeLabels(candidates.slice(0, 120), { budget: 30, fade: 9, lineHeight: 14, width: 1100, height: 760 }));
  print(`| ${g.nodes.length} | ${links.length} | ${ms(median(layout))} | ${ticks} | ${ms(median(perTick))} | ${ms(median(groups))} | ${ms(median(labels))} |`);
}
