import { matchDailyNote } from "../knowledge/daily-notes";
import type { CompileState, KnowledgeSettings } from "../knowledge/knowledge-settings";

/** A daily log that needs compiling and why. */
export interface LogToCompile {
  path: string;
  date: string;
  reason: "never compiled" | "changed since compiled";
}

/**
 * Daily notes never compiled or changed since their last compile (by content hash), oldest first, so that
 * "Compile all changed logs" builds the knowledge base in the order the work happened.
 */
export function selectChangedLogs(
  paths: Iterable<string>,
  settings: Pick<KnowledgeSettings, "dailyFolder" | "dailyFormat">,
  state: CompileState,
  hashOf: (path: string) => string | undefined,
): LogToCompile[] {
  const out: LogToCompile[] = [];
  for (const path of paths) {
    const date = matchDailyNote(path, settings);
    if (date === null) continue;
    const seen = state.logs[path];
    if (!seen) out.push({ path, date, reason: "never compiled" });
    else if (hashOf(path) !== seen.hash) out.push({ path, date, reason: "changed since compiled" });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.path < b.path ? -1 : 1));
}
