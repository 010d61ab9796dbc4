import { existsSync, realpathSync, statSync } from "node:fs";
import { chmod, copyFile, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { diffLines } from "../../core/compile/format-compile";
import {
  addKcHooks,
  addKcServer,
  formatSettings,
  removeKcHooks,
  removeKcServer,
  settingsShapeProblem,
  shellQuote,
  type JsonObject,
  type KcHookEntries,
} from "../claude-settings-merge";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { flagString, type ParsedArgs } from "../parse-args";
import process from "node:process";
import { CONFIG_DIR } from "../../node/config-dir";
import { loadVault } from "../../node/load-vault";
import type { RouteScope } from "../../node/router-index";
import { resolveScope } from "../../node/vault-scope";
import { cacheFolder } from "../../node/router-index-cache";

/** Help text of `kc hooks`. */
export const HOOKS_HELP = `kc hooks install [--vault <dir>] [--scope knowledge|vault] [--project <dir> [--shared]] [--user] [--yes]
kc hooks uninstall [--project <dir> [--shared]] [--user] [--yes]

Wires Claude Code to the knowledge base: a SessionStart hook that primes each new session (kc prime --hook), a
SessionEnd hook that captures the ending session into today's daily note (kc capture --hook: only that session's new
records) and the MCP server (kc mcp). The hooks call this installed package by absolute path (the node running it
and its dist/cli.mjs), never a name a package registry could resolve to someone else's package.
The entries hold this machine's paths, so by default they go where Claude Code keeps one person's settings for a
project: the hooks in the project's .claude/settings.local.json (personal; Claude Code git-ignores it) and the server
in ~/.claude.json under the project (Claude Code's "local" MCP scope). --shared writes the project's checked-in
.claude/settings.json and .mcp.json instead; --user writes ~/.claude/settings.json and ~/.claude.json for every
project. Every other setting, hook and server is kept; shows the diff and asks first (--yes to skip the
question; without a terminal it refuses unless --yes); a backup of each changed file is written beside it
(<file>.kc-backup-<time>). uninstall removes exactly what install added.
A vault without a knowledge folder gets the whole-vault scope (prime and the server read every note; install says
so); --scope chooses. Install then runs prime once, so the router's index is in prime's cache before the first
session starts (the hook has 10 seconds), and says if that run failed.

  --vault <dir>     the vault (default: the current folder when it is one, i.e. has .obsidian/)
  --scope <scope>   knowledge: the knowledge articles; vault: every note (default: knowledge when the vault has its
                    knowledge folder, else vault)
  --project <dir>   the project whose settings to change (default: the current folder)
  --shared          the project's shared files (.claude/settings.json, .mcp.json), which are usually checked in
  --user            change your user settings instead (every project)
  --yes             write without asking`;

/** One settings file to change: where, its text now (null when absent) and after. */
interface FileChange {
  path: string;
  before: string | null;
  after: string;
}

/** Runs `kc hooks install` or `kc hooks uninstall`. */
export async function runHooksCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const action = args.positionals[1];
  if (action !== "install" && action !== "uninstall")
    return usage(io, `Say what to do: kc hooks install or kc hooks uninstall${action ? `, not "${action}"` : ""}.\n\n${HOOKS_HELP}`);
  const user = args.flags.has("user");
  if (user && flagString(args, "project") !== undefined) return usage(io, "--user and --project name different settings files; give one.");
  const shared = args.flags.has("shared");
  if (user && shared) return usage(io, "--user and --shared name different settings files; give one.");
  const home = io.env.CLAUDE_CONFIG_DIR || join(io.env.HOME || homedir(), ".claude");
  const userMcpFile = io.env.CLAUDE_CONFIG_DIR ? join(home, ".claude.json") : join(io.env.HOME || homedir(), ".claude.json");
  const project = resolve(flagString(args, "project", io.env.PWD || process.cwd())!);
  // A person's own entries (absolute paths of this machine) never go into files a project checks in, unless asked.
  const settingsFile = user ? join(home, "settings.json") : join(project, ".claude", shared ? "settings.json" : "settings.local.json");
  const mcpFile = user ? userMcpFile : shared ? join(project, ".mcp.json") : userMcpFile;
  const mcpAt = user || shared ? [] : ["projects", project];
  let entries: KcHookEntries | null = null;
  let prepare: { vault: string; scope: RouteScope } | null = null;
  if (action === "uninstall" && flagString(args, "scope") !== undefined)
    return usage(io, "--scope is for kc hooks install; uninstall removes kc's entries whatever their scope.");
  if (action === "install") {
    const vault = resolve(flagString(args, "vault", io.env.PWD || process.cwd())!);
    if (!isFolder(vault)) return usage(io, `No such folder: ${vault} (give the vault with --vault <dir>).`);
    if (flagString(args, "vault") === undefined && !isFolder(join(vault, CONFIG_DIR)))
      return usage(io, `${vault} is not an Obsidian vault (no .obsidian folder): give the vault with --vault <dir>.`);
    const given = flagString(args, "scope");
    if (given !== undefined && given !== "knowledge" && given !== "vault") return usage(io, `--scope must be knowledge or vault, not "${given}".`);
    const { scope, why } = resolveScope(given ?? "auto", await loadVault(vault, {}, undefined, { read: "none" }));
    if (why) io.err(`${why}\n`);
    entries = hookEntries(vault, scope);
    prepare = { vault, scope };
  }
  const changes: FileChange[] = [];
  for (const [file, key, at] of [
    [settingsFile, "hooks", []],
    [mcpFile, "mcpServers", mcpAt],
  ] as const) {
    const before = await readFile(file, "utf8").catch((e: Error & { code?: string }) => (e.code === "ENOENT" ? null : Promise.reject(e)));
    let value: unknown = {};
    try {
      if (before !== null && before.trim() !== "") value = JSON.parse(before);
    } catch (e) {
      return usage(io, `${file} is not valid JSON (${(e as Error).message}); nothing was written. Fix it (or move it away) and run kc hooks ${action} again.`);
    }
    const problem = settingsShapeProblem(value, file, key) ?? nestedShapeProblem(value, file, at, key);
    if (problem) return usage(io, `${problem}; nothing was written. Fix it by hand and run kc hooks ${action} again.`);
    const obj = value as JsonObject;
    const inner = objectAt(obj, at);
    const changed = entries
      ? key === "hooks"
        ? addKcHooks(inner, entries)
        : addKcServer(inner, entries)
      : key === "hooks"
        ? removeKcHooks(inner)
        : removeKcServer(inner);
    const next = withObjectAt(obj, at, changed);
    const after = formatSettings(next, before);
    if (JSON.stringify(next) !== JSON.stringify(obj)) changes.push({ path: file, before, after });
  }
  if (changes.length === 0) {
    io.err(action === "install" ? "Already installed: nothing to change.\n" : "Nothing of kc's to remove.\n");
    if (prepare) await preparePrime(prepare.vault, prepare.scope, io);
    return EXIT.ok;
  }
  for (const c of changes)
    io.out(
      `${c.before === null ? "NEW    " : "UPDATE "} ${c.path}\n${diffLines(c.before ?? "", c.after)
        .map((l) => `  ${l}`)
        .join("\n")}\n\n`,
    );
  if (!args.flags.has("yes")) {
    if (!io.confirm)
      return usage(
        io,
        `Nothing was written: there is no terminal to ask. Run again with --yes to write ${changes.length === 1 ? "this change" : "these changes"}.`,
      );
    if (!(await io.confirm(`Write ${changes.length === 1 ? "this change" : "these changes"}?`))) {
      io.err("Nothing was written.\n");
      return EXIT.ok;
    }
  }
  for (const c of changes) await writeWithBackup(c, io);
  if (prepare) await preparePrime(prepare.vault, prepare.scope, io);
  io.err(
    action === "install"
      ? "Installed. Restart Claude Code (or start a new session) to use them; `/mcp` lists the server. Undo with kc hooks uninstall.\n"
      : "Removed. Restart Claude Code for it to take effect.\n",
  );
  return EXIT.ok;
}

