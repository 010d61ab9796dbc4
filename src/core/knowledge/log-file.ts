/** One build-log entry (seed 000): a timestamped operation with its bullet lines. */
export interface LogEntry {
  /** ISO timestamp, e.g. 2026-11-22T18:05:00. */
  at: string;
  op: "compile" | "query" | "lint" | "undo" | "revalidate" | "headers";
  title: string;
  lines: string[];
}

/** Appends an entry to log.md; the existing text is always an exact prefix of the result (append-only). */
export function appendLogEntry(text: string, entry: LogEntry): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const head = text === "" ? `# Build Log${eol}` : text;
  const sep = head.endsWith(eol + eol) ? "" : head.endsWith(eol) ? eol : eol + eol;
  const body = [`## [${entry.at}] ${entry.op} | ${entry.title.replace(/\r?\n/g, " ")}`, ...entry.lines.map((l) => `- ${l.replace(/\r?\n/g, " ")}`)];
  return head + sep + body.join(eol) + eol;
}
