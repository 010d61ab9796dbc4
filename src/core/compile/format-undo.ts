import type { UndoOutcome } from "./undo-compile";

/** "2026-11-22T18:30:00.000Z" as "2026-11-22 18:30 UTC" (the time an undo record and log.md keep). */
function when(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

/**
 * What an undo did, in words the CLI and the plugin both show: which write it undid (operation, log or article, and
 * when it was written), and the writes before it since the last undo that stay in place, named (undo keeps only the
 * last write: after compiling several logs, one undo puts back only the last log).
 */
export function formatUndoHeadline(r: UndoOutcome): string[] {
  // A lint fix touches many notes and has no log: it is named as what it was, not by its first note's path.
  const what = r.op === "lint-fix" ? "lint fix" : `${r.op} of ${r.logPath}`;
  const lines = [
    `${r.interrupted ? "Finished putting back the interrupted" : "Undid the"} ${what}, written ${when(r.at)}: ${r.restored.length} restored, ${r.removed.length} removed.`,
  ];
  if (r.remaining.length > 0) {
    const shown = r.remaining
      .slice(-5)
      .reverse()
      .map((w) => `${w.op} of ${w.title} (${when(w.at)})`);
    const more = r.remaining.length > 5 ? `, and ${r.remaining.length - 5} more` : "";
    lines.push(
      `${r.remaining.length} earlier write${r.remaining.length === 1 ? "" : "s"} since the last undo stay${r.remaining.length === 1 ? "s" : ""} as written; undo puts back only the last write: ${shown.join("; ")}${more} (see log.md).`,
    );
  }
  return lines;
}
