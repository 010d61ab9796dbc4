import { graphToDot, graphToJson, graphToMermaid, graphToMermaidWithin, MERMAID_DEFAULTS } from "../../core/graph/export-graph";
import { GraphModel } from "../../core/graph/graph-model";
import { filterGraph, neighbourhood } from "../../core/graph/graph-queries";
import { knowledgePaths } from "../../core/knowledge/knowledge-layout";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, missingFolderProblem, printVaultWarnings } from "../../node/load-vault";
import { scopeFlag } from "../../node/router-index";
import { warmRouterIndex } from "../../node/router-index-cache";
import { flagString, type ParsedArgs } from "../parse-args";
import type { Command } from "../run-cli";

/** Help text of `kc graph`. */
export const GRAPH_HELP = `kc graph <vault> [--format json|dot|mermaid] [--around <article>] [--depth 1|2] [--mid] [--stale-only]
         [--logs] [--body] [--cap <nodes>] [--all] [--knowledge <folder>] [--scope knowledge|vault]

Writes the graph of CKP tiers that the graph view draws: articles as nodes by type (concept, connection,
qa), SIMILAR_HIGH and SIMILAR_MID as directed edges with their stamps, stale edges (the target changed
after the stamp) and unstamped ones flagged, connection articles to the concepts they connect, and
missing targets as ghost nodes. --around <article> gives that article's neighbourhood (depth 1: HIGH and
connections, --mid adds MID; depth 2 adds the HIGH neighbours of those); --stale-only keeps only stale
edges and their ends; --logs adds source daily logs, --body links in article bodies. At most --cap nodes
(default 5000; the most connected are kept and the rest counted). No network; never writes.
--scope vault draws every note of the vault (no knowledge folder needed): each note a node, its links
untyped edges (as --body), and the CKP tiers of the notes that have headers; --around follows those links.
Mermaid draws at most 500 edges and 50,000 characters unless its config says more: a larger graph is cut to its
most connected notes that fit, and stderr says what was left out; --all writes the whole graph (raise maxEdges and
maxTextSize in Mermaid's config to draw it).`;

/** Runs `kc graph`. */
export async function runGraphCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${GRAPH_HELP}\n`);
    return EXIT.usage;
  }
  const format = flagString(args, "format", "json")!;
  if (!["json", "dot", "mermaid"].includes(format)) return usage(io, `--format must be json, dot or mermaid, not "${format}".`);
  const depth = Number(flagString(args, "depth", "1"));
  if (depth !== 1 && depth !== 2) return usage(io, "--depth must be 1 or 2.");
  const cap = Number(flagString(args, "cap", "5000"));
  if (!Number.isInteger(cap) || cap < 1) return usage(io, "--cap must be a whole number of nodes, 1 or more.");
  const scoped = scopeFlag(flagString(args, "scope"));
  if ("error" in scoped) return usage(io, scoped.error);
  const wholeVault = scoped.scope === "vault";
  const knowledge = flagString(args, "knowledge");
  // Listed, not read: the router's index (kc's cache, only changed notes read again) holds each note's header, TLDR
  // and body links, which is all the graph draws.
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {}, undefined, { read: "none" });
  const missing = wholeVault ? null : missingFolderProblem(vault, "knowledge", "or draw every note and its links with --scope vault");
  if (missing) {
    printVaultWarnings(vault, io);
    return usage(io, missing);
  }
  const warm = await warmRouterIndex(vault, scoped.scope, io.env);
  printVaultWarnings(vault, io);
  const folder = vault.settings.knowledgeFolder;
  const model = new GraphModel(
    () => folder,
    (l, from) => vault.index.resolve(l, from),
  );
  const links = warm.bodyLinks();
  const docs = [...warm.index.all()].sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const doc of docs) model.set({ path: doc.path, header: doc.header, tldr: doc.tldr, bodyLinks: [...(links.get(doc.path) ?? [])] });
  const whole = model.snapshot({ logs: args.flags.has("logs"), body: wholeVault || args.flags.has("body") });
  let graph = filterGraph(whole, { cap: Number.MAX_SAFE_INTEGER, staleOnly: args.flags.has("stale-only") });
  const around = flagString(args, "around");
  if (around !== undefined) {
    const center = findNode(
      around,
      (l) => vault.index.resolve(l, knowledgePaths(folder).index),
      graph.nodes.map((n) => n.id),
    );
    if (!center)
      return usage(
        io,
        `No ${wholeVault ? "note" : "article"} "${around}" in the graph of ${wholeVault ? "the vault" : `${folder}/`} (give its path or link, e.g. concepts/retry-with-backoff).`,
      );
    graph = neighbourhood(graph, center, { depth, mid: args.flags.has("mid"), body: wholeVault, cap });
  } else graph = filterGraph(graph, { cap });
  if (graph.omitted > 0)
    io.err(`${graph.omitted} more node${graph.omitted === 1 ? "" : "s"} left out by the cap of ${cap}; use --around <article> or a higher --cap.\n`);
  if (format === "mermaid" && !args.flags.has("all")) {
    const fit = graphToMermaidWithin(graph);
    if (fit.leftNodes > 0 || fit.leftEdges > 0) {
      const { maxEdges, maxTextSize } = MERMAID_DEFAULTS;
      io.err(
        `${fit.leftNodes} of ${graph.nodes.length} nodes and ${fit.leftEdges} of ${graph.edges.length} edges left out so that Mermaid draws the chart with its defaults (at most ${maxEdges} edges and ${maxTextSize.toLocaleString("en-US")} characters); the most connected notes are kept. Use --all for the whole graph (and raise maxEdges and maxTextSize in Mermaid's config), --around <note> for a part, or --format dot or json.\n`,
      );
    }
    io.out(fit.text);
    return EXIT.ok;
  }
  io.out(format === "dot" ? graphToDot(graph) : format === "mermaid" ? graphToMermaid(graph) : graphToJson(graph));
  return EXIT.ok;
}

/** The node a command-line name means: a path (with or without .md) or a link resolved from index.md. */
function findNode(name: string, resolve: (link: string) => string | null, ids: string[]): string | null {
  const clean = name.replace(/^\.?\//, "");
  const known = new Set(ids);
  for (const p of [clean, `${clean}.md`]) if (known.has(p)) return p;
  const r = resolve(clean.replace(/\.md$/i, ""));
  return r !== null && known.has(r) ? r : null;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: GRAPH_HELP, run: runGraphCommand };
