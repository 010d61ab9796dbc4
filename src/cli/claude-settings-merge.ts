// Pure edits of Claude Code's settings files for `kc hooks`: add this package's hooks and MCP server, or remove
// exactly those, leaving every other key, hook and server as it was.

/** A parsed JSON object (a settings file's top level). */
export type JsonObject = Record<string, unknown>;

/** The commands and server entry `kc hooks install` writes. */
export interface KcHookEntries {
  /** The SessionStart command (prime). */
  prime: string;
  /** The SessionEnd command (capture of the ending session). */
  capture: string;
  /** The MCP server entry (stdio). */
  server: { type: "stdio"; command: string; args: string[] };
}

/** The MCP server's name in Claude Code's list (what `/mcp` shows). */
export const KC_SERVER_NAME = "knowledge-compiler";

const q = String.raw`'(?:[^']|'\\'')*'`;
/** A command this package's installer wrote: quoted node, quoted …/cli.mjs, prime or capture, quoted vault, --hook. */
const OURS = new RegExp(String.raw`^${q} '(?:[^']|'\\'')*cli\.mjs' (?:prime|capture) ${q}(?: [^']*)? --hook$`);

/** Quotes a word for the POSIX shell Claude Code runs hook commands in. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** What is wrong with a settings file's shape for these edits, in a sentence, or null. */
export function settingsShapeProblem(value: unknown, file: string, key: "hooks" | "mcpServers"): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `${file} is not a JSON object`;
  const inner = (value as JsonObject)[key];
  if (inner !== undefined && (typeof inner !== "object" || inner === null || Array.isArray(inner))) return `"${key}" in ${file} is not an object`;
  if (key === "hooks" && inner) {
    for (const [event, groups] of Object.entries(inner as JsonObject)) if (!Array.isArray(groups)) return `hooks.${event} in ${file} is not a list`;
  }
  return null;
}

/** The settings with this package's SessionStart and SessionEnd hooks (any it wrote before replaced, never doubled). */
export function addKcHooks(settings: JsonObject, entries: KcHookEntries): JsonObject {
  const next = removeKcHooks(settings);
  const hooks = { ...((next.hooks as JsonObject | undefined) ?? {}) };
  hooks.SessionStart = [...((hooks.SessionStart as unknown[] | undefined) ?? []), { hooks: [{ type: "command", command: entries.prime, timeout: 10 }] }];
  hooks.SessionEnd = [...((hooks.SessionEnd as unknown[] | undefined) ?? []), { hooks: [{ type: "command", command: entries.capture }] }];
  return { ...next, hooks };
}

/** The settings without this package's hooks; a group, event list or `hooks` object left empty by that goes too. */
export function removeKcHooks(settings: JsonObject): JsonObject {
  const hooks = settings.hooks as Record<string, unknown[]> | undefined;
  if (!hooks) return settings;
  const kept: JsonObject = {};
  for (const [event, groups] of Object.entries(hooks)) {
    const left = groups.flatMap((g) => {
      const list = (g as { hooks?: unknown }).hooks;
      if (!Array.isArray(list)) return [g];
      const rest = list.filter((h) => !isKcHook(h));
      if (rest.length === list.length) return [g];
      return rest.length === 0 ? [] : [{ ...(g as JsonObject), hooks: rest }];
    });
    if (left.length > 0 || groups.length === 0) kept[event] = left;
  }
  const { hooks: _old, ...rest } = settings;
  return Object.keys(kept).length > 0 || Object.keys(hooks).length === 0 ? { ...rest, hooks: kept } : rest;
}

/** The MCP configuration with this package's server entry (replacing one of the same name). */
export function addKcServer(config: JsonObject, entries: KcHookEntries): JsonObject {
  return { ...config, mcpServers: { ...(config.mcpServers ?? {}), [KC_SERVER_NAME]: entries.server } };
}

/** The MCP configuration without this package's server entry (only when it runs this package's `mcp` command). */
export function removeKcServer(config: JsonObject): JsonObject {
  const servers = config.mcpServers as JsonObject | undefined;
  const ours = servers?.[KC_SERVER_NAME] as { args?: unknown } | undefined;
  if (!servers || !ours || !Array.isArray(ours.args) || ours.args[1] !== "mcp" || !/cli\.mjs$/.test(String(ours.args[0]))) return config;
  const { [KC_SERVER_NAME]: _gone, ...others } = servers;
  const { mcpServers: _old, ...rest } = config;
  return Object.keys(others).length > 0 ? { ...rest, mcpServers: others } : rest;
}

/** Serializes a settings object as the file was written (its indent), ending with a newline. */
export function formatSettings(value: JsonObject, original: string | null): string {
  const indent = /\n([ \t]+)"/.exec(original ?? "")?.[1] ?? "  ";
  return `${JSON.stringify(value, null, indent)}\n`;
}

function isKcHook(h: unknown): boolean {
  const command = (h as { command?: unknown } | null)?.command;
  return typeof command === "string" && OURS.test(command);
}
