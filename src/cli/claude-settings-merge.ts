// Pure edits of Claude Code's settings files for `kc hooks`: add this package's hooks and MCP server, or remove
// exactly those, leaving every other byte as it was. What kc added is known from its record (what it wrote, where),
// never guessed from how an entry looks: a server a person named `knowledge-compiler` themselves is theirs, and a key a
// person added to kc's entry (an `env`) stays through a second install.
import type { Node } from "jsonc-parser/lib/esm/main.js";
import { appendChild, applyEdit, indexIn, nodeAt, parseJsonText, removeChild, replaceValue, valueOf, type JsonText, type TextEdit } from "./json-text-edit";

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

/** What kc added to one settings file: its hooks by event and command, its servers by place and name, the containers it created. */
export interface KcOwned {
  hooks: { event: string; command: string }[];
  servers: { at: string[]; name: string }[];
  /** Objects and lists kc created to hold its entries (removed again when uninstall leaves them empty). */
  created: string[][];
}

/** Which part of a file an edit concerns: the hooks of a settings file, or the servers of an MCP file at a path. */
export interface SettingsTarget {
  key: "hooks" | "mcpServers";
  /** Where the mcpServers object sits (["projects", dir] in ~/.claude.json for one project; [] at the top). */
  at: readonly string[];
}

/** A planned edit of one file: its new text, what kc owns in it after, and notes to show. */
export interface SettingsPlan {
  after: string;
  owned: KcOwned;
  notes: string[];
}

/** The MCP server's name in Claude Code's list (what `/mcp` shows). */
export const KC_SERVER_NAME = "knowledge-compiler";

/** Quotes a word for the POSIX shell Claude Code runs hook commands in. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** An empty record of ownership. */
export function noneOwned(): KcOwned {
  return { hooks: [], servers: [], created: [] };
}

/** What is wrong with a settings file's shape for these edits, in a sentence, or null. */
export function settingsShapeProblem(value: unknown, file: string, target: SettingsTarget): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `${file} is not a JSON object`;
  let cur = value as JsonObject;
  for (let i = 0; i < target.at.length; i++) {
    const next = Object.hasOwn(cur, target.at[i]!) ? cur[target.at[i]!] : undefined;
    if (next === undefined) return null;
    if (typeof next !== "object" || next === null || Array.isArray(next)) return `"${target.at.slice(0, i + 1).join(".")}" in ${file} is not an object`;
    cur = next as JsonObject;
  }
  const inner = cur[target.key];
  if (inner !== undefined && (typeof inner !== "object" || inner === null || Array.isArray(inner))) return `"${target.key}" in ${file} is not an object`;
  if (target.key === "hooks" && inner) {
    for (const [event, groups] of Object.entries(inner as JsonObject)) {
      if (!Array.isArray(groups)) return `hooks.${event} in ${file} is not a list`;
      for (const g of groups) if (typeof g !== "object" || g === null || Array.isArray(g)) return `a hook group of hooks.${event} in ${file} is not an object`;
    }
  }
  return null;
}

/** A settings file with kc's entries added (or brought up to date in place), from its text now and what kc owns in it. */
export function planInstall(text: string | null, file: string, target: SettingsTarget, entries: KcHookEntries, owned: KcOwned): SettingsPlan | string {
  const start = begin(text, file, target);
  if (typeof start === "string") return start;
  const s = { doc: start, owned: cloneOwned(owned) };
  const notes: string[] = [];
  if (target.key === "hooks") {
    installHook(s, "SessionStart", entries.prime, { type: "command", command: entries.prime, timeout: 10 });
    installHook(s, "SessionEnd", entries.capture, { type: "command", command: entries.capture });
  } else {
    const path = [...target.at, "mcpServers", KC_SERVER_NAME];
    const mine = s.owned.servers.some((o) => same(o.at, target.at) && o.name === KC_SERVER_NAME);
    const there = nodeAt(s.doc, path);
    if (there && !mine)
      notes.push(`Kept the server "${KC_SERVER_NAME}" already in ${file}: kc did not add it, so it is left as it is (rename it to have kc add its own).`);
    else if (there && there.type === "object") {
      for (const [k, v] of Object.entries(entries.server)) setKey(s, [...path], k, v);
    } else {
      if (there) edit(s, removeChild(s.doc, there.parent!.parent!, indexIn(there.parent!.parent!, there.parent!)));
      insertAt(s, path, entries.server);
      if (!mine) s.owned.servers.push({ at: [...target.at], name: KC_SERVER_NAME });
    }
  }
  return { after: s.doc.text, owned: s.owned, notes };
}

