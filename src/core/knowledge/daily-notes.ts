import type { KnowledgeSettings } from "./knowledge-settings";
import { parseSettingsJson, validateDailyNotesConfig } from "./validate-settings";

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
const TOKENS = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|Do|DD|D|dddd|ddd|./g;

const CAPTURES: Record<string, [string, "Y" | "YY" | "M" | "MMM" | "D"]> = {
  YYYY: ["(\\d{4})", "Y"],
  YY: ["(\\d{2})", "YY"],
  MMMM: ["([A-Za-z]+)", "MMM"],
  MMM: ["([A-Za-z]+)", "MMM"],
  MM: ["(\\d{2})", "M"],
  M: ["(\\d{1,2})", "M"],
  DD: ["(\\d{2})", "D"],
  D: ["(\\d{1,2})", "D"],
  Do: ["(\\d{1,2})(?:st|nd|rd|th)", "D"],
};

interface Compiled {
  re: RegExp;
  groups: ("Y" | "YY" | "M" | "MMM" | "D")[];
}
const cache = new Map<string, Compiled>();

function compile(format: string): Compiled {
  const hit = cache.get(format);
  if (hit) return hit;
  const groups: Compiled["groups"] = [];
  let src = "";
  for (const m of format.matchAll(TOKENS)) {
    const t = m[0];
    const capture = CAPTURES[t];
    if (m[1] !== undefined) src += escape(m[1]);
    else if (capture) {
      src += capture[0];
      groups.push(capture[1]);
    } else if (t === "dddd" || t === "ddd") src += "[A-Za-z]+";
    else src += escape(t);
  }
  const c = { re: new RegExp(`^${src}$`, "i"), groups };
  cache.set(format, c);
  return c;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The ISO date (YYYY-MM-DD) of a daily note path, or null when the path is not a daily note. */
export function matchDailyNote(path: string, settings: DailySettings): string | null {
  if (!path.toLowerCase().endsWith(".md")) return null;
  const folder = settings.dailyFolder.replace(/^\/+|\/+$/g, "");
  const prefix = folder === "" ? "" : `${folder}/`;
  if (!path.startsWith(prefix)) return null;
  const name = path.slice(prefix.length, -3);
  const c = compile(settings.dailyFormat || "YYYY-MM-DD");
  const m = c.re.exec(name);
  if (!m) return null;
  let y = -1;
  let mo = -1;
  let d = -1;
  c.groups.forEach((g, i) => {
    const v = m[i + 1]!;
    if (g === "Y") y = Number(v);
    else if (g === "YY") y = 2000 + Number(v);
    else if (g === "M") mo = Number(v);
    else if (g === "MMM") mo = MONTHS.findIndex((n) => n.toLowerCase().startsWith(v.toLowerCase()) && v.length >= 3) + 1;
    else d = Number(v);
  });
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** The path of the daily note for an ISO date under the given settings. */
export function dailyNotePath(isoDate: string, settings: DailySettings): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const name = (settings.dailyFormat || "YYYY-MM-DD").replace(TOKENS, (t, lit: string | undefined) => {
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
  const folder = settings.dailyFolder.replace(/^\/+|\/+$/g, "");
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
