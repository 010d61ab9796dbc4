// Routing benchmarks: (1) routing as search on natural query → note pairs from real vaults (anchor texts of
// `[[target|anchor]]` links), our field-weighted index vs plain BM25 over note bodies (minisearch defaults), in one run;
// (2) tokens loaded per question vs loading everything, on generated CKP bases of growing size;
// (3) route latency p50/p95 and index build time on a 10,000-article base.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import MiniSearch from "minisearch";
import { loadVault } from "../src/node/load-vault";
import { ArticleIndex, DEFAULT_FIELD_WEIGHTS, type FieldWeights } from "../src/core/route/article-index";
import { buildArticleDoc } from "../src/core/route/article-doc";
import { routeQuestion } from "../src/core/route/route-question";
import { DEFAULT_ROUTE_OPTIONS } from "../src/core/route/route-types";
import { parseNote } from "../src/core/notes/parse-note";
import { LinkResolver } from "../src/core/links/link-resolver";
import { estimateTokens } from "../src/core/llm/estimate-tokens";
import { generateKnowledgeBase } from "./generate-knowledge-base";
import { median, ms, percentile } from "./stats";
import { print } from "./print";

interface Pair {
  anchor: string;
  target: string;
  source: string;
}

function scoreRanks(ranks: (number | null)[]): { recall5: number; mrr: number } {
  const n = ranks.length || 1;
  return {
    recall5: ranks.filter((r) => r !== null && r < 5).length / n,
    mrr: ranks.reduce<number>((s, r) => s + (r === null ? 0 : 1 / (r + 1)), 0) / n,
  };
}

/** Recall@5 and MRR of our index vs plain BM25 on the anchor-text pairs of each real vault. */
export async function benchAnchorPairs(dataDir: string): Promise<void> {
  print("\n## Routing as search: anchor text → linked note (real vaults, no CKP headers)\n");
  print("| vault | notes | pairs | ours recall@5 | ours MRR | plain BM25 recall@5 | plain BM25 MRR | recall ratio |");
  print("|---|---|---|---|---|---|---|---|");
  for (const name of ["vaultofknowledge", "noclocks-vault"]) {
    const file = join(dataDir, "_meta", `${name}.anchor-text-pairs.jsonl`);
    if (!existsSync(file)) continue;
    const pairs = readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Pair);
    const vault = await loadVault(join(dataDir, name), { lintScope: "vault" });
    const ours = new ArticleIndex();
    const plain = new MiniSearch<{ id: string; text: string }>({ fields: ["text"] });
    for (const [path, text] of vault.texts) {
      ours.upsert(buildArticleDoc(path, text, vault.index.note(path)!));
      plain.add({ id: path, text });
    }
    const usable = pairs.filter((p) => vault.texts.has(p.target));
    const rank = (ids: string[], p: Pair): number | null => {
      const i = ids.filter((id) => id !== p.source).indexOf(p.target);
      return i === -1 ? null : i;
    };
    const a = scoreRanks(
      usable.map((p) =>
        rank(
          ours.query(p.anchor, 20).map((h) => h.doc.path),
          p,
        ),
      ),
    );
    const b = scoreRanks(
      usable.map((p) =>
        rank(
          plain
            .search(p.anchor)
            .slice(0, 20)
            .map((r) => String(r.id)),
          p,
        ),
      ),
    );
    print(
      `| ${name} | ${vault.texts.size} | ${usable.length} | ${a.recall5.toFixed(3)} | ${a.mrr.toFixed(3)} | ${b.recall5.toFixed(3)} | ${b.mrr.toFixed(3)} | ${(a.recall5 / Math.max(b.recall5, 1e-9)).toFixed(2)}× |`,
    );
  }
}

function buildGenerated(n: number) {
  const kb = generateKnowledgeBase(n);
  const index = new ArticleIndex();
  const resolver = new LinkResolver();
  for (const path of kb.files.keys()) resolver.add(path);
  const t = performance.now();
  for (const [path, text] of kb.files) index.upsert(buildArticleDoc(path, text, parseNote(text)));
  const buildMs = performance.now() - t;
  return { kb, index, resolve: (l: string, from: string) => resolver.resolve(l, from), buildMs };
}

