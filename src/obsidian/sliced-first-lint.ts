import type { App, TFile } from "obsidian";
import type { LintEngine } from "../core/lint/lint-engine";
import { lintEngineFor, type LintInputs } from "../core/workflows/lint-run-workflow";
import type { ParsedNote } from "../core/notes/note-types";
import { parseNoteSteps } from "../core/notes/parse-note";
import type { SliceScheduler } from "../core/util/slice-scheduler";
import type { LintNoteCache } from "./lint-note-cache";

/** Reads in flight at once: Obsidian reads files asynchronously, so one at a time would leave the thread idle. */
const READ_BATCH = 64;

/** The router's side of the first lint: it indexes the articles lint reads, from the same text and parse. */
export interface ArticleSink {
  /** True once the article index is complete (then the lint does not rebuild it). */
  readonly ready: boolean;
  isArticle(path: string): boolean;
  beginBuild(total: number): number;
  addArticle(build: number, path: string, text: string, parsed: ParsedNote): void;
  finishBuild(build: number): Promise<void>;
}

/** What one full lint in slices works with. */
export interface SlicedLintPorts {
  app: App;
  scheduler: SliceScheduler;
  /** The router, or null; it is handed the articles only while its index is not ready. */
  router: ArticleSink | null;
  /** Already reset with the view this run lints. */
  cache: LintNoteCache;
  /** True for the notes whose text the lint reads (the rest are linted from the metadata cache alone). */
  needsText(path: string): boolean;
  /** False once a newer run took over: this one stops at its next slice boundary. */
  current(): boolean;
  /** Progress 0..0.99 at each slice boundary. */
  progress(fraction: number): void;
  /** What core's lint set-up is given (settings, compile state, the note cache's hashes, contradictions…). */
  inputs(): LintInputs;
}

/**
 * A full lint in time-budgeted slices: reads the notes it needs (articles first, handing each to the router so Ask
 * works early, when it has no index yet), then runs every check step by step. Returns the engine with its findings
 * complete, or null when a newer run took over.
 */
export async function runSlicedLint(ports: SlicedLintPorts): Promise<LintEngine | null> {
  const { app, router, cache } = ports;
  const view = cache.view;
  const units = { done: 0, total: 1 };
  // One unit of work done: at a slice boundary, report progress and yield; false when a newer run took over.
  const step = async (): Promise<boolean> => {
    if (!ports.scheduler.due()) return true;
    ports.progress(Math.min(0.99, units.done / Math.max(1, units.total)));
    await ports.scheduler.pause();
    return ports.current();
  };
  const files = app.vault.getMarkdownFiles();
  const articles: TFile[] = [];
  const others: TFile[] = [];
  units.total = 4 * files.length;
  const sinking = router !== null && !router.ready;
  for (const f of files) {
    // The router reads its notes here even when the lint does not need their text (Ask over the whole vault).
    const article = router?.isArticle(f.path) ?? false;
    if (article && sinking) articles.push(f);
    else if (ports.needsText(f.path)) (article ? articles : others).push(f);
    units.done++;
    if (!(await step())) return null;
  }
  units.total = files.length + articles.length + others.length + 2 * files.length;
  const sink = router && !router.ready ? router : null;
  const build = sink ? sink.beginBuild(articles.length) : 0;
  const read = await readAll(ports, [...articles, ...others], units, step, (path, text, parsed) => {
    if (sink?.isArticle(path)) sink.addArticle(build, path, text, parsed);
  });
  if (!read) return null;
  if (sink) {
    await sink.finishBuild(build);
    // Its listeners (Ask's pane drawing its examples) had that task: the lint goes on in a task of its own.
    await ports.scheduler.pause();
    if (!ports.current()) return null;
  }
  const { engine } = lintEngineFor(view, ports.inputs());
  view.useResolvedLinks = true;
  // The paths sorted a part at a step (10,000 at once held the thread ~10 ms).
  for (const paths = view.preparePaths(); !paths.next().done;) if (!(await step())) return null;
  const before = files.length + articles.length + others.length;
  units.total = before + 2 * view.notePaths().length;
  for (const notesDone of engine.runSteps()) {
    units.done = before + notesDone;
    if (!(await step())) return null;
  }
  // The ordered list of every finding is assembled in steps too, so the views' first read after "changed" finds it ready.
  for (const all = engine.allSteps(); !all.next().done;) if (!(await step())) return null;
  if (!(await step())) return null;
  view.useResolvedLinks = false;
  return engine;
}

/** Reads notes with a batch of reads in flight while the previous batch is parsed, one note per unit. */
async function readAll(
  ports: SlicedLintPorts,
  files: readonly TFile[],
  units: { done: number },
  step: () => Promise<boolean>,
  also: (path: string, text: string, parsed: ParsedNote) => void,
): Promise<boolean> {
  const vault = ports.app.vault;
  const readBatch = (from: number) => Promise.all(files.slice(from, from + READ_BATCH).map((f) => vault.cachedRead(f).catch(() => null)));
  let next: ReturnType<typeof readBatch> | null = readBatch(0);
  for (let i = 0; next; i += READ_BATCH) {
    const texts = await next;
    if (!ports.current()) return false;
    next = i + READ_BATCH < files.length ? readBatch(i + READ_BATCH) : null;
    for (const [k, text] of texts.entries()) {
      const path = files[i + k]!.path;
      if (text !== null && vault.getAbstractFileByPath(path) !== null) {
        // A long note (an index of every article) is parsed a thousand lines a step.
        const parse = parseNoteSteps(text);
        let r = parse.next();
        for (; !r.done; r = parse.next()) if (!(await step())) return false;
        const parsed = r.value;
        if (ports.needsText(path)) ports.cache.absorb(path, text, parsed);
        also(path, text, parsed);
      }
      units.done++;
      if (!(await step())) return false;
    }
  }
  return true;
}
