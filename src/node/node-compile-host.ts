import type { ArticleIndex } from "../core/route/article-index";
import type { ModelSource } from "../core/ports/host";
import type { CompileRecords, WriteLock } from "../core/ports/compile-records";
import type { CompileHost } from "../core/workflows/compile-workflow";
import { FileWriteLock } from "./file-write-lock";
import type { LoadedVault } from "./load-vault";
import { PluginFiles } from "./plugin-files";

/**
 * The CLI as a compile host: the vault's files on disk, the journal, undo record and compile state in the plugin's
 * folder (the same files the plugin uses), a lock file there, and the CLI's own link resolution.
 */
export function nodeCompileHost(vault: LoadedVault, index: ArticleIndex, models: ModelSource): CompileHost {
  const { records, lock } = nodeRecords(vault);
  return {
    store: vault.store,
    records,
    lock,
    rules: () => vault.settings,
    index: () => index,
    resolve: (l, from) => vault.index.resolve(l, from),
    models,
    now: () => new Date(),
  };
}

/**
 * The write records of a vault on disk: the journal, undo record and compile state in the plugin's folder (the same
 * files the plugin uses) and the lock file there. What every recorded write of the CLI takes (compile, lint fixes).
 */
export function nodeRecords(vault: LoadedVault): { records: CompileRecords; lock: WriteLock } {
  const files = new PluginFiles(vault.root);
  const records: CompileRecords = {
    loadJournal: () => files.loadJournal(),
    saveJournal: (r) => files.saveJournal(r),
    clearJournal: () => files.clearJournal(),
    loadUndo: () => files.loadUndo(),
    saveUndo: (r) => files.saveUndo(r),
    clearUndo: () => files.clearUndo(),
    logState: (p) => vault.compileState.logs[p] ?? null,
    setLogState: async (p, state) => {
      await files.setLogState(p, state);
      if (state) vault.compileState.logs[p] = state;
      else delete vault.compileState.logs[p];
    },
  };
  return { records, lock: new FileWriteLock(files.lockPath(), undefined, vault.root) };
}
