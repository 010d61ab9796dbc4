// Desktop only: loaded with import() behind Platform.isDesktopApp, so the mobile load path never reaches Node.
import { lstat, realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

/**
 * Why the lint report folder cannot be written to, or null: the folder (or, while it does not exist yet, the nearest
 * folder above it that does) is a symbolic link, or lies under one, that leads outside the vault. The same rule as the
 * command line's FsNoteStore. `vaultBase` is the vault's folder on disk (FileSystemAdapter#getBasePath), `folder`
 * the report folder, vault-relative. Mobile has no such check: its adapter has no real-path call, and a vault there
 * is an app's own storage, where a person cannot make a symbolic link.
 */
export async function reportFolderLinkProblem(vaultBase: string, folder: string): Promise<string | null> {
  const outside = await folderLeadsOutside(await realpath(vaultBase), resolve(vaultBase, folder));
  return outside ? `The report folder "${folder}" is a link that leads outside the vault; no report was written. Choose a folder inside the vault.` : null;
}

/**
 * True when the folder (absolute), or while it does not exist yet the nearest folder above it that does, resolves to a
 * real path outside `realRoot` (the vault's real path): it is a symbolic link, or lies under one, that leads out.
 * One rule for the plugin's report folder and every write of the command line's FsNoteStore.
 */
export async function folderLeadsOutside(realRoot: string, folder: string): Promise<boolean> {
  let near = folder;
  while (
    !(await lstat(near).then(
      () => true,
      () => false,
    )) &&
    dirname(near) !== near
  )
    near = dirname(near);
  return isOutside(realRoot, await realpath(near));
}

/** True when a real path lies outside `realRoot` (another drive on Windows included). */
export function isOutside(realRoot: string, real: string): boolean {
  const rel = relative(realRoot, real);
  return rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}