/** The object at a path of keys in a settings value ({} when absent): ~/.claude.json keeps a project's servers under projects.<dir>. */
function objectAt(value: JsonObject, at: readonly string[]): JsonObject {
  let cur: JsonObject = value;
  for (const k of at) cur = ((Object.hasOwn(cur, k) ? cur[k] : undefined) as JsonObject | undefined) ?? {};
  return cur;
}

/** The value with the object at that path replaced; an object left empty on the path is dropped (what install added goes). */
function withObjectAt(value: JsonObject, at: readonly string[], inner: JsonObject): JsonObject {
  if (at.length === 0) return inner;
  const [k, ...rest] = at as [string, ...string[]];
  const child = withObjectAt(objectAt(value, [k]), rest, inner);
  if (Object.keys(child).length > 0) return { ...value, [k]: child };
  const { [k]: _gone, ...others } = value;
  return others;
}

/** What is wrong with the objects on the path to the MCP entry (each must be a JSON object), in a sentence, or null. */
function nestedShapeProblem(value: unknown, file: string, at: readonly string[], key: "hooks" | "mcpServers"): string | null {
  let cur = value as JsonObject;
  for (let i = 0; i < at.length; i++) {
    const next = Object.hasOwn(cur, at[i]!) ? cur[at[i]!] : undefined;
    if (next === undefined) return null;
    if (typeof next !== "object" || next === null || Array.isArray(next)) return `"${at.slice(0, i + 1).join(".")}" in ${file} is not an object`;
    cur = next as JsonObject;
  }
  return at.length > 0 ? settingsShapeProblem(cur, file, key) : null;
}

