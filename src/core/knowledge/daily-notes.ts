import type { KnowledgeSettings } from "./knowledge-settings";
import { compileDateFormat, DATE_FORMAT_TOKENS, matchDateFormat, type DateFormat } from "./match-date-format";
import { parseSettingsJson, validateDailyNotesConfig } from "./validate-settings";
import { isMarkdownPath } from "../util/markdown-path";
import { trimSlashes } from "./knowledge-layout";

type DailySettings = Pick<KnowledgeSettings, "dailyFolder" | "dailyFormat">;

/**
 * Reads Obsidian's `<configDir>/daily-notes.json`; missing, invalid JSON or the wrong shape gives null so the plugin
 * setting applies (validateDailyNotesConfig says what was wrong, for hosts that show warnings).
 */
export function readDailyNotesConfig(json: string | null): { folder: string; format: string } | null {
  const ignored: string[] = [];
  return validateDailyNotesConfig(parseSettingsJson(json, "daily-notes.json", "", ignored), "daily-notes.json", "", ignored);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const cache = new Map<string, DateFormat>();

/** The compiled format, kept for the next path (a vault matches every path against the same one or two formats). */
function compiled(format: string): DateFormat {
  let c = cache.get(format);
  if (!c) {
    if (cache.size > 64) cache.clear();
    c = compileDateFormat(format);
    cache.set(format, c);
  }
  return c;
}

/** The ISO date (YYYY-MM-DD) of a daily note path, or null when the path is not a daily note. */
export function matchDailyNote(path: string, settings: DailySettings): string | null {
  // Asked of every path of a vault: the cheap tests come first, and nothing is copied before they pass.
  if (!isMarkdownPath(path)) return null;
  const folder = trimSlashes(settings.dailyFolder);
  if (folder !== "" && !(path.startsWith(folder) && path.charCodeAt(folder.length) === 47)) return null;
  const start = folder === "" ? 0 : folder.length + 1;
  const format = settings.dailyFormat || "YYYY-MM-DD";
  // No token writes a "/", so a name in another folder depth than the format's cannot match (most of a vault's notes).
  if (slashes(path, start, path.length - 3) !== slashes(format, 0, format.length)) return null;
  const name = path.slice(start, -3);
  const parts = matchDateFormat(compiled(format), name);
  if (!parts) return null;
  let y = -1;
  let mo = -1;
  let d = -1;
  for (const { slot, text: v } of parts) {
    if (slot === "Y") y = Number(v);
    else if (slot === "YY") y = 2000 + Number(v);
    else if (slot === "M") mo = Number(v);
    else if (slot === "MMM") mo = MONTHS.findIndex((n) => n.toLowerCase().startsWith(v.toLowerCase()) && v.length >= 3) + 1;
    else if (slot === "D") d = Number(v);
  }
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** How many "/" there are in s[from, to). */
function slashes(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf("/", from); i !== -1 && i < to; i = s.indexOf("/", i + 1)) n++;
  return n;
}

/** The path of the daily note for an ISO date under the given settings. */
export function dailyNotePath(isoDate: string, settings: DailySettings): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const name = (settings.dailyFormat || "YYYY-MM-DD").replace(DATE_FORMAT_TOKENS, (t, lit: string | undefined) => {
    if (lit !== undefined) return lit;
    const map: Record<string, string> = {
      YYYY: String(y).padStart(4, "0"),
      YY: String(y % 100).padStart(2, "0"),
      MMMM: MONTHS[m - 1]!,
      MMM: MONTHS[m - 1]!.slice(0, 3),
      MM: String(m).padStart(2, "0"),
      M: String(m),
      DD: String(d).padStart(2, "0"),
      D: String(d),
      Do: ordinal(d),
      dddd: DAYS[date.getUTCDay()]!,
      ddd: DAYS[date.getUTCDay()]!.slice(0, 3),
    };
    return map[t] ?? t;
  });
  const folder = trimSlashes(settings.dailyFolder);
  return folder === "" ? `${name}.md` : `${folder}/${name}.md`;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${s}`;
}

/**
 * Where daily notes live when nothing configures it: Obsidian's own default (the vault's root) when the root holds
 * daily notes and the plugin's default folder holds none; else the plugin's default folder.
 */
export function unconfiguredDailyFolder(paths: Iterable<string>, format: string, pluginDefault: string): { folder: string; why: string } {
  let atRoot = 0;
  let inDefault = 0;
  for (const p of paths) {
    if (matchDailyNote(p, { dailyFolder: "", dailyFormat: format }) !== null) atRoot++;
    else if (pluginDefault !== "" && matchDailyNote(p, { dailyFolder: pluginDefault, dailyFormat: format }) !== null) inDefault++;
  }
  return atRoot > 0 && inDefault === 0
    ? { folder: "", why: `Obsidian's default, the vault's root (${atRoot} daily note${atRoot === 1 ? "" : "s"} there)` }
    : { folder: pluginDefault, why: "the default" };
}
