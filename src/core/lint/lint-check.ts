import type { ContradictionState } from "../contradictions/contradiction-state";
import type { CompileState, KnowledgeSettings } from "../knowledge/knowledge-settings";
import type { LintContext } from "./lint-context";
import type { LintFinding, Severity } from "./lint-types";

/** An example a check carries: a small vault and the findings it must produce (path:line and a message fragment). */
export interface LintExample {
  name: string;
  files: Record<string, string>;
  settings?: Partial<KnowledgeSettings>;
  compileState?: CompileState;
  /** The code repository the drift checks see (file path → text). */
  repo?: Record<string, string>;
  /** Stored contradictions and dismissals (state file contents; hashes are shortHash of the files). */
  contradictions?: ContradictionState;
  /** Today as YYYY-MM-DD (default 2026-11-22). */
  today?: string;
  /** Expected findings of this check only, as "path:line" (1-based line) plus an optional message fragment. */
  expected: { at: string; message?: string }[];
}

/** A lint check as data: what it is, how bad, examples that double as its tests and docs, and the per-note rule. */
export interface LintCheck {
  id: string;
  severity: Severity;
  description: string;
  examples: LintExample[];
  /** Findings located in one note; the engine decides which notes to (re)visit. */
  check(path: string, ctx: LintContext): LintFinding[];
  /**
   * Notes whose findings of this check depend on `path` beyond the link graph (the other side of a stored
   * contradiction); the engine revisits them when `path` changes or goes, so incremental runs stay exact.
   */
  dependents?(path: string, ctx: LintContext): Iterable<string>;
}

/** Builds a finding of a check at a 0-based line and column. */
export function finding(check: LintCheck | { id: string; severity: Severity }, path: string, line: number, col: number, message: string): LintFinding {
  return { check: check.id, severity: check.severity, path, line, col, message };
}

/**
 * A finding that ends where a link ends, when the link sits on one line (marks underline the link, not the line). Sets
 * the end on `f` itself, which is a finding just made: a copy (`{ ...f }`) cost ~0.7 µs a finding, thousands a run.
 */
export function withEnd(f: LintFinding, link: { start: { line: number }; end: { line: number; col: number } }): LintFinding {
  if (link.end.line === link.start.line && link.end.col > f.col) f.endCol = link.end.col;
  return f;
}
