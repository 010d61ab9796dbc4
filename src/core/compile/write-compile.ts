import { readCkpHeader } from "../ckp/read-ckp-header";
import { readIndexRows, renderIndex, upsertIndexRows, type IndexRow } from "../knowledge/index-file";
import { knowledgePaths } from "../knowledge/knowledge-layout";
import { appendLogEntry, type LogEntry } from "../knowledge/log-file";
import { rewriteOrCreate, type FileWrite } from "../knowledge/rewrite-file";
import { formatCost } from "../llm/cost";
import { NoteStoreError, type NoteStore } from "../notes/note-store";
import { parseNote } from "../notes/parse-note";
import { applyUpdate } from "./build-changes";
import { relativeArticlePath } from "./check-article-path";
import type { CompileOutcome } from "./propose-compile";

/** Everything needed to put the vault back as it was before one compile; kept outside the plugin's data.json. */
export interface UndoRecord {
  version: 1;
  /** What is undone; records written before this field existed are compiles. */
  op?: "compile" | "revalidate";
  /** ISO time of the compile. */
  at: string;
  /** The compiled log (for a revalidation: the article). */
  logPath: string;
  /** Every touched file in write order, with its exact text before (null: created) and after. */
  files: FileWrite[];
  /** The log's compile state before this compile (restored by undo). */
  previousState: { hash: string; compiledAt: string } | null;
}

/** What a write did: files written and skipped (with the reason), the log entry, and the undo record. */
export interface WriteReport {
  written: { path: string; kind: "create" | "update" }[];
  skipped: { path: string; reason: string }[];
  entry: LogEntry;
  undo: UndoRecord;
  /** The compile state to record for the log. */
  state: { hash: string; compiledAt: string };
}

/** Facts about the write that the core cannot know: the time, the money spent, how it was accepted. */
export interface WriteContext {
  nowIso: string;
  spentUsd: number | null;
  automatic: boolean;
  previousState: { hash: string; compiledAt: string } | null;
}

/**
 * Writes the accepted files of a proposal through the note store, each re-read at write time: new files only when
 * the path is still free, updates re-applied to the current text and skipped (never overwritten) when a patched
 * section changed during the review. Then updates index.md rows of the written articles and appends to log.md.
 */
export async function writeCompile(store: NoteStore, outcome: CompileOutcome, accepted: ReadonlySet<string>, ctx: WriteContext): Promise<WriteReport> {
  const { plan } = outcome;
  const files: UndoRecord["files"] = [];
  const written: WriteReport["written"] = [];
  const skipped: WriteReport["skipped"] = [];
  for (const change of outcome.changes) {
    if (!accepted.has(change.path)) continue;
    try {
      if (change.kind === "create") {
        if (await store.exists(change.path)) {
          skipped.push({ path: change.path, reason: "a file with this name appeared during the review; it was left as it is" });
          continue;
        }
        await store.create(change.path, change.after);
        files.push({ path: change.path, before: null, after: change.after });
      } else {
        // Set inside the callback; a holder object keeps TypeScript from narrowing it to its initial value.
        const seen: { problem: string | null; before: string } = { problem: null, before: "" };
        const after = await store.process(change.path, (current) => {
          const r = applyUpdate(current, change.update!, plan);
          if (!r.ok) {
            seen.problem = r.error;
            return current;
          }
          seen.before = current;
          return r.value;
        });
        if (seen.problem !== null) {
          skipped.push({ path: change.path, reason: `${seen.problem}; the file was left as it is` });
          continue;
        }
        files.push({ path: change.path, before: seen.before, after });
      }
      written.push({ path: change.path, kind: change.kind });
    } catch (e) {
      if (!(e instanceof NoteStoreError)) throw e;
      skipped.push({ path: change.path, reason: e.message });
    }
  }

  const paths = knowledgePaths(plan.knowledgeFolder);
  const link = (p: string): string => `[[${relativeArticlePath(p, plan.knowledgeFolder)}]]`;
  const u = outcome.usage;
  const entry: LogEntry = {
    at: ctx.nowIso.slice(0, 19),
    op: "compile",
    title: `Daily Log ${plan.logPath.replace(/^.*\//, "").replace(/\.md$/i, "")}`,
    lines: [
      `Source: ${plan.logPath}`,
      `Articles created: ${written.filter((w) => w.kind === "create").map((w) => link(w.path)).join(", ") || "(none)"}`,
      `Articles updated: ${written.filter((w) => w.kind === "update").map((w) => link(w.path)).join(", ") || "(none)"}`,
      ...skipped.map((s) => `Skipped ${s.path}: ${s.reason}`),
      `Tokens: ${u.inputTokens} in, ${u.outputTokens} out${ctx.spentUsd !== null ? `, ${formatCost(ctx.spentUsd)}` : ""}`,
      ...(ctx.automatic ? ["Accepted automatically (setting \"accept automatically\" is on)"] : []),
    ],
  };

  if (written.length > 0) {
    const rows = await indexRowsFor(store, written.map((w) => w.path), plan.knowledgeFolder, plan.logPath);
    files.push(await rewriteOrCreate(store, paths.index, (t) => (t === null ? renderIndex(rows) : upsertIndexRows(t, rows))));
  }
  files.push(await rewriteOrCreate(store, paths.log, (t) => appendLogEntry(t ?? "", entry)));
  const state = { hash: plan.logHash, compiledAt: ctx.nowIso };
  return { written, skipped, entry, state, undo: { version: 1, op: "compile", at: ctx.nowIso, logPath: plan.logPath, files, previousState: ctx.previousState } };
}

/** Index rows for written articles, from their headers as written; a row's existing summary and sources are kept. */
async function indexRowsFor(store: NoteStore, written: string[], knowledgeFolder: string, logPath: string): Promise<IndexRow[]> {
  const indexPath = knowledgePaths(knowledgeFolder).index;
  const existing = (await store.exists(indexPath)) ? readIndexRows(await store.read(indexPath)) : new Map<string, IndexRow>();
  const rows: IndexRow[] = [];
  for (const path of written) {
    const h = readCkpHeader(parseNote(await store.read(path)).frontmatter);
    const article = relativeArticlePath(path, knowledgeFolder);
    const old = existing.get(article);
    const sources = old ? [...old.sources] : [];
    if (!sources.includes(logPath)) sources.push(logPath);
    rows.push({
      article,
      summary: old?.summary || (h.title ?? article),
      sources,
      updated: h.updated ?? "",
      tldr: h.tldr ?? "",
      answersWhen: h.answersWhen,
    });
  }
  return rows;
}
