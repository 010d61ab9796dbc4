import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { COMMAND_SPECS } from "../../src/cli/command-specs";
import { DEFAULT_MODEL, DEFAULT_SELECT_MODEL } from "../../src/core/llm/models";
import { LINT_CHECKS } from "../../src/core/lint/lint-checks";
import { DEFAULT_TIMEOUT_MS } from "../../src/llm/anthropic-language-model";
import { cacheFolder } from "../../src/node/cache-folder";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { runKc } from "../fakes/run-kc";

// The README is what a person reads first: its synopsis must name every command and option `kc` parses, and every
// default it states (the settings table, the table of kc's own defaults) must be the one the code uses.
const root = join(import.meta.dirname, "..", "..");
const README = readFileSync(join(root, "README.md"), "utf8");

/** The text of a `## ` section (without its heading), or "" when there is none. */
function section(md: string, heading: string): string {
  const start = md.split("\n").findIndex((l) => l === `## ${heading}`);
  if (start === -1) return "";
  const lines = md.split("\n").slice(start + 1);
  const end = lines.findIndex((l) => l.startsWith("## "));
  return (end === -1 ? lines : lines.slice(0, end)).join("\n");
}

/** The synopsis: the first fenced block of "Command line", one entry per `kc <command>` line with its continuation lines. */
function synopsis(md: string): Map<string, string> {
  const block = /```\w*\n([\s\S]*?)```/.exec(section(md, "Command line"))?.[1] ?? "";
  const entries = new Map<string, string>();
  let current: string | null = null;
  for (const line of block.split("\n")) {
    const head = /^kc ([a-z-]+)/.exec(line);
    if (head) current = head[1]!;
    if (current !== null && (head || /^\s/.test(line))) entries.set(current, `${entries.get(current) ?? ""} ${line}`);
  }
  return entries;
}

/** What the synopsis misses: each command of COMMAND_SPECS (`kc spend`) and each option of one (`kc lint --progress`). */
function missingFromSynopsis(md: string): string[] {
  const entries = synopsis(md);
  const missing: string[] = [];
  for (const [name, spec] of Object.entries(COMMAND_SPECS)) {
    const text = entries.get(name);
    if (text === undefined) {
      missing.push(`kc ${name}`);
      continue;
    }
    for (const option of [...spec.values, ...spec.switches]) if (!new RegExp(`--${option}(?![\\w-])`).test(text)) missing.push(`kc ${name} --${option}`);
  }
  return missing;
}

/** The rows of the first table in a text, as cells (header and rule left out). */
function tableRows(text: string, after = ""): string[][] {
  const from = after === "" ? 0 : text.indexOf(after);
  if (from === -1) return [];
  const lines = text.slice(from).split("\n");
  const start = lines.findIndex((l) => l.startsWith("|"));
  if (start === -1) return [];
  const end = lines.findIndex((l, i) => i > start && !l.startsWith("|"));
  return lines
    .slice(start + 2, end === -1 ? undefined : end)
    .map((l) =>
      l
        .slice(1, -1)
        .split(" | ")
        .map((c) => c.trim()),
    );
}

