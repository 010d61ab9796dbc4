import type { IndexRow } from "../knowledge/index-file";
import { fileNameProblem } from "../compile/check-article-path";
import { knowledgePaths, slugify } from "../knowledge/knowledge-layout";
import type { LogEntry } from "../knowledge/log-file";
import type { RouteResult } from "../route/route-types";

/** Everything filing an answer back writes: the qa article, its index row and its log entry. */
export interface FileBackPlan {
  path: string;
  text: string;
  row: IndexRow;
  log: LogEntry;
}

const strip = (p: string): string => p.replace(/\.md$/i, "");

/** Builds a seed-000 Q&A article for an answer, with a free path under qa/ (never overwriting an existing file). */
export function planFileBack(knowledgeFolder: string, route: RouteResult, answer: string, nowIso: string, exists: (path: string) => boolean): FileBackPlan {
  const qa = knowledgePaths(knowledgeFolder).qa;
  const question = route.question.replace(/\s+/g, " ").trim();
  const slug = slugify(question).slice(0, 60).replace(/-+$/, "");
  // A question can slugify to a device name ("com1") or mix look-alike scripts: such names fall back to "answer".
  const base = slug && fileNameProblem(slug) === null ? slug : "answer";
  let path = `${qa}/${base}.md`;
  for (let i = 2; exists(path); i++) path = `${qa}/${base}-${i}.md`;
  const consulted = route.loaded.map((l) => strip(l.path));
  const day = nowIso.slice(0, 10);
  const title = `Q: ${question.slice(0, 120)}`;
  const flat = answer.replace(/\s+/g, " ").trim();
  const tldr = (/^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat).slice(0, 200);
  const q = (s: string): string => JSON.stringify(s);
  const text = [
    "---",
    `title: ${q(title)}`,
    `question: ${q(question)}`,
    "consulted:",
    ...consulted.map((c) => `  - ${q(`[[${c}]]`)}`),
    `filed: ${day}`,
    `created: ${day}`,
    `updated: ${day}`,
    `tldr: ${q(tldr)}`,
    "---",
    `# ${title}`,
    "",
    "## Answer",
    answer.trim(),
    "",
    "## Sources Consulted",
    ...consulted.map((c) => `- [[${c}]]`),
    "",
  ].join("\n");
  const article = strip(path).slice(knowledgeFolder.replace(/\/+$/, "").length + (knowledgeFolder ? 1 : 0));
  return {
    path,
    text,
    row: { article, summary: question.slice(0, 100), sources: ["(query)"], updated: day, tldr, answersWhen: [] },
    log: {
      at: nowIso.slice(0, 19),
      op: "query",
      title: q(question),
      lines: [`Consulted: ${consulted.map((c) => `[[${c}]]`).join(", ")}`, `Filed to: [[${strip(path)}]]`],
    },
  };
}
