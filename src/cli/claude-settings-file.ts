// Reading and replacing Claude Code's settings files for `kc hooks`, as a careful person would: only a regular file
// (never through a symbolic link, never a FIFO), a replacement created with the file's own mode before a byte is
// written (~/.claude.json is private), put in place by rename only while the file still reads as it did, one backup
// beside it, and a lock against a second `kc hooks` at the same time.
import { randomId } from "../node/random-id";
import { constants } from "node:fs";
import { mkdir, open, realpath, rename, rm } from "node:fs/promises";
import { dirname, join, relative, isAbsolute } from "node:path";
import process from "node:process";
import { acquireLockFile } from "../core/util/lock-file";
import { fsLockFiles } from "../node/file-write-lock";
import { noneOwned, type KcOwned } from "./claude-settings-merge";

/** A settings file as read: its text (null when absent) and its permission bits (null when absent). */
export interface SettingsFileState {
  text: string | null;
  mode: number | null;
}

/** The file kc keeps its record of what it added in (beside Claude Code's own files in its configuration folder). */
export const OWNED_RECORD = "knowledge-compiler-hooks.json";

/**
 * Reads a settings file: null text when it does not exist; a sentence when it is a link, a FIFO or anything but a
 * regular file, or when its folder leads out of `within` (a project's folder), since kc writes back what it reads.
 */
export async function readSettingsFile(path: string, within?: string): Promise<SettingsFileState | string> {
  if (within !== undefined) {
    const problem = await outsideProblem(path, within);
    if (problem) return problem;
  }
  let fh;
  try {
    fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ENOENT") return { text: null, mode: null };
    if (code === "ELOOP") return `${path} is a symbolic link; kc edits only the file itself (replace the link with the file, or edit it by hand)`;
    return `${path} cannot be read (${code ?? String(e)})`;
  }
  try {
    const s = await fh.stat();
    if (!s.isFile()) return `${path} is not a regular file`;
    return { text: await fh.readFile("utf8"), mode: s.mode & 0o777 };
  } finally {
    await fh.close();
  }
}

/**
 * Replaces the file with `next`, but only while it still reads as `expected`: the new text goes to a temporary file
 * created with its final mode (the old file's, else `newMode`), renamed over the file after one more read. Returns
 * "changed" when the file changed meanwhile (nothing written), else "written".
 */
export async function replaceIfUnchanged(path: string, expected: SettingsFileState, next: string, newMode: number): Promise<"written" | "changed"> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = await writeTemp(path, next, expected.mode ?? newMode, expected.mode !== null);
  try {
    const now = await readSettingsFile(path);
    if (typeof now === "string" || now.text !== expected.text) return "changed";
    await rename(tmp, path);
    return "written";
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Writes the one backup of a file (`<file>.kc-backup-latest`, replacing the last one) with the file's own mode; returns its path. */
export async function writeBackup(path: string, state: SettingsFileState): Promise<string> {
  const backup = `${path}.kc-backup-latest`;
  const tmp = await writeTemp(backup, state.text ?? "", state.mode ?? 0o600, true);
  await rename(tmp, backup);
  return backup;
}

/** kc's record of what it added to each settings file, by absolute path; an unreadable record is an error. */
export async function readOwned(claudeHome: string): Promise<Record<string, KcOwned> | string> {
  const file = join(claudeHome, OWNED_RECORD);
  const state = await readSettingsFile(file);
  if (typeof state === "string") return state;
  if (state.text === null) return {};
  try {
    const v = JSON.parse(state.text) as { files?: Record<string, KcOwned> };
    const out: Record<string, KcOwned> = {};
    for (const [path, o] of Object.entries(v.files ?? {})) out[path] = { ...noneOwned(), ...o };
    return out;
  } catch (e) {
    return `${file} is not valid JSON (${(e as Error).message}); move it away to start kc's record afresh`;
  }
}

/** Writes kc's record (private: it names the person's files). */
export async function writeOwned(claudeHome: string, owned: Record<string, KcOwned>): Promise<void> {
  const file = join(claudeHome, OWNED_RECORD);
  const kept = Object.fromEntries(Object.entries(owned).filter(([, o]) => o.hooks.length + o.servers.length > 0));
  const text = `${JSON.stringify({ about: "What `kc hooks install` added to Claude Code's settings files; `kc hooks uninstall` removes exactly this.", files: kept }, null, 2)}\n`;
  await mkdir(claudeHome, { recursive: true });
  await rename(await writeTemp(file, text, 0o600, true), file);
}

/** Takes the lock of `kc hooks` for one Claude Code configuration folder, waiting a while for another install. */
export async function lockHooks(claudeHome: string): Promise<{ release: () => Promise<void> } | string> {
  const path = join(claudeHome, "knowledge-compiler-hooks.lock");
  await mkdir(claudeHome, { recursive: true });
  const r = await acquireLockFile(fsLockFiles(), path, { pid: process.pid, token: randomId() }, 30_000);
  if (r.ok) return r;
  return `Another kc hooks install or uninstall is changing these files (process ${typeof r.holder.pid === "number" ? r.holder.pid : "unknown"}); nothing was written. Try again when it has finished, or delete ${path} if none is running.`;
}

/** A temporary file beside `path`, created exclusively (no link followed) with `mode` set before the text is written. */
async function writeTemp(path: string, text: string, mode: number, exact: boolean): Promise<string> {
  const tmp = `${path}.kc-${process.pid}-${randomId().slice(0, 8)}.tmp`;
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    // The umask may have narrowed the mode: set the old file's exactly, while the file is still empty.
    if (exact) await fh.chmod(mode);
    await fh.writeFile(text, "utf8");
    await fh.sync();
  } catch (e) {
    await fh.close();
    await rm(tmp, { force: true });
    throw e;
  }
  await fh.close();
  return tmp;
}

/** A sentence when the file's folder (or the nearest one that exists) resolves outside `within`, else null. */
async function outsideProblem(path: string, within: string): Promise<string | null> {
  const root = await realpath(within).catch(() => within);
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const real = await realpath(dir).catch(() => null);
    if (real !== null) {
      const rel = relative(root, real);
      return rel === ".." || rel.startsWith("../") || isAbsolute(rel)
        ? `${path} lies outside ${within} (its folder is a link to ${real}); kc does not write there`
        : null;
    }
    if (dirname(dir) === dir) return null;
  }
}
