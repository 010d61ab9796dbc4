// Compile prompt size as the knowledge base grows: our bounded prompt against a seed-000 prompt that carries the
// schema, the whole index and every article, for the same daily log on generated bases of 10 to 2,000 articles.
import { LinkResolver } from "../src/core/links/link-resolver";
import { planCompile } from "../src/core/compile/plan-compile";
import { estimateCompile } from "../src/core/compile/propose-compile";
import { COMPILE_SYSTEM_PROMPT } from "../src/core/compile/compile-prompt";
import { renderIndex } from "../src/core/knowledge/index-file";
import { estimateTokens } from "../src/core/llm/estimate-tokens";
import { readCkpHeader } from "../src/core/ckp/read-ckp-header";
import { parseNote } from "../src/core/notes/parse-note";
import { ArticleIndex } from "../src/core/route/article-index";
import { buildArticleDoc } from "../src/core/route/article-doc";
import { generateKnowledgeBase } from "./generate-knowledge-base";
import { median, ms, timeRuns } from "./stats";
import { print } from "./print";

/** A daily log about three topics every generated base has (the first topics are the same at every size) and one new one. */
function dailyLog(files: Map<string, string>): string {
  const titles = [...files.values()].slice(0, 3).map((t) => readCkpHeader(parseNote(t).frontmatter).title ?? "");
  return [
    "# Daily Log: 2026-11-22",
    "",
    "## Sessions",
    "",
    `### Session (09:00) - ${titles[0]} under load`,
    `**Context:** The ${titles[0]} worker dropped requests when the queue filled.`,
    `- Found that the cache limit was too small for the batch size; raised it and measured latency again.`,
    `- Decided to keep retries at three for ${titles[0]} and log every dropped event.`,
    "",
    `### Session (13:30) - ${titles[1]} schema change`,
    `**Context:** A schema version bump in ${titles[1]} broke old clients.`,
    `- The server now accepts both versions for a month; the config flag removes the old path.`,
    `- Lesson: deploy the reader before the writer.`,
    "",
    `### Session (16:00) - ${titles[2]} and a new idea: request hedging`,
    `- Tried hedged requests for ${titles[2]}: a second request after the p95 latency cut the tail by half.`,
    "- Hedging needs idempotent handlers, or the storage sees double writes.",
    "",
  ].join("\n");
}

/** A seed-000 compile prompt: the schema, index.md, every article in full, then the log. */
function loadAllPromptTokens(files: Map<string, string>, log: string): number {
  const rows = [...files].map(([path, text]) => {
    const h = readCkpHeader(parseNote(text).frontmatter);
    return {
      article: path.replace(/^knowledge\//, "").replace(/\.md$/, ""),
      summary: h.title ?? "",
      sources: ["daily/2026-01-01.md"],
      updated: h.updated ?? "",
      tldr: h.tldr ?? "",
      answersWhen: h.answersWhen,
    };
  });
  let n = estimateTokens(COMPILE_SYSTEM_PROMPT) + estimateTokens(renderIndex(rows)) + estimateTokens(log);
  for (const [path, text] of files) n += estimateTokens(`## ${path}\n${text}`);
  return n;
}

/** Prints the two series side by side and the growth of each from the smallest to the largest base. */
export async function benchCompilePrompt(): Promise<void> {
  print("\n## Compile prompt tokens: bounded plan vs load-every-article (same daily log, generated CKP bases)\n");
  print(
    "| articles | our prompt (tokens) | articles shown | of the 3 the log is about | seed-000 prompt (tokens) | ours ÷ seed-000 | planning time (median of 5) |",
  );
  print("|---|---|---|---|---|---|---|");
  const ours: number[] = [];
  const theirs: number[] = [];
  for (const n of [10, 100, 1000, 2000]) {
    const { files } = generateKnowledgeBase(n);
    const index = new ArticleIndex();
    const resolver = new LinkResolver();
    for (const [path, text] of files) {
      index.upsert(buildArticleDoc(path, text, parseNote(text)));
      resolver.add(path);
    }
    const log = dailyLog(files);
    const input = {
      logPath: "daily/2026-11-22.md",
      logText: log,
      today: "2026-11-22",
      knowledgeFolder: "knowledge",
      index,
      textOf: (p: string) => files.get(p),
      resolve: (l: string, from: string) => resolver.resolve(l, from),
    };
    const plan = await planCompile(input);
    const times = await timeRuns(5, () => planCompile(input));
    const o = estimateCompile(plan).inputTokens;
    const t = loadAllPromptTokens(files, log);
    ours.push(o);
    theirs.push(t);
    const about = [...files.keys()].slice(0, 3).filter((p) => plan.shown.some((a) => a.path === p)).length;
    print(`| ${n} | ${o} | ${plan.shown.length} | ${about}/3 | ${t} | ${((o / t) * 100).toFixed(2)}% | ${ms(median(times))} |`);
  }
  const growth = (xs: number[]): string => `${(((xs.at(-1)! - xs[0]!) / xs[0]!) * 100).toFixed(1)}%`;
  print(`\nGrowth from 10 to 2,000 articles: ours ${growth(ours)} (goal ≤ 10%), seed-000 ${growth(theirs)}.`);
}
