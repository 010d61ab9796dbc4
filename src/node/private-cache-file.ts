import { chmodSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import process from "node:process";

/**
 * Files of kc's cache, which hold the words of every note indexed (a private vault's included): a folder only its
 * owner may enter (0700) and files only the owner may read (0600), each created with that mode (never widened after
 * the fact), written whole to a temporary file and renamed over the old one. A cache file or folder that is a link,
 * a FIFO or a device, another user's, or readable by others is never read: the cache is rebuilt.
 */

// Modes and owners mean nothing on Windows, where Node reports 0o666 and uid 0 for every file.
const POSIX = process.platform !== "win32";
const uid = (): number | null => (POSIX && typeof process.getuid === "function" ? process.getuid() : null);
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/** Opening a FIFO for reading waits for a writer; non-blocking, the open returns and fstat says what it is. */
const NONBLOCK = constants.O_NONBLOCK ?? 0;
/** Larger than any index kc writes (about 1.3 KB a note); a bigger file is not read into memory. */
const MAX_BYTES = 1 << 30;

/** True when a file or folder's status shows one that only this user can read and write (always true on Windows). */
function isPrivate(s: { uid: number; mode: number }): boolean {
  const me = uid();
  return me === null || (s.uid === me && (s.mode & 0o077) === 0);
}

/**
 * Makes the cache folder (and missing parents) with mode 0700 and returns true when it can be used: a real folder,
 * not a link, owned by this user. A folder of this user's that others may read (an older kc made it 0755) is made
 * private, with the files in it, before anything is written there.
 */
export function openPrivateFolder(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const s = lstatSync(folder);
    if (!s.isDirectory()) return false;
    const me = uid();
    if (me === null || isPrivate(s)) return true;
    if (s.uid !== me) return false;
    chmodSync(folder, 0o700);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isFile() && lstatSync(path).uid === me) chmodSync(path, 0o600);
    }
    return isPrivate(lstatSync(folder));
  } catch {
    return false;
  }
}

/**
 * The bytes of a cache file, or null when there is none or it must not be trusted: not a regular file (a link is not
 * followed, a FIFO not waited on), another user's, readable by others, or implausibly large.
 */
export function readPrivateFile(path: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch {
    return null;
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile() || !isPrivate(s) || s.size > MAX_BYTES) return null;
    return readFileSync(fd);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces a cache file with `data` (text is written as UTF-8): a new temporary file beside it, created 0600
 * (exclusive, never through a link), written whole, then renamed over the file (a link in its place is replaced, not
 * followed). False when that failed; the temporary file is then removed.
 */
export function writePrivateFile(path: string, data: string | Uint8Array): boolean {
  const tmp = `${path}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
  let fd: number | null = null;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o600);
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    closeSync(fd);
    fd = null;
    renameSync(tmp, path);
    return true;
  } catch {
    if (fd !== null) closeSync(fd);
    rmSync(tmp, { force: true });
    return false;
  }
}

/** Removes temporary files of cache writes that never got renamed (their process died), older than ten minutes. */
export function sweepPrivateTemps(folder: string, now = Date.now()): void {
  try {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".tmp")) continue;
      const path = join(folder, entry.name);
      if (now - lstatSync(path).mtimeMs > 10 * 60 * 1000) rmSync(path, { force: true });
    }
  } catch {
    // A folder that cannot be listed keeps its leftovers; nothing depends on them.
  }
}
