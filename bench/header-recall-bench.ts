// Routed recall after drafted headers, and "not covered" on everyday questions, on the real vaults: the anchor texts
// of each vault's `[[target|anchor]]` links routed over the whole vault before and after `kc headers --all-missing`
// (a dry run: the drafts are applied in memory, no file is written), and the out-of-domain questions kept in
// tests/fixtures/out-of-domain routed in both scopes. Recall is not a timing: it can run on a busy machine.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { parseNote } from "../src/core/notes/parse-note";
import { ArticleIndex } from "../src/core/route/article-index";
import { buildArticleDoc } from "../src/core/route/article-doc";
import { routeQuestion } from "../src/core/route/route-question";
import { scopeNotes, reportFolderOf } from "../src/core/knowledge/knowledge-layout";
import { proposeNoteHeaders } from "../src/core/workflows/propose-headers-workflow";
import { loadVault, type LoadedVault } from "../src/node/load-vault";
import { nodeHost } from "../src/node/node-host";
import { buildRouterIndex } from "../src/node/router-index";
import { print } from "./print";

/** One anchor-text pair: the link's display text, the note it links to, and the note that holds the link. */
export interface AnchorPair {
  anchor: string;
  target: string;
  source: string;
}

/** The vaults measured, each with its anchor-text pairs file. */
export const RECALL_VAULTS = ["vaultofknowledge", "noclocks-vault"] as const;

/** The pairs of one vault whose target is a note of the copy (links to attachments and to the source itself left out). */
export function readPairs(dataDir: string, name: string, vault: LoadedVault): AnchorPair[] {
  return readFileSync(join(dataDir, "_meta", `${name}.anchor-text-pairs.jsonl`), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AnchorPair)
    .filter((p) => vault.texts.has(p.target) && p.target !== p.source);
}

/** The everyday questions written for a vault (questions only), kept with the tests. */
export function outOfDomainQuestions(repoRoot: string, name: string): string[] {
  const file = join(repoRoot, "tests", "fixtures", "out-of-domain", `${name}.json`);
  return (JSON.parse(readFileSync(file, "utf8")) as { question: string }[]).map((q) => q.question);
}

/**
 * Routed recall@5: the share of pairs whose target is among the first five notes the router loads for the anchor text
 * (with its default options; the source note itself left out), not counting a target loaded only as a SIMILAR_HIGH or
 * SIMILAR_MID neighbour of the pair's own source note (the note that holds the link would find its own link target).
 */
export function routedRecall(index: ArticleIndex, vault: LoadedVault, pairs: readonly AnchorPair[]): { recall: number; misses: AnchorPair[] } {
  const resolve = (l: string, from: string): string | null => vault.index.resolve(l, from);
  let hits = 0;
  const misses: AnchorPair[] = [];
  for (const p of pairs) {
    const r = routeQuestion(index, p.anchor, resolve);
    const loaded = r.loaded.filter((l) => l.path !== p.source).slice(0, 5);
    const hit = loaded.find((l) => l.path === p.target);
    const viaSource = hit && (hit.reason.kind === "high" || hit.reason.kind === "mid") && hit.reason.of === p.source;
    if (hit && !viaSource) hits++;
    else misses.push(p);
  }
  return { recall: pairs.length ? hits / pairs.length : 0, misses };
}

/** The share of questions that load nothing. */
export function emptyShare(index: ArticleIndex, vault: LoadedVault, questions: readonly string[]): number {
  const resolve = (l: string, from: string): string | null => vault.index.resolve(l, from);
  return questions.filter((q) => routeQuestion(index, q, resolve).loaded.length === 0).length / Math.max(1, questions.length);
}

