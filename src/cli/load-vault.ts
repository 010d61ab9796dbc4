import { readFile, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { readDailyNotesConfig } from "../core/knowledge/daily-notes";
import { DEFAULT_KNOWLEDGE_SETTINGS, type CompileState, type KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import { VaultIndex } from "../core/links/vault-index";
import { NoteStoreError } from "../core/notes/note-store";
import { FsNoteStore } from "./fs-note-store";

/** The plugin's id: its data.json holds settings and compile state the CLI reads too. */
export const PLUGIN_ID = "ckp-knowledge-compiler";

/** A vault read from disk: the index, note texts, settings and compile state. */
export interface LoadedVault {
  root: string;
  name: string;
  store: FsNoteStore;
  index: VaultIndex;
  texts: Map<string, string>;
  settings: KnowledgeSettings;
  compileState: CompileState;
  /** Files skipped because they are not UTF-8 text, with the reason. */
  skipped: { path: string; reason: string }[];
}

/** Why a folder could not be loaded as a vault. */
export class VaultPathError extends Error {}

/** Reads every note of a vault folder; non-text .md files are skipped and reported, never fatal. */
export async function loadVault(
  dir: string,
  overrides: Partial<KnowledgeSettings> = {},
  onProgress?: (done: number, total: number) => void,
): Promise<LoadedVault> {
  const root = resolve(dir);
  const s = await stat(root).catch(() => null);
  if (!s) throw new VaultPathError(`No such folder: ${dir}`);
  if (!s.isDirectory()) throw new VaultPathError(`Not a folder: ${dir} (give the vault's folder)`);
  const store = new FsNoteStore(root);
  const files = await store.list();
  const data = await readJson(join(root, ".obsidian", "plugins", PLUGIN_ID, "data.json"));
  const daily = readDailyNotesConfig(await readFile(join(root, ".obsidian", "daily-notes.json"), "utf8").catch(() => null));
  const saved = (data?.settings ?? {}) as Partial<KnowledgeSettings>;
  const settings: KnowledgeSettings = {
    ...DEFAULT_KNOWLEDGE_SETTINGS,
    ...saved,
    ...(daily ? { dailyFolder: daily.folder, dailyFormat: daily.format } : {}),
    ...overrides,
  };
  const compileState = isCompileState(data?.compileState) ? data.compileState : { logs: {} };
  const index = new VaultIndex();
  const texts = new Map<string, string>();
  const skipped: LoadedVault["skipped"] = [];
  let done = 0;
  for (const f of files) {
    if (f.path.toLowerCase().endsWith(".md")) {
      try {
        const text = store.readSync(f.path);
        texts.set(f.path, text);
        index.setNote(f.path, text);
      } catch (e) {
        if (!(e instanceof NoteStoreError)) throw e;
        skipped.push({ path: f.path, reason: e.message });
        index.setFile(f.path);
      }
    } else index.setFile(f.path);
    if (onProgress && ++done % 250 === 0) onProgress(done, files.length);
  }
  for (const u of store.unreadableFolders) skipped.push({ path: `${u.path}/`, reason: `folder ${u.path} cannot be read (${u.reason}); its notes are left out.` });
  return { root, name: basename(root), store, index, texts, settings, compileState, skipped };
}

async function readJson(path: string): Promise<Record<string, unknown> | null> {
  try {
    const v = JSON.parse(await readFile(path, "utf8")) as unknown;
    return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isCompileState(v: unknown): v is CompileState {
  return typeof v === "object" && v !== null && typeof (v as { logs?: unknown }).logs === "object" && (v as { logs?: unknown }).logs !== null;
}
