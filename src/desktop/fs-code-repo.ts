// Node code: the CLI imports it directly; the plugin reaches it only with import() behind Platform.isDesktopApp.
import { closeSync, openSync, readFileSync, readSync, realpathSync, statSync } from "node:fs";
import { resolve, sep } from "node:path";
import { codeRepoFromReader, type CodeRepoView } from "../core/drift/code-repo-view";

/** Of a larger source file only this much is scanned for definitions. */
const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

/** True when a folder exists and can be read as a code repository. */
export function isRepoFolder(root: string): boolean {
  try {
    return statSync(root).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The code repository in a folder on disk, for the drift checks: a cited path is looked up only inside the folder
 * (no `..`, no absolute paths, no symbolic link leading out of it), each file read at most once per view.
 */
export function fsCodeRepo(root: string): CodeRepoView {
  let base: string;
  try {
    base = realpathSync(resolve(root));
  } catch {
    return codeRepoFromReader(() => null);
  }
  return codeRepoFromReader((path) => {
    try {
      const abs = realpathSync(resolve(base, path));
      if (!abs.startsWith(base + sep)) return null;
      const st = statSync(abs);
      if (!st.isFile()) return null;
      return st.size > MAX_SOURCE_BYTES ? readStart(abs) : readFileSync(abs, "utf8");
    } catch {
      return null;
    }
  });
}

function readStart(abs: string): string {
  const fd = openSync(abs, "r");
  try {
    const buf = new Uint8Array(MAX_SOURCE_BYTES);
    const n = readSync(fd, buf, 0, MAX_SOURCE_BYTES, 0);
    return new TextDecoder().decode(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}