/** The index over a scope of the vault with each replaced note's text in place of its own. */
export function indexWith(vault: LoadedVault, replaced: ReadonlyMap<string, string>, scope: "vault" | "knowledge" = "vault"): ArticleIndex {
  const index = new ArticleIndex();
  const routed = scopeNotes(scope, vault.settings.knowledgeFolder, reportFolderOf(vault.settings));
  for (const [path, text] of vault.texts) {
    if (!routed(path)) continue;
    const t = replaced.get(path) ?? text;
    index.upsert(buildArticleDoc(path, t, t === text ? vault.index.note(path)! : parseNote(t)));
  }
  return index;
}

/** The top-level folder that holds most notes: the knowledge folder of the knowledge-scope check. */
function largestFolder(vault: LoadedVault): string {
  const counts = new Map<string, number>();
  for (const p of vault.texts.keys()) if (p.includes("/")) counts.set(p.split("/")[0]!, (counts.get(p.split("/")[0]!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}

/** Drafts headers for every note of the vault that may have one (a dry run) and returns the texts with them. */
export async function draftAll(
  vault: LoadedVault,
  index: ArticleIndex,
): Promise<{ texts: Map<string, string>; proposals: number; wallMs: number; cpuMs: number }> {
  const host = nodeHost(vault, index, {}, { out: () => undefined, err: () => undefined, isTTY: false, env: {} });
  const t = performance.now();
  const c = process.cpuUsage();
  const run = await proposeNoteHeaders(host, { paths: [], allMissing: vault.texts.size, dryRun: true });
  const cpu = process.cpuUsage(c);
  return {
    texts: new Map(run.proposals.map((p) => [p.path, p.after])),
    proposals: run.proposals.length,
    wallMs: performance.now() - t,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/** Recall before and after the drafted headers and out-of-domain questions loading nothing, on each real vault. */
export async function benchHeaderRecall(dataDir: string, repoRoot: string): Promise<void> {
  print("\n## Headers that route: anchor-text recall after drafted headers, everyday questions that load nothing\n");
  print(
    "Routed recall@5 of each vault's anchor texts over the whole vault (a hit only as a neighbour of the pair's own source note does not count), " +
      "before and after `kc headers --all-missing` (dry run, drafts applied in memory). Out of domain: everyday questions " +
      "(tests/fixtures/out-of-domain) that load nothing, in the whole-vault scope before and after the drafts, and in the knowledge scope " +
      "with the vault's largest folder as the knowledge folder.\n",
  );
  print(
    "| vault | notes | pairs | recall@5 before | recall@5 after | headers proposed | drafting (wall / CPU) | OOD empty: vault before / after | OOD empty: knowledge scope |",
  );
  print("|---|---|---|---|---|---|---|---|---|");
  for (const name of RECALL_VAULTS) {
    if (!existsSync(join(dataDir, "_meta", `${name}.anchor-text-pairs.jsonl`))) continue;
    const vault = await loadVault(join(dataDir, name), { lintScope: "vault" });
    const pairs = readPairs(dataDir, name, vault);
    const questions = outOfDomainQuestions(repoRoot, name);
    const { index } = buildRouterIndex(vault, "vault");
    const before = routedRecall(index, vault, pairs);
    const oodBefore = emptyShare(index, vault, questions);
    const drafts = await draftAll(vault, index);
    const after = indexWith(vault, drafts.texts);
    const folder = largestFolder(vault);
    const scoped = await loadVault(join(dataDir, name), { knowledgeFolder: folder });
    const oodKnowledge = emptyShare(buildRouterIndex(scoped, "knowledge").index, scoped, questions);
    const pct = (n: number): string => `${Math.round(n * questions.length)}/${questions.length}`;
    print(
      `| ${name} | ${vault.texts.size} | ${pairs.length} | ${before.recall.toFixed(3)} | ${routedRecall(after, vault, pairs).recall.toFixed(3)} | ${drafts.proposals} | ${(drafts.wallMs / 1000).toFixed(1)} s / ${(drafts.cpuMs / 1000).toFixed(1)} s | ${pct(oodBefore)} / ${pct(emptyShare(after, vault, questions))} | ${pct(oodKnowledge)} (${folder}/) |`,
    );
  }
}
