import { findCitations } from "./citations";
import { definesSymbol } from "./symbol-scan";

/** The port over the code repository articles cite (a folder on the desktop, in the CLI). */
export interface CodeRepository {
  /** The file's text, or null when it does not exist (or is not text). */
  read(path: string): string | null;
}

/** A citation that no longer holds: the file is gone, or the symbol is no longer defined in it. */
export interface CitationDrift {
  check: "cited-file-missing" | "cited-symbol-missing";
  line: number;
  col: number;
  message: string;
}

/**
 * Seed 003's drift check, deterministic: each code citation of an article is checked against the repository — the
 * file must exist, and a cited symbol must still be defined in it (the last segment of `Class.method` or
 * `Type::method`, and the type itself). Files are read once per run through `repo`.
 */
export function checkCitations(text: string, repo: CodeRepository): CitationDrift[] {
  const out: CitationDrift[] = [];
  for (const c of findCitations(text)) {
    const source = repo.read(c.path);
    if (source === null) {
      out.push({ check: "cited-file-missing", line: c.line, col: c.col, message: `cites ${c.path}, which is not in the repository (moved, renamed or deleted?)` });
      continue;
    }
    if (!c.symbol) continue;
    const parts = c.symbol.split(/\.|::|#/);
    const missing = parts.filter((p) => !definesSymbol(c.path, source, p));
    if (missing.length > 0) out.push({ check: "cited-symbol-missing", line: c.line, col: c.col, message: `cites ${c.symbol} in ${c.path}, but ${missing.join(" and ")} is no longer defined there` });
  }
  return out;
}
