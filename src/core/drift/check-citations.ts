import { findCitations, type Citation } from "./citations";
import type { CodeRepoView } from "./code-repo-view";

/** A citation that no longer holds: the file is gone, or the symbol is no longer defined in it. */
export interface CitationDrift {
  check: "cited-file-missing" | "cited-symbol-missing";
  line: number;
  col: number;
  message: string;
}

/** Whether one citation still holds: null when it does, else what is wrong (the file, or which parts of the symbol). */
export function citationDrift(c: Citation, repo: CodeRepoView): CitationDrift | null {
  if (!repo.hasFile(c.path)) {
    // A bare file name (`utils.py`) names a file somewhere in the project, not a path: only a path can be missing.
    if (!c.path.includes("/")) return null;
    return { check: "cited-file-missing", line: c.line, col: c.col, message: `cites ${c.path}, which is not in the repository (moved, renamed or deleted?)` };
  }
  if (!c.symbol) return null;
  // `Class.method`, `Type::method`, `Class#method`: the type and each member must still be defined in the file.
  const missing = c.symbol.split(/\.|::|#/).filter((p) => !repo.definesSymbol(c.path, p));
  if (missing.length === 0) return null;
  return {
    check: "cited-symbol-missing",
    line: c.line,
    col: c.col,
    message: `cites ${c.symbol} in ${c.path}, but ${missing.join(" and ")} is no longer defined there`,
  };
}

/**
 * Seed 003's drift check, deterministic: each code citation of an article's text is checked against the repository —
 * the file must exist, and a cited symbol must still be defined in it.
 */
export function checkCitations(text: string, repo: CodeRepoView): CitationDrift[] {
  const out: CitationDrift[] = [];
  for (const c of findCitations(text)) {
    const d = citationDrift(c, repo);
    if (d) out.push(d);
  }
  return out;
}