/**
 * The commands and server entry for a vault: this node and this package's dist/cli.mjs, by absolute path, quoted;
 * prime and the server with the scope (written only when it is not the commands' default, knowledge).
 */
function hookEntries(vault: string, scope: RouteScope): KcHookEntries {
  const node = process.execPath;
  const cli = cliPath();
  const scoped = scope === "knowledge" ? [] : ["--scope", scope];
  const run = (command: string, extra: string[] = []): string =>
    `${shellQuote(node)} ${shellQuote(cli)} ${command} ${shellQuote(vault)} ${[...extra, "--hook"].join(" ")}`;
  return { prime: run("prime", scoped), capture: run("capture"), server: { type: "stdio", command: node, args: [cli, "mcp", vault, ...scoped] } };
}

/**
 * Runs prime once as the SessionStart hook will (same vault and scope, through prime's own cache), so the router's
 * index is cached before the first session starts; says how long it took, or what the hook will meet if it failed.
 */
async function preparePrime(vault: string, scope: RouteScope, io: NodeIo): Promise<void> {
  const { runPrimeCommand } = await import("./prime-command");
  let said = "";
  const started = Date.now();
  const code = await runPrimeCommand(
    {
      positionals: ["prime", vault],
      flags: new Map<string, string | true>([
        ["scope", scope],
        ["hook", true],
      ]),
    },
    { ...io, out: () => undefined, err: (t) => void (said += t), isTTY: false },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const cached = cacheFolder(io.env) !== null;
  io.err(
    code !== 0
      ? `The session-start hook will fail until this is fixed (kc prime said: ${said.trim()})\n`
      : cached
        ? `Prepared prime's index of ${vault} (${scope} scope) in ${seconds} s: the first session starts from the cache.\n`
        : `Ran prime on ${vault} (${scope} scope) in ${seconds} s; with KC_CACHE=off (or no home folder) every session start builds its index again.\n`,
  );
}

/** The absolute path of this package's dist/cli.mjs: the script running (links resolved), else found from this module. */
function cliPath(): string {
  const script = process.argv[1];
  try {
    if (script && /cli\.mjs$/.test(realpathSync(script))) return realpathSync(script);
  } catch {
    // Not a file: look from this module's own place instead.
  }
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "src", "cli", "main.ts"))) return join(dir, "dist", "cli.mjs");
    if (existsSync(join(dir, "cli.mjs"))) return join(dir, "cli.mjs");
  }
  return resolve("dist", "cli.mjs");
}

/** Copies the file to <file>.kc-backup-<time> (when it exists), then replaces it atomically with the same mode. */
async function writeWithBackup(c: FileChange, io: NodeIo): Promise<void> {
  await mkdir(dirname(c.path), { recursive: true });
  if (c.before !== null) {
    const backup = `${c.path}.kc-backup-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await copyFile(c.path, backup);
    io.err(`Backup: ${backup}\n`);
  }
  const tmp = `${c.path}.${process.pid}.tmp`;
  await writeFile(tmp, c.after, "utf8");
  // ~/.claude.json may be private (mode 600): the new file keeps the old one's permissions.
  if (c.before !== null) await chmod(tmp, (await stat(c.path)).mode & 0o777);
  await rename(tmp, c.path);
  io.err(`Wrote ${c.path}\n`);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
