import { currentModel, DEFAULT_MODEL, DEFAULT_SELECT_MODEL, type PriceOverride } from "../llm/models";
import { readSpendSettings, spendCapProblems, type SpendCaps } from "../spend/spend-settings";
import type { CompileState, KnowledgeSettings } from "../knowledge/knowledge-settings";
import { validateSettings } from "../knowledge/validate-settings";
import { mergeLintSettings, type LintSettings } from "./lint-settings";

/** Settings of Ask. The API key itself is in Obsidian's secret storage; only the secret's name is kept here. */
export interface AskSettings {
  apiKeySecret: string;
  model: string;
  /** "" for the Anthropic API, else an Anthropic-compatible server. */
  baseUrl: string;
  /** Token budget for the articles one question may load. */
  budget: number;
  /** The person's own price per model id (USD per million tokens), over the table of known models' prices. */
  priceOverrides: Record<string, PriceOverride>;
  /** A model call (or a silent stream) longer than this many seconds is stopped. */
  timeoutSeconds: number;
  /** Ask's selection step: a small model reads the shortlisted headers and picks what the question needs. */
  selectWithModel: boolean;
  /** The small, cheap model of the selection step. */
  selectModel: string;
  /** What Ask routes over and answers from: the knowledge folder's articles, or every note of the vault. */
  scope: AskScope;
}

/** Ask's scope: the knowledge folder's articles (default), or every note of the vault, headers or not. */
export type AskScope = "knowledge" | "vault";

/** Defaults for Ask. */
export const DEFAULT_ASK_SETTINGS: AskSettings = {
  apiKeySecret: "anthropic-api-key",
  model: DEFAULT_MODEL,
  baseUrl: "",
  budget: 6000,
  priceOverrides: {},
  timeoutSeconds: 120,
  selectWithModel: true,
  selectModel: DEFAULT_SELECT_MODEL,
  scope: "knowledge",
};

/** Settings of Compile (the model, key and prices are Ask's). */
export interface CompileSettings {
  /** Prepare a proposal for today's log once a day after `autoCompileHour`, when the log changed. Off by default. */
  autoCompile: boolean;
  /** Local hour (0-23) after which the end-of-day compile may run. */
  autoCompileHour: number;
  /** Write the end-of-day proposal without review (logged as such). Off by default. */
  autoAccept: boolean;
  /** Ask before a compile whose estimated cost (typical reply) is above this many USD. */
  confirmAboveUsd: number;
}

/** Defaults for Compile: nothing runs on its own. */
export const DEFAULT_COMPILE_SETTINGS: CompileSettings = { autoCompile: false, autoCompileHour: 18, autoAccept: false, confirmAboveUsd: 0.25 };

/** Settings of capture (desktop only): which Claude Code projects become daily-log entries, and when. */
export interface CaptureSettings {
  /** Working folders (cwd) whose sessions are captured; none by default (transcripts hold private work). */
  projects: string[];
  /** Transcript folders, comma-separated; "" for $CLAUDE_CONFIG_DIR's or ~/.claude/projects. */
  roots: string;
  /** A session with fewer prompts from the person is not captured. */
  minPrompts: number;
  /** A session written to within this many minutes is still live and waits. */
  idleMinutes: number;
  /** Capture after start-up and every 15 minutes. Off by default. */
  background: boolean;
  /** Opt-in: the selection model (Ask settings) writes each day's decisions, lessons and action items; costs a call per day. */
  distill: boolean;
}

/** Defaults for capture: nothing chosen, nothing runs on its own. */
export const DEFAULT_CAPTURE_SETTINGS: CaptureSettings = { projects: [], roots: "", minPrompts: 4, idleMinutes: 10, background: false, distill: false };

/** What the plugin keeps in data.json: settings and a small compile state (one hash per compiled log). No API key. */
export interface PluginData {
  settings: KnowledgeSettings;
  ask: AskSettings;
  compile: CompileSettings;
  capture: CaptureSettings;
  lint: LintSettings;
  /** The daily and monthly caps on model spending (off by default). */
  spend: SpendCaps;
  compileState: CompileState;
}

/** Saved capture settings over the defaults: wrong types fall back to the default. */
function mergeCaptureSettings(raw: unknown): CaptureSettings {
  const saved = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const c: CaptureSettings = { ...DEFAULT_CAPTURE_SETTINGS, projects: [] };
  if (Array.isArray(saved.projects)) c.projects = saved.projects.filter((p): p is string => typeof p === "string" && p !== "");
  if (typeof saved.roots === "string") c.roots = saved.roots;
  if (typeof saved.minPrompts === "number" && Number.isInteger(saved.minPrompts) && saved.minPrompts >= 1) c.minPrompts = saved.minPrompts;
  if (typeof saved.idleMinutes === "number" && Number.isFinite(saved.idleMinutes) && saved.idleMinutes >= 0) c.idleMinutes = saved.idleMinutes;
  if (typeof saved.background === "boolean") c.background = saved.background;
  if (typeof saved.distill === "boolean") c.distill = saved.distill;
  return c;
}

