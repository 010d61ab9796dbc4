// Desktop only: loaded with import() behind Platform.isDesktopApp, so the mobile load path never reaches Node.
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { normalizePath, type App } from "obsidian";
import { LOCK_FILE } from "../core/compile/undo-compile";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../core/knowledge/knowledge-settings";
import type { LanguageModel } from "../core/llm/language-model";
import { localDate } from "../core/util/local-date";
import { CAPTURE_STATE_FILE, captureSessions, parseCaptureState, type CaptureReport, type TranscriptFile } from "../core/workflows/capture-workflow";
import type { WriteRules } from "../core/knowledge/write-rules";
import { AdapterWriteLock } from "../obsidian/adapter-write-lock";
import { readCoreDailyNotes } from "../obsidian/effective-settings";
import { ObsidianNoteStore } from "../obsidian/obsidian-note-store";
import type { CaptureSettings } from "../core/settings/plugin-data";
import { defaultTranscriptRoots, FsTranscriptSource } from "./fs-transcript-source";
import process from "node:process";

/** The transcript folders capture reads: the setting's comma-separated list, else Claude Code's defaults. */
function rootsOf(settings: CaptureSettings): string[] {
  const set = settings.roots
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  return set.length > 0 ? set : defaultTranscriptRoots(process.env);
}

/**
 * Captures Claude Code sessions of the chosen projects into daily notes, through the vault API; with `distill`, the
 * model writes each day's decisions, lessons and action items (the deterministic entry when its reply does not fit).
 */
export async function captureInObsidian(
  app: App,
  rules: WriteRules,
  settings: CaptureSettings,
  pluginDir: string,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
  distill: LanguageModel | null = null,
): Promise<CaptureReport> {
  const statePath = normalizePath(`${pluginDir}/${CAPTURE_STATE_FILE}`);
  const adapter = app.vault.adapter;
  return captureSessions(
    {
      store: new ObsidianNoteStore(app),
      rules: () => rules,
      source: new FsTranscriptSource(rootsOf(settings)),
      state: {
        load: async () => parseCaptureState((await adapter.exists(statePath)) ? await adapter.read(statePath) : null),
        save: (s) => adapter.write(statePath, JSON.stringify(s)),
      },
      localParts: (iso) => {
        const d = new Date(iso);
        return { date: localDate(d), time: `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}` };
      },
      now: () => new Date(),
      // The lock file compile takes (in this process and from a terminal), so a capture and a compile never interleave.
      lock: new AdapterWriteLock(app, normalizePath(`${pluginDir}/${LOCK_FILE}`), 30_000),
      newDailyNoteRefusal: () => strayDailyFolder(app, rules),
    },
    { projects: new Set(settings.projects), minPrompts: settings.minPrompts, idleMinutes: settings.idleMinutes, signal, ...(distill ? { distill } : {}) },
    onProgress,
  );
}

/**
 * Why a daily note may not be created: its folder is only the plugin's default (Obsidian's Daily notes settings name
 * none, and the setting was never changed) and is not in the vault, so creating it would leave a stray folder.
 */
async function strayDailyFolder(app: App, rules: WriteRules): Promise<string | null> {
  const folder = rules.dailyFolder;
  if (folder !== DEFAULT_KNOWLEDGE_SETTINGS.dailyFolder || (await readCoreDailyNotes(app)) !== null) return null;
  if (await app.vault.adapter.exists(normalizePath(folder))) return null;
  return `the daily notes folder "${folder}" (the default) is not in this vault, and capture creates no folder that is not configured; set the folder in Obsidian's Daily notes settings (or the plugin's)`;
}

/** The projects (working folders) that have transcripts, most recently used first, for the settings' preview. */
export async function listTranscriptProjects(settings: CaptureSettings): Promise<{ cwd: string; sessions: number; last: number }[]> {
  const source = new FsTranscriptSource(rootsOf(settings));
  const files: TranscriptFile[] = (await source.list()).filter((f) => !f.subagent);
  const byCwd = new Map<string, { cwd: string; sessions: number; last: number }>();
  for (const f of files) {
    let cwd = "";
    // The first records name the working folder; reading stops at the first one that does.
    await source.read(
      f.path,
      0,
      (line) => {
        if (cwd) return;
        const m = /"cwd":"((?:[^"\\]|\\.)*)"/.exec(line);
        if (m) cwd = JSON.parse(`"${m[1]!}"`) as string;
      },
      undefined,
      64 * 1024,
    );
    if (!cwd) continue;
    const p = byCwd.get(cwd) ?? { cwd, sessions: 0, last: 0 };
    p.sessions++;
    p.last = Math.max(p.last, f.mtimeMs);
    byCwd.set(cwd, p);
  }
  return [...byCwd.values()].sort((a, b) => b.last - a.last);
}

/** How long Claude Code keeps transcripts here (its `cleanupPeriodDays` setting, read, never written); 30 by default. */
export async function transcriptRetentionDays(): Promise<number> {
  try {
    const v = JSON.parse(await readFile(join(homedir(), ".claude", "settings.json"), "utf8")) as { cleanupPeriodDays?: unknown };
    return typeof v.cleanupPeriodDays === "number" ? v.cleanupPeriodDays : 30;
  } catch {
    return 30;
  }
}
