import { DEFAULT_KNOWLEDGE_SETTINGS, type CompileState, type KnowledgeSettings } from "./knowledge-settings";

/** What one field must be, and the value to use for a saved one (undefined when it cannot be used). */
export interface FieldRule {
  /** What the field must be, in words ("a folder inside the vault"). */
  must: string;
  /** The value to keep for a saved value (migrated from an older form where one is known), or undefined. */
  accept(saved: unknown): unknown;
}

/** Rules for every field of a settings section. */
export type SectionRules<T> = { [K in keyof T]: FieldRule };

/** A settings file's content after validation: the values to use and, for each one that was not usable, a warning. */
export interface ValidatedSettings {
  settings: KnowledgeSettings;
  /** The compile state, or null when the file has one that could not be read (then no state is known). */
  compileState: CompileState | null;
  /** One sentence per problem: which file, which field, what was wrong and what is used instead. */
  warnings: string[];
}

/** A vault-relative folder: slashes trimmed, no `..`, no absolute or drive path; "" is the vault root. */
function folderPath(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const f = v
    .trim()
    .replace(/\\/g, "/")
    .replace(/^\/+|\/+$/g, "");
  if (/^[a-z]:/i.test(f) || f.split("/").some((s) => s === "..")) return undefined;
  return f;
}

/** The rules of the knowledge settings (data.json's `settings`). */
export const KNOWLEDGE_SETTINGS_RULES: SectionRules<KnowledgeSettings> = {
  knowledgeFolder: {
    must: "a folder inside the vault (not its root)",
    accept: (v) => {
      const f = folderPath(v);
      return f === "" ? undefined : f;
    },
  },
  dailyFolder: { must: 'a folder inside the vault ("" for its root)', accept: folderPath },
  dailyFormat: { must: "a date format such as YYYY-MM-DD", accept: (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined) },
  lintScope: { must: '"knowledge" or "vault"', accept: (v) => (v === "knowledge" || v === "vault" ? v : undefined) },
  reportFolder: { must: 'a folder inside the knowledge folder ("" for <knowledge folder>/reports)', accept: folderPath },
  sparseWords: {
    must: "a whole number of words, 0 or more",
    accept: (v) => {
      // Older hand-edited files sometimes hold the number as a string.
      const n = typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
      return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
    },
  },
};

/**
 * One section of a settings file over its defaults: a saved field its rule accepts is kept (migrated where an older
 * form is known), a missing one takes its default quietly, and any other falls back to its default with a warning
 * naming the file, the field, what was wrong and what is used instead. Unknown fields are ignored. Never throws.
 */
