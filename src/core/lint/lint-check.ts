import type { CompileState, KnowledgeSettings } from "../knowledge/knowledge-settings";
import type { LintContext } from "./lint-context";
import type { LintFinding, Severity } from "./lint-types";

/** An example a check carries: a small vault and the findings it must produce (path:line and a message fragment). */
export interface LintExample {
  name: string;
  files: Record<string, string>;
  settings?: Partial<KnowledgeSettings>;
  compileState?: CompileState;
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
}

/** Builds a finding of a check at a 0-based line and column. */
export function finding(check: LintCheck | { id: string; severity: Severity }, path: string, line: number, col: number, message: string): LintFinding {
  return { check: check.id, severity: check.severity, path, line, col, message };
}
