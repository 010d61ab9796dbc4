import { restoredLogState, undoCompile } from "../../core/compile/undo-compile";
import { EXIT, type CliIo } from "../cli-io";
import { loadVault } from "../load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { PluginFiles } from "../plugin-files";

/** Help text of `kc undo`. */
export const UNDO_HELP = `kc undo <vault> [--knowledge <folder>]

Undoes the last compile (or revalidation): every file it touched gets its exact previous text back and files it created are
removed, unless they were edited since (those are named and left alone). log.md keeps its history and gets
an "undo" entry. The log's compile state is put back, so lint shows it as not compiled again.`;

/** Runs `kc undo`. */
export async function runUndoCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${UNDO_HELP}\n`);
    return EXIT.usage;
  }
  const knowledge = flagString(args, "knowledge");
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {});
  const files = new PluginFiles(vault.root);
  const record = await files.loadUndo();
  if (!record) {
    io.err("Nothing to undo: no compile has been recorded in this vault since the last undo.\n");
    return EXIT.ok;
  }
  const report = await undoCompile(vault.store, record, vault.settings.knowledgeFolder, new Date().toISOString());
  const restore = restoredLogState(record);
  if (restore) await files.setLogState(restore.logPath, restore.state);
  await files.clearUndo();
  for (const p of report.restored) io.out(`restored ${p}\n`);
  for (const p of report.removed) io.out(`removed  ${p}\n`);
  for (const l of report.left) io.out(`left     ${l.path} (${l.reason})\n`);
  return report.left.length > 0 ? EXIT.findings : EXIT.ok;
}
