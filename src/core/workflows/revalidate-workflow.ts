import { readCkpHeader } from "../ckp/read-ckp-header";
import type { FileChange } from "../compile/compile-types";
import { proposeRevalidation, relatedFactsOf } from "../compile/revalidate";
import type { UndoRecord } from "../compile/write-compile";
import { classifyPath, knowledgePaths } from "../knowledge/knowledge-layout";
import { costAt } from "../llm/cost";
import type { TokenUsage } from "../llm/language-model";
import { parseNote } from "../notes/parse-note";
import { localDate } from "../util/local-date";
import type { CompileHost } from "../ports/compile-host";
import type { KcHost, ModelUnavailable } from "../ports/host";
import { writeRevalidationReviewed } from "./reviewed-writes";
import { isArticlePath } from "../knowledge/write-rules";

/** The person's yes or no to a proposed header change, with what the call cost at the model's price. */
export interface RevalidationReviewer {
  review(change: FileChange, spent: { usage: TokenUsage; usd: number }): Promise<boolean>;
}

/** Progress a host may show: the call about to be made, and what it cost. */
export interface RevalidationEvents {
  asking?(path: string, related: number): void;
  proposed?(usage: TokenUsage, usd: number): void;
}

/** How one revalidation ended: refused before any call, no model, the call failed, or reviewed (written or not). */
export type RevalidationResult =
  | { status: "refused"; reason: "missing" | "not-article" | "no-relations"; path: string | null; message: string }
  | { status: "unavailable"; path: string; error: ModelUnavailable }
  | { status: "failed"; path: string; message: string; usage: TokenUsage; usd: number }
  | { status: "not-written"; path: string; change: FileChange; usage: TokenUsage; usd: number }
  | { status: "write-failed"; path: string; change: FileChange; usage: TokenUsage; usd: number; message: string }
  | { status: "written"; path: string; change: FileChange; usage: TokenUsage; usd: number; undo: UndoRecord };

/**
 * Re-applies the relationship rubric to one article, the same in every host: finds the article (a vault path, with
 * or without .md, or a link), checks it is a concept or connection article with relationships to existing articles,
 * asks the host's compile model once (bounded: the header, the opening, the header facts of at most 8 related
 * articles; one retry), lets the person review the header change, and writes it as one undoable unit.
 */
export async function revalidateArticle(
  host: KcHost,
  name: string,
  reviewer: RevalidationReviewer,
  options: { month?: string; signal?: AbortSignal; onWait?: (seconds: number, reason: string) => void; events?: RevalidationEvents } = {},
): Promise<RevalidationResult> {
  const folder = host.rules().knowledgeFolder;
  const path = await findArticle(host, name);
  const text = path === null ? undefined : await host.store.read(path).catch(() => undefined);
  if (path === null || text === undefined)
    return { status: "refused", reason: "missing", path, message: `No concept or connection article "${name}" in ${folder}/.` };
  const kind = classifyPath(path, folder);
  if (kind !== "concept" && kind !== "connection" && kind !== "article") {
    return {
      status: "refused",
      reason: "not-article",
      path,
      message: `${path} is not a concept or connection article; only those carry relationships to revalidate.`,
    };
  }
  const parsed = parseNote(text);
  const header = readCkpHeader(parsed.frontmatter);
  const index = host.index();
  const related = relatedFactsOf(path, header, folder, host.resolve, (p) => index.get(p));
  if (related.length === 0) {
    return {
      status: "refused",
      reason: "no-relations",
      path,
      message: `${path} has no SIMILAR_HIGH or SIMILAR_MID relationship to an existing article; nothing to revalidate.`,
    };
  }
  const priced = await host.models.get("compile", { feature: "revalidate", ...(options.onWait ? { onWait: options.onWait } : {}) });
  if (!priced.ok) return { status: "unavailable", path, error: priced.error };
  options.events?.asking?.(path, related.length);
  const r = await proposeRevalidation(
    priced.value.model,
    {
      path,
      text,
      header,
      opening: text.slice(parsed.bodyStartOffset, parsed.bodyStartOffset + 1500),
      related,
      month: options.month ?? localDate(host.now()).slice(0, 7),
      knowledgeFolder: folder,
    },
    options.signal,
  );
  const usage = r.ok ? r.value.usage : r.error.usage;
  const usd = costAt(usage, priced.value.price);
  options.events?.proposed?.(usage, usd);
  if (!r.ok) return { status: "failed", path, message: r.error.message, usage, usd };
  const change = r.value.change;
  if (!(await reviewer.review(change, { usage, usd }))) return { status: "not-written", path, change, usage, usd };
  const w = await writeRevalidationReviewed(host, change);
  return w.ok ? { status: "written", path, change, usage, usd, undo: w.value } : { status: "write-failed", path, change, usage, usd, message: w.error };
}

/** True for a concept or connection article that has relationships to revalidate (the command's availability). */
export function canRevalidate(host: CompileHost, path: string): boolean {
  const doc = host.index().get(path);
  return isArticlePath(path, host.rules()) && !!doc && doc.header.similarHigh.length + doc.header.similarMid.length > 0;
}

/** The article a name points to: a vault path (with or without .md) or a link resolved from index.md; null when none. */
async function findArticle(host: CompileHost, name: string): Promise<string | null> {
  const clean = name.replace(/^\.?\//, "");
  for (const p of [clean, `${clean}.md`]) if (await host.store.exists(p)) return p;
  return host.resolve(clean.replace(/\.md$/, ""), knowledgePaths(host.rules().knowledgeFolder).index);
}
