import { selectChangedLogs, type LogToCompile } from "../compile/select-logs";
import { dailyNotePath, matchDailyNote } from "../knowledge/daily-notes";
import type { CompileState } from "../knowledge/knowledge-settings";
import { err, ok, type Result } from "../result";
import { sha256Hex } from "../util/sha256";
import type { CompileHost } from "../ports/compile-host";
import { knowledgeFolderProblem } from "../knowledge/write-rules";
import { isMarkdownPath } from "../util/markdown-path";

/** Which logs a person asked to compile: one note, today's daily note, or every daily note. */
export type LogPick = { file: string } | { today: string } | { all: true };

/** Why a pick names no log to compile; `no-daily-notes` lets a host say which folder is missing. */
export interface SelectProblem {
  kind: "settings" | "no-note" | "no-today" | "state-unknown" | "no-daily-notes";
  message: string;
}

/** The logs to compile in order, and those left out because they are compiled and unchanged since. */
export interface SelectedLogs {
  logs: string[];
  unchanged: string[];
}

/**
 * Which logs to compile, the same in every host (`kc compile`, the plugin's commands and its end-of-day compile): the
 * logs a pick names, minus those compiled and unchanged since (unless `force`); for `all`, every daily note never
 * compiled or changed since, oldest first. Refuses settings that would let a compile touch daily notes, a note that
 * does not exist, and `all` without `force` when the host could not read which logs were compiled (`stateUnknown`).
 */
export async function selectLogs(
  host: CompileHost,
  pick: LogPick,
  options: { force?: boolean; stateUnknown?: boolean } = {},
): Promise<Result<SelectedLogs, SelectProblem>> {
  const rules = host.rules();
  const folderProblem = knowledgeFolderProblem(rules);
  if (folderProblem) return err({ kind: "settings", message: folderProblem });
  if ("all" in pick) {
    // Never claim a state that was not read: with it unknown, "changed since compiled" cannot be known.
    if (options.stateUnknown && !options.force) {
      return err({
        kind: "state-unknown",
        message:
          "Which daily logs were compiled is not known (the plugin's data.json could not be read, see above), so --all cannot tell the changed ones. Fix data.json, or compile one log with --file, or every log with --all --force.",
      });
    }
    const hashes = await hashDailyLogs(host);
    if (hashes.size === 0) {
      const where = `${rules.dailyFolder ? `${rules.dailyFolder}/` : ""}${rules.dailyFormat}.md`;
      return err({
        kind: "no-daily-notes",
        message: `No daily notes in this vault: none matches ${where} (set by .obsidian/daily-notes.json or the plugin's settings).`,
      });
    }
    const state: CompileState = options.force ? { logs: {} } : recordedState(host, hashes.keys());
    return ok({ logs: changedAmong(host, hashes, state).map((l) => l.path), unchanged: [] });
  }
  let path: string;
  if ("file" in pick) {
    path = isMarkdownPath(pick.file) ? pick.file : `${pick.file}.md`;
    if (!(await host.store.exists(path)))
      return err({ kind: "no-note", message: `No note ${path} in the vault (give its path relative to the vault folder).` });
  } else {
    path = dailyNotePath(pick.today, rules);
    if (!(await host.store.exists(path))) return err({ kind: "no-today", message: `Today's daily note ${path} does not exist; give --file <note> or --all.` });
  }
  return ok(options.force ? { logs: [path], unchanged: [] } : await skipUnchanged(host, [path]));
}

/** Splits logs into those to compile (never compiled, changed since, or unreadable: the compile says why) and unchanged ones. */
export async function skipUnchanged(host: CompileHost, paths: readonly string[]): Promise<SelectedLogs> {
  const out: SelectedLogs = { logs: [], unchanged: [] };
  for (const p of paths) {
    const recorded = host.records.logState(p)?.hash;
    const same = recorded !== undefined && recorded === (await hashOf(host, p));
    (same ? out.unchanged : out.logs).push(p);
  }
  return out;
}

/** Daily notes never compiled or changed since, oldest first ("Compile all changed logs"). */
export async function findChangedLogs(host: CompileHost): Promise<LogToCompile[]> {
  const hashes = await hashDailyLogs(host);
  return changedAmong(host, hashes, recordedState(host, hashes.keys()));
}

/** The hashed daily logs that differ from `state` (never compiled, or changed since), oldest first. */
function changedAmong(host: CompileHost, hashes: ReadonlyMap<string, string>, state: CompileState): LogToCompile[] {
  return selectChangedLogs(hashes.keys(), host.rules(), state, (p) => hashes.get(p));
}

/** The content hash of every readable daily note (through the host's store: list, then read each). */
async function hashDailyLogs(host: CompileHost): Promise<Map<string, string>> {
  const rules = host.rules();
  const hashes = new Map<string, string>();
  for (const f of await host.store.list()) {
    if (matchDailyNote(f.path, rules) === null) continue;
    const hash = await hashOf(host, f.path);
    if (hash !== undefined) hashes.set(f.path, hash);
  }
  return hashes;
}

async function hashOf(host: CompileHost, path: string): Promise<string | undefined> {
  try {
    return sha256Hex(await host.store.read(path));
  } catch {
    return undefined;
  }
}

function recordedState(host: CompileHost, paths: Iterable<string>): CompileState {
  const logs: CompileState["logs"] = {};
  for (const p of paths) {
    const s = host.records.logState(p);
    if (s) logs[p] = s;
  }
  return { logs };
}
