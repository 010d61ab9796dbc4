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

/** A write log.md records, as its heading names it. */
export interface LoggedWrite {
  at: string;
  op: string;
  title: string;
}

/** The writes log.md records after its last undo entry, oldest first (lint and undo entries are not writes to undo). */
export function writesSinceLastUndo(text: string): LoggedWrite[] {
  let out: LoggedWrite[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^## \[([^\]]+)\] (\S+) \| (.*)$/.exec(line);
    if (!m) continue;
    if (m[2] === "undo") out = [];
    else if (m[2] !== "lint") out.push({ at: m[1]!, op: m[2]!, title: m[3]! });
  }
  return out;
}