export function validateSection<T extends object>(raw: unknown, defaults: T, rules: SectionRules<T>, where: string, warnings: string[]): T {
  const out = { ...defaults };
  if (raw === undefined || raw === null) return out;
  if (!isRecord(raw)) {
    warnings.push(`${where} is ${describe(raw)}, not a set of settings; the defaults are used.`);
    return out;
  }
  for (const key of Object.keys(rules) as (keyof T & string)[]) {
    if (!(key in raw) || raw[key] === undefined) continue;
    const rule = rules[key];
    const value = rule.accept(raw[key]);
    if (value === undefined) warnings.push(`${where}.${key} is ${describe(raw[key])}, not ${rule.must}; using ${describe(defaults[key])}.`);
    else (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/**
 * Validates and migrates the plugin's saved data (data.json, already parsed) for the knowledge settings and the
 * compile state, which the plugin and `kc` both read. A bad value falls back to its default with a warning; a compile
 * state that cannot be read is null (never silently "nothing compiled"); bad entries of it are dropped and named.
 */
export function validateSettings(raw: unknown, file: string): ValidatedSettings {
  const warnings: string[] = [];
  if (raw !== undefined && raw !== null && !isRecord(raw)) {
    warnings.push(`${file} is ${describe(raw)}, not the plugin's settings; the defaults are used and no compile state is known.`);
    return { settings: { ...DEFAULT_KNOWLEDGE_SETTINGS }, compileState: null, warnings };
  }
  const data = raw ?? {};
  const settings = validateSection(data.settings, DEFAULT_KNOWLEDGE_SETTINGS, KNOWLEDGE_SETTINGS_RULES, `${file}: settings`, warnings);
  return { settings, compileState: validateCompileState(data.compileState, file, warnings), warnings };
}

function validateCompileState(raw: unknown, file: string, warnings: string[]): CompileState | null {
  if (raw === undefined || raw === null) return { logs: {} };
  const logs = isRecord(raw) ? raw.logs : undefined;
  if (!isRecord(logs)) {
    warnings.push(
      `${file}: compileState is ${describe(isRecord(raw) ? logs : raw)} where a record of compiled logs belongs, so which daily logs were compiled is not known.`,
    );
    return null;
  }
  const kept: CompileState["logs"] = {};
  const dropped: string[] = [];
  for (const [path, entry] of Object.entries(logs)) {
    if (isRecord(entry) && typeof entry.hash === "string" && typeof entry.compiledAt === "string")
      kept[path] = { hash: entry.hash, compiledAt: entry.compiledAt };
    else dropped.push(path);
  }
  if (dropped.length > 0) {
    const named = dropped.slice(0, 3).join(", ") + (dropped.length > 3 ? ` and ${dropped.length - 3} more` : "");
    warnings.push(
      `${file}: compileState.logs has ${dropped.length} entr${dropped.length === 1 ? "y" : "ies"} without a hash and a date (${named}); those logs count as never compiled.`,
    );
  }
  return { logs: kept };
}

/** Parses a settings file's text: its value, or undefined with a warning when it is not JSON (null text: no file). */
export function parseSettingsJson(text: string | null, file: string, instead: string, warnings: string[]): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    warnings.push(`${file} is not valid JSON${where(text, e)}; ${instead}.`);
    return undefined;
  }
}

/**
 * Obsidian's daily-notes.json (the Daily Notes core plugin): its folder and format, or null when there is no usable
 * file (then the plugin's own setting applies). A file of the wrong shape is named in a warning, never silently used.
 */
export function validateDailyNotesConfig(raw: unknown, file: string, instead: string, warnings: string[]): { folder: string; format: string } | null {
  if (raw === undefined || raw === null) return null;
  if (!isRecord(raw)) {
    warnings.push(`${file} is ${describe(raw)}, not the Daily Notes settings; ${instead}.`);
    return null;
  }
  const folder = raw.folder === undefined ? "" : folderPath(raw.folder);
  if (folder === undefined) {
    warnings.push(`${file}: folder is ${describe(raw.folder)}, not a folder inside the vault; ${instead}.`);
    return null;
  }
  const format = typeof raw.format === "string" && raw.format.trim() !== "" ? raw.format.trim() : undefined;
  if (raw.format !== undefined && raw.format !== "" && format === undefined) {
    warnings.push(`${file}: format is ${describe(raw.format)}, not a date format; using "YYYY-MM-DD".`);
  }
  return { folder, format: format ?? "YYYY-MM-DD" };
}

/** Where the JSON parser stopped, as " (line N)" or " (it ends too early)", from the parser's position. */
function where(text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : "";
  const at = /position (\d+)/.exec(message);
  if (!at) return /end of (JSON )?input/i.test(message) ? " (it ends too early)" : "";
  const pos = Number(at[1]);
  if (pos >= text.trimEnd().length) return " (it ends too early)";
  return ` (line ${text.slice(0, pos).split("\n").length})`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A saved value as a person would recognise it in the file (short). */
function describe(v: unknown): string {
  if (v === undefined) return "missing";
  if (Array.isArray(v)) return "a list";
  if (v === null) return "null";
  if (typeof v === "object") return "an object";
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
