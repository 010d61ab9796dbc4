import type { LogEntry } from "../knowledge/log-file";
import type { FileWrite } from "../knowledge/rewrite-file";

/** Everything needed to put the vault back as it was before one write; kept outside the plugin's data.json. */
export interface UndoRecord {
  version: 1;
  /** What is undone; records written before this field existed are compiles. */
  op?: "compile" | "revalidate" | "file-back" | "headers" | "lint-fix";
  /** For a lint fix: the lint scope it was written in, whose rule its undo passes again (absent: the knowledge folder). */
  scope?: "knowledge" | "vault";
  /** "pending" while the write runs (the write-ahead journal); absent once it completed. */
  status?: "pending";
  /** ISO time of the compile. */
  at: string;
  /** The compiled log (for a revalidation: the article; for a file-back: the question's article). */
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