/** Tokens loaded by the router vs loading every article, as the base grows; route latency at 10,000 articles. */
export function benchRouteTokens(): void {
  print("\n## Tokens per question: router vs load-all (generated CKP bases)\n");
  print(
    "| articles | questions | median routed tokens | median load-all tokens | median cut | files loaded (median) | recall of needed article | index build |",
  );
  print("|---|---|---|---|---|---|---|---|");
  for (const n of [50, 500, 2000, 10000]) {
    const { kb, index, resolve, buildMs } = buildGenerated(n);
    const routed: number[] = [];
    const all: number[] = [];
    const files: number[] = [];
    const latency: number[] = [];
    let found = 0;
    for (const q of kb.questions) {
      const t = performance.now();
      const r = routeQuestion(index, q.question, resolve);
      latency.push(performance.now() - t);
      routed.push(r.totalTokens);
      all.push(r.loadAllTokens);
      files.push(r.loaded.length);
      if (q.needs.every((p) => r.loaded.some((l) => l.path === p))) found++;
    }
    const cut = 1 - median(routed) / median(all);
    print(
      `| ${n} | ${kb.questions.length} | ${median(routed)} | ${median(all)} | ${(cut * 100).toFixed(1)}% | ${median(files)} | ${(found / kb.questions.length).toFixed(2)} | ${ms(buildMs)} |`,
    );
    if (n === 10000)
      print(`\nRoute latency at ${n} articles: p50 ${ms(median(latency))}, p95 ${ms(percentile(latency, 95))} over ${latency.length} questions.`);
  }
}

/**
 * Field weights by measurement: a grid over the weights on the even-numbered anchor pairs of both real vaults
 * (train), reported with the odd-numbered ones (held out) next to the shipped defaults.
 */
export async function benchFieldWeights(dataDir: string): Promise<void> {
  const sets: { index: ArticleIndex; pairs: Pair[] }[] = [];
  for (const name of ["vaultofknowledge", "noclocks-vault"]) {
    const file = join(dataDir, "_meta", `${name}.anchor-text-pairs.jsonl`);
    if (!existsSync(file)) continue;
    const vault = await loadVault(join(dataDir, name), { lintScope: "vault" });
    const index = new ArticleIndex();
    for (const [path, text] of vault.texts) index.upsert(buildArticleDoc(path, text, vault.index.note(path)!));
    const pairs = readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Pair)
      .filter((p) => vault.texts.has(p.target));
    sets.push({ index, pairs });
  }
  if (sets.length === 0) return;
  const evaluate = (w: FieldWeights, half: 0 | 1): number => {
    let sum = 0;
    let n = 0;
    for (const { index, pairs } of sets) {
      pairs.forEach((p, i) => {
        if (i % 2 !== half) return;
        const ids = index
          .query(p.anchor, 20, w)
          .map((h) => h.doc.path)
          .filter((id) => id !== p.source);
        const r = ids.indexOf(p.target);
        sum += r === -1 ? 0 : 1 / (r + 1);
        n++;
      });
    }
    return sum / Math.max(1, n);
  };
  let best = { w: DEFAULT_FIELD_WEIGHTS, train: -1 };
  for (const title of [2, 4, 8])
    for (const aliases of [1, 3])
      for (const answers of [1, 3])
        for (const headings of [0.5, 1.5, 3])
          for (const tldr of [1, 2]) {
            const w: FieldWeights = { title, aliases, answers, tldr, tags: 1.5, headings, body: 1 };
            const train = evaluate(w, 0);
            if (train > best.train) best = { w, train };
          }
  print("\n## Field weights by measurement (MRR on anchor pairs of both vaults; train = even pairs, held out = odd)\n");
  print("| weights | train MRR | held-out MRR |");
  print("|---|---|---|");
  print(
    `| shipped ${JSON.stringify(DEFAULT_FIELD_WEIGHTS)} | ${evaluate(DEFAULT_FIELD_WEIGHTS, 0).toFixed(3)} | ${evaluate(DEFAULT_FIELD_WEIGHTS, 1).toFixed(3)} |`,
  );
  print(`| best of grid ${JSON.stringify(best.w)} | ${best.train.toFixed(3)} | ${evaluate(best.w, 1).toFixed(3)} |`);
  const flat: FieldWeights = { title: 1, aliases: 1, answers: 1, tldr: 1, tags: 1, headings: 1, body: 1 };
  print(`| all fields equal | ${evaluate(flat, 0).toFixed(3)} | ${evaluate(flat, 1).toFixed(3)} |`);
}

interface Question {
  id: string;
  kind: string;
  question: string;
  needs: string[];
}