/** Merges saved data over the defaults, keeping only known fields of the right type, so settings survive updates. */
export function mergePluginData(raw: unknown): PluginData {
  return loadPluginData(raw).data;
}

/**
 * The plugin's data.json as loaded (Plugin.loadData), validated and migrated: the knowledge settings and compile
 * state by core's validateSettings (the CLI reads them the same way), the other sections over their defaults. A bad
 * or migrated value never crashes; each is named in a warning (section, field, what was saved, what is used).
 */
export function loadPluginData(raw: unknown, file = "data.json"): { data: PluginData; warnings: string[] } {
  const checked = validateSettings(raw, file);
  const warnings = [...checked.warnings];
  const data = (typeof raw === "object" && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const settings: KnowledgeSettings = checked.settings;
  const savedAsk = (typeof data.ask === "object" && data.ask !== null ? data.ask : {}) as Record<string, unknown>;
  const ask: AskSettings = { ...DEFAULT_ASK_SETTINGS };
  for (const key of Object.keys(DEFAULT_ASK_SETTINGS) as (keyof AskSettings)[]) {
    if (key === "priceOverrides") continue;
    const v = savedAsk[key];
    if (typeof v === typeof DEFAULT_ASK_SETTINGS[key] && (typeof v !== "number" || (Number.isFinite(v) && v > 0)))
      (ask as unknown as Record<string, unknown>)[key] = v;
  }
  // A model id that is retired (most often the default of the time the settings were saved) moves to its replacement.
  ask.model = currentModel(ask.model);
  // Prices follow the model: per-model overrides, with the old free price fields moved to the model they were saved with.
  const spend = readSpendSettings(raw);
  ask.priceOverrides = spend.priceOverrides;
  if (ask.scope !== "knowledge" && ask.scope !== "vault") ask.scope = DEFAULT_ASK_SETTINGS.scope;
  const savedCompile = (typeof data.compile === "object" && data.compile !== null ? data.compile : {}) as Record<string, unknown>;
  const compile: CompileSettings = { ...DEFAULT_COMPILE_SETTINGS };
  if (typeof savedCompile.autoCompile === "boolean") compile.autoCompile = savedCompile.autoCompile;
  if (typeof savedCompile.autoAccept === "boolean") compile.autoAccept = savedCompile.autoAccept;
  const hour = savedCompile.autoCompileHour;
  if (typeof hour === "number" && Number.isInteger(hour) && hour >= 0 && hour <= 23) compile.autoCompileHour = hour;
  const above = savedCompile.confirmAboveUsd;
  if (typeof above === "number" && Number.isFinite(above) && above >= 0) compile.confirmAboveUsd = above;
  const compileState: CompileState = checked.compileState ?? { logs: {} };
  const capture = mergeCaptureSettings(data.capture);
  const lint = mergeLintSettings(data.lint);
  const caps: SpendCaps = { dailyCapUsd: spend.dailyCapUsd, monthlyCapUsd: spend.monthlyCapUsd };
  // A cap that is not an amount is off: said in its own sentence (a cap written as "$5" is read, and named below).
  const capProblems = spendCapProblems(raw);
  warnings.push(...capProblems);
  const savedSpend = (typeof data.spend === "object" && data.spend !== null && !Array.isArray(data.spend) ? { ...data.spend } : data.spend) as Record<
    string,
    unknown
  >;
  if (typeof savedSpend === "object" && savedSpend !== null)
    for (const key of ["dailyCapUsd", "monthlyCapUsd"]) if (capProblems.some((p) => p.includes(`spend.${key} `))) delete savedSpend[key];
  for (const [name, saved, used] of [
    ["ask", data.ask, ask],
    ["compile", data.compile, compile],
    ["capture", data.capture, capture],
    ["lint", data.lint, lint],
    ["spend", savedSpend, caps],
  ] as const)
    warnReplaced(saved, used, `${file}: ${name}`, warnings);
  return { data: { settings, ask, compile, capture, lint, spend: caps, compileState }, warnings };
}

/** A warning for each saved field of a section that is not the value used (dropped as invalid, or migrated). */
function warnReplaced(saved: unknown, used: object, where: string, warnings: string[]): void {
  if (typeof saved !== "object" || saved === null || Array.isArray(saved)) {
    if (saved !== undefined && saved !== null) warnings.push(`${where} is not a set of settings; the defaults are used.`);
    return;
  }
  const values = used as Record<string, unknown>;
  for (const [key, value] of Object.entries(saved)) {
    if (!(key in values) || JSON.stringify(value) === JSON.stringify(values[key])) continue;
    warnings.push(`${where}.${key} was ${JSON.stringify(value)?.slice(0, 60) ?? String(value)}; ${JSON.stringify(values[key])} is used instead.`);
  }
}
