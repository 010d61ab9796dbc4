import { modelFlags } from "../model-options";
import { formatUndoHeadline } from "../../core/compile/format-undo";
import { undoLast } from "../../core/workflows/undo-workflow";
import { existsSync } from "node:fs";
import { nodeHost, pluginFolder } from "../../node/node-host";
import { EXIT, type NodeIo } from "../../node/node-io";
import { loadVault, printVaultWarnings } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "../../node/router-index";
import { removeEmptyPluginFolders } from "../../node/plugin-files";
import type { Command } from "../run-cli";

/** Help text of `kc undo`. */
export const UNDO_HELP = `kc undo <vault> [--knowledge <folder>]

Undoes the last compile (or revalidation, file-back or header write): every file it touched gets its exact previous text back and files it created are
removed, unless they were edited since (those are named and left alone). log.md keeps its history and gets
an "undo" entry. The log's compile state is put back, so lint shows it as not compiled again. Only the last write can
be undone: undo names it (log or article, and when it was written) and the earlier writes that stay, such as the other
logs of a \`kc compile --all\`.`;

/** Runs `kc undo`. */
export async function runUndoCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${UNDO_HELP}\n`);
    return EXIT.usage;
  }
  const knowledge = flagString(args, "knowledge");
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {});
  printVaultWarnings(vault, io);
  // No plugin folder: nothing was ever written here, and taking the lock must not create one.
  if (!existsSync(pluginFolder(vault.root))) {
    io.err("Nothing to undo: no compile has been recorded in this vault since the last undo.\n");
    return EXIT.ok;
  }
  const { index } = buildRouterIndex(vault, "knowledge");
  const r = await undoLast(nodeHost(vault, index, modelFlags(args), io));
  if (!r.ok) {
    io.err(`${r.error}\n`);
    return EXIT.findings;
  }
  if (!r.value) {
    io.err("Nothing to undo: no compile has been recorded in this vault since the last undo.\n");
    return EXIT.ok;
  }
  const report = r.value;
  await removeEmptyPluginFolders(vault.root);
  for (const line of formatUndoHeadline(report)) io.err(`${line}\n`);
  for (const p of report.restored) io.out(`restored ${p}\n`);
  for (const p of report.removed) io.out(`removed  ${p}\n`);
  for (const l of report.left) io.out(`left     ${l.path} (${l.reason})\n`);
  return report.left.length > 0 ? EXIT.findings : EXIT.ok;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: UNDO_HELP, run: runUndoCommand };