/**
 * The demo question sets: recall of needed articles among the files loaded, files per question, and out-of-domain
 * questions that loaded nothing — for the router, plain BM25 over bodies and header-only search, the last two
 * taking as many files as the router loaded for that question.
 */
export async function benchQuestionSets(root: string): Promise<void> {
  const vault = await loadVault(join(root, "examples", "demo-vault"));
  const ours = new ArticleIndex();
  const plain = new MiniSearch<{ id: string; text: string }>({ fields: ["text"] });
  const header = new MiniSearch<{ id: string; title: string; aliases: string; answers: string; tldr: string }>({
    fields: ["title", "aliases", "answers", "tldr"],
  });
  const indexTokens = estimateTokens(vault.texts.get("knowledge/index.md") ?? "");
  for (const [path, text] of vault.texts) {
    if (!path.startsWith("knowledge/") || path.endsWith("index.md") || path.endsWith("log.md")) continue;
    const doc = buildArticleDoc(path, text, vault.index.note(path)!);
    ours.upsert(doc);
    plain.add({ id: path, text });
    header.add({ id: path, title: doc.title, aliases: doc.aliases, answers: doc.answers, tldr: doc.hasTldr ? doc.tldr : "" });
  }
  print(`\n## Demo question sets (${ours.size} articles in examples/demo-vault)\n`);
  print(
    "| set | questions | router recall | router files / question | OOD loading nothing | BM25 bodies recall | header-only recall | median routed tokens of load-all |",
  );
  print("|---|---|---|---|---|---|---|---|");
  for (const file of ["demo-questions.json", "demo-questions-holdout.json"]) {
    const qs = JSON.parse(readFileSync(join(root, "examples", file), "utf8")) as Question[];
    let needed = 0;
    let found = 0;
    let foundPlain = 0;
    let foundHeader = 0;
    let files = 0;
    let inDomain = 0;
    let ood = 0;
    let oodEmpty = 0;
    const misses: string[] = [];
    const routed: number[] = [];
    let loadAll = 0;
    let oodMax = 0;
    let inMin = 1;
    for (const q of qs) {
      const r = routeQuestion(ours, q.question, (l, from) => vault.index.resolve(l, from), {}, indexTokens);
      loadAll = r.loadAllTokens;
      if (r.status === "routed") routed.push(r.totalTokens);
      const loaded = r.loaded.map((l) => l.path);
      if (q.needs.length === 0) oodMax = Math.max(oodMax, r.coverage);
      else {
        // questions the floor alone could lose: without it their articles are loaded
        const open = routeQuestion(ours, q.question, (l, from) => vault.index.resolve(l, from), { minCoverage: 0 });
        if (q.needs.every((n) => open.loaded.some((l) => l.path === n))) inMin = Math.min(inMin, open.coverage);
      }
      if (q.needs.length === 0) {
        ood++;
        if (loaded.length === 0) oodEmpty++;
        else misses.push(`${q.id} (out of domain) loaded ${loaded.join(", ")}`);
        continue;
      }
      inDomain++;
      files += loaded.length;
      const k = Math.max(1, loaded.length);
      const p = plain
        .search(q.question)
        .slice(0, k)
        .map((x) => String(x.id));
      const h = header
        .search(q.question)
        .slice(0, k)
        .map((x) => String(x.id));
      for (const n of q.needs) {
        needed++;
        if (loaded.includes(n)) found++;
        else misses.push(`${q.id} missed ${n} (loaded ${loaded.join(", ") || "nothing"}, coverage ${r.coverage.toFixed(2)})`);
        if (p.includes(n)) foundPlain++;
        if (h.includes(n)) foundHeader++;
      }
    }
    const med = median(routed);
    print(
      `| ${file} | ${qs.length} (${ood} OOD) | ${(found / needed).toFixed(2)} | ${(files / Math.max(1, inDomain)).toFixed(1)} | ${oodEmpty}/${ood} | ${(foundPlain / needed).toFixed(2)} | ${(foundHeader / needed).toFixed(2)} | ${Math.round(med)} of ${loadAll} (${(100 * (1 - med / loadAll)).toFixed(1)}% cut) |`,
    );
    print(
      `  - coverage: out-of-domain at most ${oodMax.toFixed(2)}; in-domain questions the router answers without the floor at least ${inMin.toFixed(2)} (floor ${DEFAULT_ROUTE_OPTIONS.minCoverage})`,
    );
    for (const m of misses) print(`  - ${m}`);
  }
}
