import type { UndoRecord } from "../../src/core/compile/write-compile";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../src/core/knowledge/knowledge-settings";
import { DEFAULT_PRICE, type ModelPrice } from "../../src/core/llm/models";
import { err } from "../../src/core/result";
import type { ModelSource } from "../../src/core/ports/host";
import type { NoteStore } from "../../src/core/notes/note-store";
import { ArticleIndex } from "../../src/core/route/article-index";
import { QueueWriteLock, type CompileRecords, type LogState, type WriteLock } from "../../src/core/ports/compile-records";
import type { CompileHost } from "../../src/core/workflows/compile-workflow";
import type { WriteRules } from "../../src/core/knowledge/write-rules";

/** The records a host keeps, in memory: journal, undo record and compile state, inspectable by tests. */
export class InMemoryCompileRecords implements CompileRecords {
  journal: UndoRecord | null = null;
  undo: UndoRecord | null = null;
  readonly states = new Map<string, LogState>();
  /** Set to make saving the journal fail (a full disk, a read-only plugin folder). */
  failJournal = false;

  loadJournal = (): Promise<UndoRecord | null> => Promise.resolve(clone(this.journal));
  saveJournal = (r: UndoRecord): Promise<void> => {
    if (this.failJournal) return Promise.reject(Object.assign(new Error("EROFS: read-only file system"), { code: "EROFS" }));
    this.journal = clone(r);
    return Promise.resolve();
  };
  clearJournal = (): Promise<void> => {
    this.journal = null;
    return Promise.resolve();
  };
  loadUndo = (): Promise<UndoRecord | null> => Promise.resolve(clone(this.undo));
  saveUndo = (r: UndoRecord): Promise<void> => {
    this.undo = clone(r);
    return Promise.resolve();
  };
  clearUndo = (): Promise<void> => {
    this.undo = null;
    return Promise.resolve();
  };
  logState = (p: string): LogState | null => this.states.get(p) ?? null;
  setLogState = (p: string, s: LogState | null): Promise<void> => {
    if (s) this.states.set(p, s);
    else this.states.delete(p);
    return Promise.resolve();
  };
}

function clone<T>(v: T): T {
  return v === null ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** The default rules of the fixtures: knowledge/ and daily/YYYY-MM-DD. */
export const TEST_RULES: WriteRules = { knowledgeFolder: DEFAULT_KNOWLEDGE_SETTINGS.knowledgeFolder, dailyFolder: "daily", dailyFormat: "YYYY-MM-DD" };

/** A compile host over a store, for tests: in-memory records, an in-process lock, a fixed clock. */
export function inMemoryCompileHost(
  store: NoteStore,
  options: {
    nowIso?: string;
    index?: ArticleIndex;
    rules?: WriteRules;
    lock?: WriteLock;
    records?: InMemoryCompileRecords;
    resolve?: CompileHost["resolve"];
    price?: ModelPrice | null;
  } = {},
): CompileHost & { records: InMemoryCompileRecords } {
  const index = options.index ?? new ArticleIndex();
  return {
    store,
    records: options.records ?? new InMemoryCompileRecords(),
    lock: options.lock ?? new QueueWriteLock(),
    rules: () => options.rules ?? TEST_RULES,
    index: () => index,
    resolve: options.resolve ?? (() => null),
    models: pricedAt(options.price ?? DEFAULT_PRICE),
    now: () => new Date(options.nowIso ?? "2026-11-22T18:30:00.000Z"),
  };
}

/** A model source that only names its model and price (no model to call): what a compile host's estimates read. */
export function pricedAt(price: ModelPrice | null, id = "scripted"): ModelSource {
  return {
    get: () => Promise.resolve(err({ kind: "no-key" as const, message: "This test host has no model." })),
    planned: () => ({ id, price }),
  };
}