/** The backticked names in a cell, in order. */
function codes(cell: string): string[] {
  return [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
}

/** A cell's default as a value: `on`/`off`, a number (`$0.25`, `60,000`), `""`, JSON (`{}`, `[]`), else the text; undefined without one. */
function literal(cell: string): unknown {
  const code = codes(cell)[0];
  if (code === undefined) return undefined;
  if (code === "on" || code === "off") return code === "on";
  if (/^\$?\d[\d,]*(\.\d+)?$/.test(code)) return Number(code.replace(/[$,]/g, ""));
  if (code === '""') return "";
  if (code.startsWith("{") || code.startsWith("[")) return JSON.parse(code) as unknown;
  return code;
}

/** The plugin's settings as data.json holds them when nothing is saved: what every default in the table must be. */
function defaultData(): Record<string, Record<string, unknown>> {
  const { compileState: _state, ...sections } = mergePluginData(undefined);
  return sections as unknown as Record<string, Record<string, unknown>>;
}

/**
 * Where the settings table disagrees with the code: a default that is not the code's (`ask.budget: README 6500, code
 * 6000`), a data.json key the code does not have, and a setting of the code the table leaves out.
 */
function settingsMismatches(md: string): string[] {
  const data = defaultData();
  const problems: string[] = [];
  const named = new Set<string>();
  for (const cells of tableRows(section(md, "Settings"))) {
    const key = codes(cells[1] ?? "")[0] ?? "";
    named.add(key);
    const [part, field] = key.split(".");
    const sectionData = data[part ?? ""];
    if (!sectionData || field === undefined || !(field in sectionData)) {
      problems.push(`${key || cells[0]}: no such data.json setting in the code`);
      continue;
    }
    const said = literal(cells[2] ?? "");
    if (!isDeepStrictEqual(said, sectionData[field])) problems.push(`${key}: README ${JSON.stringify(said)}, code ${JSON.stringify(sectionData[field])}`);
  }
  for (const [part, fields] of Object.entries(data))
    for (const field of Object.keys(fields)) if (!named.has(`${part}.${field}`)) problems.push(`${part}.${field}: not in the README's settings`);
  return problems;
}

/** kc's environment variables with a fixed default, and where the code keeps it. */
const ENV_DEFAULTS: Record<string, unknown> = {
  KC_MODEL: DEFAULT_MODEL,
  KC_SELECT_MODEL: DEFAULT_SELECT_MODEL,
  KC_TIMEOUT_SECONDS: DEFAULT_TIMEOUT_MS / 1000,
  KC_CACHE_DIR: cacheFolder({ HOME: "~" }),
};

/**
 * Where the table of kc's defaults disagrees with the code: an environment variable's default against the code's
 * constant; a flag that its command does not parse; a flag's default that `kc help <command>` does not give next to
 * the flag (helps: each command's help text).
 */
function kcDefaultMismatches(md: string, helps: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const cells of tableRows(section(md, "Command line"), "Defaults of `kc`")) {
    const said = literal(cells[1] ?? "");
    for (const name of codes(cells[0] ?? "").slice(0, 1)) {
      const flag = /^kc ([a-z-]+) (--[a-z-]+)$/.exec(name);
      if (flag) {
        const [, command, option] = flag as unknown as [string, string, string];
        const spec = COMMAND_SPECS[command];
        if (!spec || ![...spec.values, ...spec.switches].includes(option.slice(2))) {
          problems.push(`${name}: kc ${command} has no option ${option}`);
          continue;
        }
        if (said === undefined) continue;
        const shown = JSON.stringify(said);
        const help = (helps[command] ?? "").replace(/\s+/g, " ").replace(/(\d),(\d)/g, "$1$2");
        const at = [...help.matchAll(new RegExp(`${option}(?![\\w-])`, "g"))].map((m) => m.index);
        const value = new RegExp(`(?<![\\d.])${shown.replace(".", "\\.")}(?![\\d])`);
        if (!at.some((i) => value.test(help.slice(i, i + 130)))) problems.push(`${name}: README ${shown}, not what kc help ${command} says`);
      } else if (said !== undefined) {
        if (!(name in ENV_DEFAULTS)) problems.push(`${name}: no default of the code is known for it`);
        else if (!isDeepStrictEqual(said, ENV_DEFAULTS[name])) problems.push(`${name}: README ${JSON.stringify(said)}, code ${JSON.stringify(ENV_DEFAULTS[name])}`);
      }
    }
  }
  return problems;
}

/** Each command's `kc help` text. */
async function helpTexts(): Promise<Record<string, string>> {
  const helps: Record<string, string> = {};
  for (const name of Object.keys(COMMAND_SPECS)) helps[name] = (await runKc(["help", name])).out;
  return helps;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/** Markdown without fenced blocks. */
function withoutFences(md: string): string {
  return md.replace(/^(```|~~~)[\s\S]*?^\1/gm, "");
}

/** Markdown without fenced blocks and code spans (links shown as code are examples, not links). */
function withoutCode(md: string): string {
  return withoutFences(md).replace(/`[^`\n]*`/g, "");
}

/** The anchors of a markdown file's headings. */
function anchors(md: string): Set<string> {
  return new Set(
    withoutFences(md)
      .split("\n")
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, ""))),
  );
}

/** Links of a markdown file to files or headings that do not exist (its text given, its path for resolving). */
function brokenLinks(md: string, path: string): string[] {
  const broken: string[] = [];
  for (const m of withoutCode(md).matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target)) continue;
    const [file, anchor] = target.split("#") as [string, string | undefined];
    const full = file === "" ? path : join(dirname(path), decodeURI(file));
    if (!existsSync(full)) broken.push(target);
    else if (anchor !== undefined && full.endsWith(".md") && !anchors(readFileSync(full, "utf8")).has(anchor)) broken.push(target);
  }
  return broken;
}

function markdownUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownUnder(path) : path.endsWith(".md") ? [path] : [];
  });
}

describe("the README's command synopsis", () => {
  it("names every command of COMMAND_SPECS with every option", () => {
    expect(missingFromSynopsis(README)).toEqual([]);
  });

  it("fails on a README that misses a command or an option", () => {
    const noSpend = README.replace(/^kc spend .*\n/m, "");
    expect(noSpend).not.toBe(README);
    expect(missingFromSynopsis(noSpend)).toEqual(["kc spend"]);
    const noSwitch = README.replace(" [--write-report]", "");
    expect(noSwitch).not.toBe(README);
    expect(missingFromSynopsis(noSwitch)).toEqual(["kc lint --write-report"]);
  });
});

describe("the defaults the README names", () => {
  it("are the code's: every setting of data.json, with its default", () => {
    expect(settingsMismatches(README)).toEqual([]);
  });

  it("fails on a default the code does not use, a key it does not have, and a setting left out", () => {
    const budget = README.replace("| `ask.budget` | `6000` |", "| `ask.budget` | `6500` |");
    expect(budget).not.toBe(README);
    expect(settingsMismatches(budget)).toEqual(["ask.budget: README 6500, code 6000"]);
    const select = README.replace("| `ask.selectModel` | `claude-haiku-5-5` |", "| `ask.selectModel` | `claude-haiku-4-5` |");
    expect(settingsMismatches(select)).toEqual(['ask.selectModel: README "claude-haiku-4-5", code "claude-haiku-5-5"']);
    const typo = README.replace("`capture.minPrompts`", "`capture.minPrompt`");
    expect(settingsMismatches(typo)).toEqual(["capture.minPrompt: no such data.json setting in the code", "capture.minPrompts: not in the README's settings"]);
  });

  it("are the code's for kc's own flags and environment variables", async () => {
    expect(kcDefaultMismatches(README, await helpTexts())).toEqual([]);
  });

  it("fails on a kc default the code does not use, or a flag the command does not parse", async () => {
    const helps = await helpTexts();
    const drift = README.replace("| `kc drift --max-tokens` | `60000` |", "| `kc drift --max-tokens` | `40000` |");
    expect(drift).not.toBe(README);
    expect(kcDefaultMismatches(drift, helps)).toEqual(["kc drift --max-tokens: README 40000, not what kc help drift says"]);
    const env = README.replace("| `KC_SELECT_MODEL` | `claude-haiku-5-5` |", "| `KC_SELECT_MODEL` | `claude-haiku-4-5` |");
    expect(kcDefaultMismatches(env, helps)).toEqual(['KC_SELECT_MODEL: README "claude-haiku-4-5", code "claude-haiku-5-5"']);
    const part = README.replace("| `kc graph --cap` | `5000` |", "| `kc graph --cap` | `500` |");
    expect(kcDefaultMismatches(part, helps)).toEqual(["kc graph --cap: README 500, not what kc help graph says"]);
    const flag = README.replace("| `kc graph --cap` |", "| `kc graph --caps` |");
    expect(kcDefaultMismatches(flag, helps)).toEqual(["kc graph --caps: kc graph has no option --caps"]);
  });
});

describe("the docs", () => {
  it("link only to files and headings that exist", () => {
    const files = [join(root, "README.md"), join(root, "CONTRIBUTING.md"), join(root, "ARCHITECTURE.md"), ...markdownUnder(join(root, "docs"))].filter((f) =>
      existsSync(f),
    );
    expect(files.length).toBeGreaterThan(10);
    const broken = files.flatMap((f) => brokenLinks(readFileSync(f, "utf8"), f).map((t) => `${relative(root, f)}: ${t}`));
    expect(broken).toEqual([]);
  });

  it("find a link that leads nowhere", () => {
    const readme = join(root, "README.md");
    expect(brokenLinks("[a](docs/guides/none.md) [b](docs/guides/lint.md#no-such-heading) [c](#settings) `[d](x.md)`", readme)).toEqual([
      "docs/guides/none.md",
      "docs/guides/lint.md#no-such-heading",
    ]);
  });

  it("list every lint check in the lint guide's table", () => {
    const guide = readFileSync(join(root, "docs", "guides", "lint.md"), "utf8");
    const listed = new Set(tableRows(guide).map((cells) => cells[0]));
    expect(LINT_CHECKS.map((c) => c.id).filter((id) => !listed.has(id))).toEqual([]);
    expect(LINT_CHECKS.length).toBeGreaterThan(10);
  });
});
