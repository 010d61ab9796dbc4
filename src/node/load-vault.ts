import { parseNote } from "../core/notes/parse-note";
import { statSync } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import type { CompileState, KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import { mergeSettings, type SettingSource } from "../core/knowledge/merge-settings";
import { parseSettingsJson } from "../core/knowledge/validate-settings";
import { matchDailyNote, unconfiguredDailyFolder } from "../core/knowledge/daily-notes";
import { readDailyFolderFlag } from "../core/knowledge/daily-folder-flag";
import { normalizeFolderPath } from "../core/knowledge/folder-path";
import { VaultIndex } from "../core/links/vault-index";
import { NoteStoreError } from "../core/notes/note-store";
import { loadPluginData, type PluginData } from "../core/settings/plugin-data";
import { FsNoteStore } from "./fs-note-store";
import { CONFIG_DIR } from "./config-dir";
import { GuardedFileError, readGuardedFile } from "./guarded-file";
import { isMarkdownPath } from "../core/util/markdown-path";

/** The plugin's id: its data.json holds settings and compile state the CLI reads too. */
export const PLUGIN_ID = "ckp-knowledge-compiler";

/** A vault read from disk: the index, note texts, settings and compile state. */
export interface LoadedVault {
  root: string;
  name: string;
  store: FsNoteStore;
  index: VaultIndex;
  texts: Map<string, string>;
  /** Notes read as text (also when `texts` is left empty: `keepTexts: false`). */
  noteCount: number;
  /** A note's text: the one kept, or with `keepTexts: false` read again (undefined when it is no note or cannot be read). */
  textOf(path: string): string | undefined;
  /** Every file listed (vault-relative, sorted), whether or not its text was read. */
  files: string[];
  settings: KnowledgeSettings;
  /** The plugin's saved settings (data.json) validated as the plugin validates them: what kc follows where no flag is given. */
  data: PluginData;
  compileState: CompileState;
  /** Files skipped because they are not UTF-8 text, with the reason. */
  skipped: { path: string; reason: string }[];
  /** Problems with the settings files (which file, what is wrong, what is used instead); print them once. */
  warnings: string[];
  /** True when data.json or its compile state could not be read: `compileState` is then empty, which is not known to be true. */
  compileStateUnknown: boolean;
  /** Where the knowledge and daily notes folders came from, in words ("--knowledge", "the default"). */
  sources: { knowledgeFolder: string; dailyFolder: string };
  /** When the loading began (ms since the epoch): a note changed after that may have been read before the change. */
  loadedAt?: number;
}

/** Where the plugin's data.json sits, vault-relative (as warnings name it). */
export const DATA_FILE = `${CONFIG_DIR}/plugins/${PLUGIN_ID}/data.json`;
const DAILY_FILE = `${CONFIG_DIR}/daily-notes.json`;

/** Why a folder could not be loaded as a vault. */
export class VaultPathError extends Error {}

/**
 * What loadVault reads: every note (the default), only the knowledge folder's, or none (the vault is listed and its
 * settings read; a command that finds its index in a cache needs no more).
 */
export interface LoadOptions {
  read?: "all" | "knowledge" | "none";
  /**
   * How far to count each note's words: exactly (the default); only up to the sparse threshold (the settings'
   * sparseWords), for kc lint, whose one reader of the count asks only whether a note is under it (the count of a
   * note at or over it is then at least the threshold, not exact); or not at all, for commands that never read it.
   * A long note's words were most of the counting: ~5 ms of kc lint on 2,721 notes.
   */
  countWords?: "exactly" | "up-to-sparse" | "no";
  /**
   * Which texts read are kept in `texts`: all (the default), none, or only daily notes'. kc lint keeps the daily notes'
   * (it hashes the compiled ones) and reads any other text again if a check asks for it (an article's citations or
   * hash, rarely). The texts of 2,721 notes (~5 MB) kept alive through the run cost the collector ~10 ms of a ~0.22 s
   * lint.
   */
  keepTexts?: boolean | "daily";
}

/**
 * Reads every note of a vault folder (or, with `read: "knowledge"`, only the knowledge folder's: every other file is
 * still listed, so links resolve as in the whole vault); non-text .md files are skipped and reported, never fatal.
 */
export async function loadVault(
  dir: string,
  overrides: Partial<KnowledgeSettings> = {},
  onProgress?: (done: number, total: number) => void,
  options: LoadOptions = {},
): Promise<LoadedVault> {
  const loadedAt = Date.now();
  const root = resolve(dir);
  const s = await stat(root).catch(() => null);
  if (!s) throw new VaultPathError(`No such folder: ${dir}`);
  if (!s.isDirectory()) throw new VaultPathError(`Not a folder: ${dir} (give the vault's folder)`);
  // Folders given on the command line are normalised once, here at the edge ("./knowledge/" is "knowledge").
  if (overrides.knowledgeFolder !== undefined) {
    const folder = normalizeFolderPath(overrides.knowledgeFolder, "knowledge folder");
    if (!folder.ok) throw new VaultPathError(folder.error);
    if (folder.value === "")
      throw new VaultPathError(
        `The knowledge folder "${overrides.knowledgeFolder}" is the vault root; give the folder that holds the knowledge base (for example "knowledge"), or use --scope vault where a command offers it to work on every note.`,
      );
    overrides = { ...overrides, knowledgeFolder: folder.value };
  }
  if (overrides.dailyFolder !== undefined) {
    const folder = readDailyFolderFlag(overrides.dailyFolder);
    if (!folder.ok) throw new VaultPathError(folder.error);
    overrides = { ...overrides, dailyFolder: folder.value };
  }
  const store = new FsNoteStore(root);
  const files = await store.list();
  const read = await readSettings(root, overrides);
  const { compileState, warnings, sources, data } = read;
  let settings = read.settings;
  if (overrides.dailyFolder !== undefined) sources.dailyFolder = "--daily-folder";
  else if (sources.dailyFolder === "the default") {
    // Nothing configures the daily notes: Obsidian's own default (the root) when the notes are there.
    const found = unconfiguredDailyFolder(
      files.map((f) => f.path),
      settings.dailyFormat,
      settings.dailyFolder,
    );
    settings = { ...settings, dailyFolder: found.folder };
    sources.dailyFolder = found.why;
  }
  const under = options.read === "knowledge" && settings.knowledgeFolder !== "" ? `${settings.knowledgeFolder}/` : "";
  const index = new VaultIndex();
  const texts = new Map<string, string>();
  const wordLimit = options.countWords === "up-to-sparse" ? settings.sparseWords : options.countWords === "no" ? 0 : Infinity;
  const skipped: LoadedVault["skipped"] = [];
  const keep = options.keepTexts ?? true;
  const keepTexts = keep === true;
  let done = 0;
  let noteCount = 0;
  for (const f of files) {
    if (isMarkdownPath(f.path) && options.read !== "none" && f.path.startsWith(under)) {
      try {
        const text = store.readSync(f.path);
        if (keepTexts || (keep === "daily" && matchDailyNote(f.path, settings) !== null)) texts.set(f.path, text);
        noteCount++;
        index.setParsed(f.path, parseNote(text, wordLimit));
      } catch (e) {
        if (!(e instanceof NoteStoreError)) throw e;
        skipped.push({ path: f.path, reason: e.message });
        index.setFile(f.path);
      }
    } else index.setFile(f.path);
    if (onProgress && ++done % 250 === 0) onProgress(done, files.length);
  }
  for (const u of store.unreadableFolders)
    skipped.push({ path: `${u.path}/`, reason: `folder ${u.path} cannot be read (${u.reason}); its notes are left out.` });
  return {
    root,
    name: basename(root),
    store,
    index,
    texts,
    noteCount,
    textOf: (path) => {
      const kept = texts.get(path);
      if (kept !== undefined || keepTexts || index.note(path) === undefined) return kept;
      try {
        return store.readSync(path);
      } catch {
        return undefined;
      }
    },
    files: files.map((f) => f.path),
    settings,
    data,
    compileState: compileState ?? { logs: {} },
    skipped,
    warnings,
    compileStateUnknown: compileState === null,
    sources,
    loadedAt,
  };
}

/** The settings as the plugin would use them (data.json, Daily Notes' file, then flags), validated, with warnings. */
async function readSettings(root: string, overrides: Partial<KnowledgeSettings>) {
  const warnings: string[] = [];
  let dataUnread = false;
  const read = (file: string) =>
    // Through the guarded reader: a FIFO, device or link leading out in a settings file's place is named, never waited on.
    readGuardedFile(root, join(root, file)).catch((e: Error & { code?: string }) => {
      if (e.code === "ENOENT") return null;
      if (file === DATA_FILE) dataUnread = true;
      warnings.push(
        `${file} cannot be read (${e instanceof GuardedFileError ? e.reason : (e.code ?? "unknown error")}); ${file === DATA_FILE ? "the default settings are used and which daily logs were compiled is not known" : "the plugin's daily notes setting is used"}.`,
      );
      return null;
    });
  const [dataText, dailyText] = await Promise.all([read(DATA_FILE), read(DAILY_FILE)]);
  const data = parseSettingsJson(dataText, DATA_FILE, "the default settings are used and which daily logs were compiled is not known", warnings);
  if (dataText !== null && data === undefined) dataUnread = true;
  const merged = mergeSettings({ data, dailyNotes: dailyText, overrides, files: { data: DATA_FILE, dailyNotes: DAILY_FILE } });
  warnings.push(...merged.warnings);
  // The other sections (ask, compile, lint, spend, capture) through the plugin's own validation, each problem named once.
  const plugin = loadPluginData(data, DATA_FILE);
  for (const w of plugin.warnings) if (!warnings.includes(w)) warnings.push(w);
  const words: Record<SettingSource, string> = {
    override: "--knowledge",
    data: `the plugin's settings in ${DATA_FILE}`,
    "daily-notes": DAILY_FILE,
    default: "the default",
  };
  const sources = { knowledgeFolder: words[merged.sources.knowledgeFolder], dailyFolder: words[merged.sources.dailyFolder] };
  return { settings: merged.settings, data: plugin.data, compileState: dataUnread ? null : merged.compileState, warnings, sources };
}

/** Prints the vault's warnings (unreadable files and folders, broken settings files) once, on stderr. */
export function printVaultWarnings(vault: LoadedVault, io: { err(text: string): void }): void {
  for (const w of vault.warnings) io.err(`warning: ${w}\n`);
  for (const s of vault.skipped) io.err(`warning: ${s.reason}\n`);
}

/**
 * Says in words that a folder a command needs is not in the vault (the knowledge folder, or the daily notes folder),
 * where its setting came from and how to change it, or null when it is there. `hint` adds a command's own way out.
 */
export function missingFolderProblem(vault: LoadedVault, which: "knowledge" | "daily", hint?: string): string | null {
  const folder = which === "knowledge" ? vault.settings.knowledgeFolder : vault.settings.dailyFolder;
  if (folder === "") return null;
  const inside = !folder.split("/").includes("..") && !folder.startsWith("/");
  let isDir = false;
  try {
    isDir = inside && statSync(join(vault.root, folder)).isDirectory();
  } catch {
    isDir = false;
  }
  if (isDir) return null;
  const source = which === "knowledge" ? vault.sources.knowledgeFolder : vault.sources.dailyFolder;
  const fix =
    which === "knowledge"
      ? "Give the folder that holds index.md and concepts/ with --knowledge <folder>, or set it in the plugin's settings"
      : "Set the folder in Obsidian's Daily notes settings (or the plugin's, when Daily notes is off)";
  const what = which === "knowledge" ? "knowledge folder" : "daily notes folder";
  return `The ${what} "${folder}" (from ${source}) does not exist in ${vault.root}. ${fix}${hint ? `; ${hint}` : ""}.`;
}

/** The folder settings a command's flags give (--knowledge, --daily-folder, --daily-format), for loadVault's overrides. */
export function folderOverrides(args: { flags: Map<string, string | true> }): Partial<KnowledgeSettings> {
  const value = (name: string): string | undefined => {
    const v = args.flags.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const knowledge = value("knowledge");
  const dailyFolder = value("daily-folder");
  const dailyFormat = value("daily-format")?.trim();
  return {
    ...(knowledge !== undefined ? { knowledgeFolder: knowledge } : {}),
    ...(dailyFolder !== undefined ? { dailyFolder } : {}),
    ...(dailyFormat ? { dailyFormat } : {}),
  };
}

/** Where daily notes are looked for and where that came from, in one line for stderr. */
export function dailyNotesLine(vault: LoadedVault): string {
  const where = `${vault.settings.dailyFolder ? `${vault.settings.dailyFolder}/` : ""}${vault.settings.dailyFormat}.md`;
  return `Daily notes: ${where} (from ${vault.sources.dailyFolder}; --daily-folder and --daily-format change it).\n`;
}