/** A settings file without kc's entries: only what its record names, and the containers it created once empty. */
export function planUninstall(text: string | null, file: string, target: SettingsTarget, owned: KcOwned): SettingsPlan | string {
  // ~/.claude.json holds the servers of several installs (the user's, each project's): only this target's go.
  const chain = [...target.at, "mcpServers"];
  const ours = (at: string[]): boolean => target.key === "hooks" || same(at, target.at);
  const holds = (path: string[]): boolean => target.key === "hooks" || (path.length <= chain.length && path.every((k, i) => k === chain[i]));
  const left: KcOwned = {
    hooks: target.key === "hooks" ? [] : owned.hooks,
    servers: owned.servers.filter((o) => !ours(o.at)),
    created: owned.created.filter((p) => !holds(p)),
  };
  if (text === null) return { after: "", owned: left, notes: [] };
  const start = begin(text, file, target);
  if (typeof start === "string") return start;
  const s = { doc: start, owned: cloneOwned(owned) };
  const notes: string[] = [];
  if (target.key === "hooks") for (const h of owned.hooks) removeHook(s, h.event, h.command);
  else {
    for (const o of owned.servers.filter((o) => ours(o.at))) {
      const entry = nodeAt(s.doc, [...o.at, "mcpServers", o.name]);
      if (entry) edit(s, removeChild(s.doc, entry.parent!.parent!, indexIn(entry.parent!.parent!, entry.parent!)));
    }
    if (nodeAt(s.doc, [...chain, KC_SERVER_NAME]))
      notes.push(`Left the server "${KC_SERVER_NAME}" in ${file}: kc has no record of adding it (remove it by hand if it is kc's).`);
  }
  for (const path of owned.created.filter(holds).sort((a, b) => b.length - a.length)) {
    const node = nodeAt(s.doc, path);
    if ((node?.type === "object" || node?.type === "array") && (node.children ?? []).length === 0)
      edit(s, removeChild(s.doc, node.parent!.parent!, indexIn(node.parent!.parent!, node.parent!)));
  }
  return { after: s.doc.text, owned: left, notes };
}

interface State {
  doc: JsonText;
  owned: KcOwned;
}

function begin(text: string | null, file: string, target: SettingsTarget): JsonText | string {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return `${file} is not valid JSON (${parsed.error})`;
  return settingsShapeProblem(valueOf(parsed.value.root), file, target) ?? parsed.value;
}

function cloneOwned(owned: KcOwned): KcOwned {
  return {
    hooks: owned.hooks.map((h) => ({ ...h })),
    servers: owned.servers.map((o) => ({ at: [...o.at], name: o.name })),
    created: owned.created.map((p) => [...p]),
  };
}

function edit(s: State, e: TextEdit): void {
  const parsed = parseJsonText(applyEdit(s.doc.text, e));
  if (!parsed.ok) throw new Error(`an edit left the file unreadable (${parsed.error})`);
  s.doc = parsed.value;
}

/** Adds kc's hook for an event, or rewrites the command of the one it added before; never a second one. */
function installHook(s: State, event: string, command: string, hook: JsonObject): void {
  const mine = s.owned.hooks.filter((h) => h.event === event);
  const found = mine.map((h) => findHook(s.doc, event, h.command)).find((f) => f !== undefined);
  s.owned.hooks = s.owned.hooks.filter((h) => h.event !== event);
  if (found) {
    if (valueOf(found.command) !== command) edit(s, replaceValue(s.doc, found.command, command));
    s.owned.hooks.push({ event, command });
    return;
  }
  // The very command is there already (a person copied it, or kc's record was lost): not doubled, not claimed.
  if (findHook(s.doc, event, command)) return;
  insertAt(s, ["hooks", event, -1], { hooks: [hook] });
  s.owned.hooks.push({ event, command });
}

/** Removes kc's hook: its group when the group holds nothing else, else the hook alone. */
function removeHook(s: State, event: string, command: string): void {
  const found = findHook(s.doc, event, command);
  if (!found) return;
  const { group, list, hook } = found;
  if ((list.children ?? []).length === 1) edit(s, removeChild(s.doc, group.parent!, indexIn(group.parent!, group)));
  else edit(s, removeChild(s.doc, list, indexIn(list, hook)));
}

function findHook(doc: JsonText, event: string, command: string): { group: Node; list: Node; hook: Node; command: Node } | undefined {
  const groups = nodeAt(doc, ["hooks", event]);
  for (const group of groups?.type === "array" ? (groups.children ?? []) : []) {
    const list = nodeAt({ ...doc, root: group }, ["hooks"]);
    for (const hook of list?.type === "array" ? (list.children ?? []) : []) {
      const c = hook.type === "object" ? nodeAt({ ...doc, root: hook }, ["command"]) : undefined;
      if (c && valueOf(c) === command) return { group, list: list!, hook, command: c };
    }
  }
  return undefined;
}

/** Sets a key of kc's own object to a value (in place when present), leaving its other keys. */
function setKey(s: State, path: string[], key: string, value: unknown): void {
  const node = nodeAt(s.doc, [...path, key]);
  if (node === undefined) edit(s, appendChild(s.doc, nodeAt(s.doc, path)!, value, key));
  else if (JSON.stringify(valueOf(node)) !== JSON.stringify(value)) edit(s, replaceValue(s.doc, node, value));
}

/**
 * Puts a value at a path (a last index of -1 appends to a list), creating the objects and list on the way, each
 * recorded as created by kc. The path's existing objects have been checked to be objects (settingsShapeProblem).
 */
function insertAt(s: State, path: (string | number)[], value: unknown): void {
  let k = 0;
  while (k < path.length - 1 && nodeAt(s.doc, path.slice(0, k + 1)) !== undefined) k++;
  // path[0..k) exists; path[k] is missing (or the list to append to).
  let nested: unknown = value;
  for (let i = path.length - 1; i > k; i--) nested = path[i] === -1 ? [nested] : { [path[i] as string]: nested };
  const parent = nodeAt(s.doc, path.slice(0, k))!;
  const key = path[k];
  edit(s, key === -1 ? appendChild(s.doc, parent, nested) : appendChild(s.doc, parent, nested, key as string));
  for (let i = k + 1; i < path.length; i++) {
    const created = path.slice(0, i) as string[];
    if (!s.owned.created.some((c) => same(c, created))) s.owned.created.push(created);
  }
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
