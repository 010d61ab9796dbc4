import { readCkpHeader } from "../ckp/read-ckp-header";
import { applyUpdate } from "../compile/build-changes";
import { relativeArticlePath } from "../compile/check-article-path";
import type { CompileOutcome } from "../compile/propose-compile";
import type { UndoRecord, WriteContext, WriteReport } from "../compile/write-compile";
import { readIndexRows, renderIndex, upsertIndexRows, type IndexRow } from "../knowledge/index-file";
import { knowledgePaths } from "../knowledge/knowledge-layout";
import { appendLogEntry, type LogEntry } from "../knowledge/log-file";
import { formatCost } from "../llm/cost";
import type { NoteStore } from "../notes/note-store";
import { parseNote } from "../notes/parse-note";
import { err, ok, type Result } from "../result";
import { stripControls } from "../util/strip-controls";
import { describeError } from "./commit-writes";

/**
 * Works out every file a reviewed proposal writes, from the files as they are now, without writing anything: new
 * files only when the path is still free, updates re-applied to the current text and skipped (never overwritten)
 * when a patched section or a header field it sets changed during the review, then the index.md rows of the written
 * articles and the log.md entry. A file that cannot be read fails the whole stage with the reason.
 */
export async function stageCompile(
  store: NoteStore,
  outcome: CompileOutcome,
  accepted: ReadonlySet<string>,
  ctx: WriteContext,
): Promise<Result<WriteReport, string>> {
  const { plan } = outcome;
  const files: UndoRecord["files"] = [];
  const written: WriteReport["written"] = [];
  const skipped: WriteReport["skipped"] = [];
  const texts = new Map<string, string>();
  try {
    for (const change of outcome.changes) {
      if (!accepted.has(change.path)) continue;
      const current = (await store.exists(change.path)) ? await store.read(change.path) : null;
      if (change.kind === "create") {
        if (current !== null) {
          skipped.push({ path: change.path, reason: "a file with this name appeared during the review; it was left as it is" });
          continue;
        }
        files.push({ path: change.path, before: null, after: change.after });
        texts.set(change.path, change.after);
      } else {
        if (current === null) {
          skipped.push({ path: change.path, reason: "the article was deleted during the review" });
          continue;
        }
        const r = applyUpdate(current, change.update!, plan);
        if (!r.ok) {
          skipped.push({ path: change.path, reason: `${r.error}; the file was left as it is` });
          continue;
        }
        files.push({ path: change.path, before: current, after: r.value });
        texts.set(change.path, r.value);
      }
      written.push({ path: change.path, kind: change.kind });
    }
  } catch (e) {
    return err(`Nothing was written: ${describeError(e)}.`);
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
      `Articles created: ${
        written
          .filter((w) => w.kind === "create")
          .map((w) => link(w.path))
          .join(", ") || "(none)"
      }`,
      `Articles updated: ${
        written
          .filter((w) => w.kind === "update")
          .map((w) => link(w.path))
          .join(", ") || "(none)"
      }`,
      ...skipped.map((s) => `Skipped ${s.path}: ${s.reason}`),
      `Tokens: ${u.inputTokens} in, ${u.outputTokens} out${ctx.spentUsd !== null ? `, ${formatCost(ctx.spentUsd)}` : ""}`,
      ...(ctx.automatic ? ['Accepted automatically (setting "accept automatically" is on)'] : []),
    ].map(stripControls),
  };
  try {
    if (written.length > 0) {
      const current = await readIfExists(store, paths.index);
      const rows = indexRowsFor(
        current,
        written.map((w) => w.path),
        (p) => texts.get(p)!,
        plan.knowledgeFolder,
        plan.logPath,
      );
      files.push({ path: paths.index, before: current, after: current === null ? renderIndex(rows) : upsertIndexRows(current, rows) });
    }
    const log = await readIfExists(store, paths.log);
    files.push({ path: paths.log, before: log, after: appendLogEntry(log ?? "", entry) });
  } catch (e) {
    return err(`Nothing was written: ${describeError(e)}.`);
  }
  const state = { hash: plan.logHash, compiledAt: ctx.nowIso };
  return ok({
    written,
    skipped,
    entry,
    state,
    undo: { version: 1, op: "compile", at: ctx.nowIso, logPath: plan.logPath, files, previousState: ctx.previousState },
  });
}

/** A file's text, or null when it does not exist; an unreadable file (not text, a folder) throws the store's error. */
export async function readIfExists(store: NoteStore, path: string): Promise<string | null> {
  return (await store.exists(path)) ? store.read(path) : null;
}

/** Index rows for written articles, from their headers as written; a row's existing summary and sources are kept. */
function indexRowsFor(indexText: string | null, written: string[], textOf: (path: string) => string, knowledgeFolder: string, logPath: string): IndexRow[] {
  const existing = indexText !== null ? readIndexRows(indexText) : new Map<string, IndexRow>();
  const rows: IndexRow[] = [];
  for (const path of written) {
    const h = readCkpHeader(parseNote(textOf(path)).frontmatter);
    const article = relativeArticlePath(path, knowledgeFolder);
    const old = existing.get(article);
    const sources = old ? [...old.sources] : [];
    if (!sources.includes(logPath)) sources.push(logPath);
    rows.push({
      article,
      summary: old?.summary || stripControls(h.title ?? article),
      sources,
      updated: h.updated ?? "",
      tldr: stripControls(h.tldr ?? ""),
      answersWhen: h.answersWhen.map(stripControls),
    });
  }
  return rows;
}
