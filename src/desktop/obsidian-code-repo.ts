// Desktop only: loaded with import() behind Platform.isDesktopApp, so the mobile load path never reaches Node.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { App } from "obsidian";
import type { CodeRepoView } from "../core/drift/code-repo-view";
import { fsCodeRepo, isRepoFolder } from "./fs-code-repo";

/** The folder a "Code repository folder" setting names: `~/…` from the home folder, a relative one from the vault's. */
export function repoFolderPath(setting: string, vaultBase: string | null): string | null {
  const s = setting.trim();
  if (s === "") return null;
  if (s === "~" || s.startsWith("~/")) return join(homedir(), s.slice(1));
  if (isAbsolute(s)) return s;
  return vaultBase === null ? null : resolve(vaultBase, s);
}

/** The code repository of the setting, or null when none is set or the folder does not exist. */
export function codeRepoForVault(app: App, setting: string): CodeRepoView | null {
  const adapter = app.vault.adapter as { getBasePath?: () => string };
  const path = repoFolderPath(setting, typeof adapter.getBasePath === "function" ? adapter.getBasePath() : null);
  return path !== null && isRepoFolder(path) ? fsCodeRepo(path) : null;
}
