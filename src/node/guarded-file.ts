import { randomId } from "./random-id";
import { constants, type Stats } from "node:fs";
import { lstat, mkdir, open, realpath, rename, rm, type FileHandle } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative } from "node:path";
import process from "node:process";

// O_NOFOLLOW: a symbolic link as the file itself is refused by the open, not followed (no check-then-open window).
// O_NONBLOCK: a FIFO opens at once instead of waiting for a writer, so fstat can refuse it; on a regular file it is
// ignored. Windows has neither (0): there the lstat/fstat checks below stand alone.
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** The mode of a file kc creates in the plugin's folder: its owner only (they may hold note text or tokens). */
export const PRIVATE_FILE_MODE = 0o600;
/** The mode of a folder kc creates for its files. */
export const PRIVATE_FOLDER_MODE = 0o700;

/** A file kc refused to read or write, with the cause in words a person can act on (`path` named in the message). */
export class GuardedFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path} ${reason}`);
    this.name = "GuardedFileError";
  }
}

/** What a non-regular file is, for a sentence. */
function kindOf(s: Stats): string {
  if (s.isFIFO()) return "a named pipe (FIFO)";
  if (s.isSymbolicLink()) return "a symbolic link";
  if (s.isDirectory()) return "a folder";
  if (s.isCharacterDevice() || s.isBlockDevice()) return "a device";
  if (s.isSocket()) return "a socket";
  return "not a regular file";
}

const refusedKind = (path: string, s: Stats) =>
  new GuardedFileError(path, `is ${kindOf(s)}, not a regular file; kc reads and writes its own files only as regular files. Remove it and try again.`);

const code = (e: unknown): string | undefined => (e as { code?: string }).code;

/** True when `inner` is `outer` or below it. */
function isInside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * Checks that `folder` (below `root`, the vault) really lies inside the vault once every symbolic link on its way is
 * followed, and is a folder; with `create`, makes it first (the last folder with the private mode). Returns the real
 * path of the folder, or null when it does not exist and was not to be created.
 */
export async function guardedFolder(root: string, folder: string, create: boolean): Promise<string | null> {
  if (create) {
    await mkdir(dirname(folder), { recursive: true });
    await mkdir(folder, { mode: PRIVATE_FOLDER_MODE }).catch((e: unknown) => {
      if (code(e) !== "EEXIST") throw e;
    });
  }
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([realpath(folder), realpath(root)]);
  } catch (e) {
    if (code(e) === "ENOENT" && !create) return null;
    throw e;
  }
  if (!isInside(realRoot, real))
    throw new GuardedFileError(folder, `leads outside the vault (to ${real}); kc writes its files only inside the vault. Replace the link with a folder.`);
  const s = await lstat(real);
  if (!s.isDirectory()) throw refusedKind(folder, s);
  return real;
}

/** Opens `path` without following a link at its end and refuses anything but a regular file (fstat after open). */
async function openRegular(path: string, flags: number, mode?: number): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, flags | NOFOLLOW | NONBLOCK, mode);
  } catch (e) {
    // ELOOP (Linux, macOS) or EMLINK (FreeBSD): the file is a symbolic link, refused by O_NOFOLLOW.
    if (code(e) === "ELOOP" || code(e) === "EMLINK") throw refusedKind(path, await lstat(path));
    // ENXIO: a FIFO opened for writing with no reader; EISDIR: a folder.
    if (code(e) === "ENXIO" || code(e) === "EISDIR") throw refusedKind(path, await lstat(path));
    throw e;
  }
  try {
    const s = await handle.stat();
    if (!s.isFile()) throw refusedKind(path, s);
    return handle;
  } catch (e) {
    await handle.close();
    throw e;
  }
}

/**
 * The text of a regular file in a folder inside the vault `root`, or null when it (or its folder) does not exist.
 * A symbolic link, FIFO, device or folder in its place, or a folder that leads out of the vault, is refused with a
 * GuardedFileError naming the cause (a FIFO never makes the read wait).
 */
export async function readGuardedFile(root: string, path: string): Promise<string | null> {
  const folder = await guardedFolder(root, dirname(path), false);
  if (folder === null) return null;
  return (await readRegularFile(join(folder, basename(path))))?.text ?? null;
}

/**
 * The text and modification time of the regular file at `path` (its folder not checked), or null when it does not
 * exist; a link, FIFO, device or folder in its place is a GuardedFileError, and never makes the read wait.
 */
export async function readRegularFile(path: string): Promise<{ text: string; mtimeMs: number } | null> {
  let handle: FileHandle;
  try {
    handle = await openRegular(path, constants.O_RDONLY);
  } catch (e) {
    if (code(e) === "ENOENT") return null;
    throw e;
  }
  try {
    const { mtimeMs } = await handle.stat();
    return { text: await handle.readFile("utf8"), mtimeMs };
  } finally {
    await handle.close();
  }
}

/**
 * Replaces a file in a folder inside the vault `root` as a whole: the text goes to a new temporary file beside it,
 * created with its final mode (`mode`, or with `keepMode` the mode of the file it replaces), and is then renamed over
 * it, so no reader sees half of it and a link in its place is replaced, never followed. The folder is created (private)
 * when missing.
 */
export async function writeGuardedFile(root: string, path: string, text: string, options: { mode?: number; keepMode?: boolean } = {}): Promise<void> {
  const folder = (await guardedFolder(root, dirname(path), true))!;
  const target = join(folder, basename(path));
  let mode = options.mode ?? PRIVATE_FILE_MODE;
  const before = await lstat(target).catch((e: unknown) => {
    if (code(e) === "ENOENT") return null;
    throw e;
  });
  if (before?.isDirectory()) throw refusedKind(path, before);
  if (options.keepMode && before?.isFile()) mode = before.mode & 0o777;
  const temp = join(folder, `.${basename(path)}.${process.pid}.${randomId()}.tmp`);
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, mode);
  try {
    try {
      await handle.writeFile(text, "utf8");
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}

/**
 * Appends lines at the end of a regular file in a folder inside the vault `root`, creating it private (and its folder)
 * when missing. A last line cut short by a crash is ended first, so it cannot swallow the line appended after it. An
 * empty `text` appends nothing but still proves the file can be written. One write with O_APPEND: appends of whole
 * lines by several processes do not interleave.
 */
export async function appendGuardedLines(root: string, path: string, text: string): Promise<void> {
  const folder = (await guardedFolder(root, dirname(path), true))!;
  const handle = await openRegular(join(folder, basename(path)), constants.O_RDWR | constants.O_APPEND | constants.O_CREAT, PRIVATE_FILE_MODE);
  try {
    if (text === "") return;
    const { size } = await handle.stat();
    let repaired = text;
    if (size > 0 && !text.startsWith("\n")) {
      const last = new Uint8Array(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) repaired = `\n${text}`;
    }
    await handle.write(repaired, null, "utf8");
  } finally {
    await handle.close();
  }
}

/** Removes a file in a folder inside the vault `root` (a link in its place is removed, never followed); absent is fine. */
export async function removeGuardedFile(root: string, path: string): Promise<void> {
  const folder = await guardedFolder(root, dirname(path), false);
  if (folder !== null) await rm(join(folder, basename(path)), { force: true });
}
