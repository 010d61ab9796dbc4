import { existsSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { lockHooks, readOwned, readSettingsFile, replaceIfUnchanged, writeBackup, writeOwned, type SettingsFileState } from "../claude-settings-file";
import { noneOwned, planInstall, planUninstall, shellQuote, type KcHookEntries, type SettingsPlan, type SettingsTarget } from "../claude-settings-merge";
import { diffSettingsText } from "../settings-diff";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { flagString, type ParsedArgs } from "../parse-args";
import process from "node:process";
import { CONFIG_DIR } from "../../node/config-dir";
import { loadVault } from "../../node/load-vault";
import type { RouteScope } from "../../node/router-index";
import { resolveScope } from "../../node/vault-scope";
import { cacheFolder } from "../../node/cache-folder";
import type { Command } from "../run-cli";

/** Help text of `kc hooks`. */
export const HOOKS_HELP = `kc hooks install [--vault <dir>] [--scope knowledge|vault] [--project <dir> [--shared]] [--user] [--yes]
kc hooks uninstall [--project <dir> [--shared]] [--user] [--yes]

Wires Claude Code to the knowledge base: a SessionStart hook that primes each new session (kc prime --hook), a
SessionEnd hook that captures the ending session into today's daily note (kc capture --hook: only that session's new
records) and the MCP server (kc mcp). The hooks call this installed package by absolute path (the node running it
and its dist/kc.cjs), never a name a package registry could resolve to someone else's package.
The entries hold this machine's paths, so by default they go where Claude Code keeps one person's settings for a
project: the hooks in the project's .claude/settings.local.json (personal; Claude Code git-ignores it) and the server
in ~/.claude.json under the project (Claude Code's "local" MCP scope). --shared writes the project's checked-in
.claude/settings.json and .mcp.json instead; --user writes ~/.claude/settings.json and ~/.claude.json for every
project. Every other setting, hook and server is kept byte for byte; shows the diff and asks first (--yes to skip the
question; without a terminal it refuses unless --yes), then reads each file again and makes its change to what the
file holds then; one backup of each changed file is kept beside it (<file>.kc-backup-latest, replaced by the next write).
kc records what it added in knowledge-compiler-hooks.json in Claude Code's folder; uninstall removes exactly that.
  if (prepare) await preparePrime(prepare.vault, prepare.scope, io);

  --vault <dir>     the vault (default: the current folder when it is one, i.e. has .obsidian/)
  --scope <scope>   knowledge: the knowledge articles; vault: every note (default: knowledge when the vault has its
                    knowledge folder, else vault)
  --project <dir>   the project whose settings to change (default: the current folder)
  --shared          the project's shared files (.claude/settings.json, .mcp.json), which are usually checked in
  --user            change your user settings instead (every project)
  --yes             write without asking`;

/** One settings file kc may change: where, which part, and the folder it must stay inside (a project's). */
interface SettingsFile {
  path: string;
  target: SettingsTarget;
  within?: string;
  /** The mode of the file when kc creates it (files in the home are private). */
  newMode: number;
}

/** A file as read and what kc would make of it. */
interface Planned {
  file: SettingsFile;
  state: SettingsFileState;
  plan: SettingsPlan;
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
  const files: SettingsFile[] = [
    { path: settingsFile, target: { key: "hooks", at: [] }, ...(user ? {} : { within: project }), newMode: user ? 0o600 : 0o644 },
    { path: mcpFile, target: { key: "mcpServers", at: mcpAt }, ...(shared ? { within: project } : {}), newMode: shared ? 0o644 : 0o600 },
  ];
  const shown = await planFiles(files, home, entries);
  if (typeof shown === "string") return usage(io, `${shown}; nothing was written. Fix it by hand and run kc hooks ${action} again.`);
  for (const p of shown) for (const note of p.plan.notes) io.err(`${note}\n`);
  const changes = shown.filter(changesFile);
  if (changes.length === 0) {
    io.err(action === "install" ? "Already installed: nothing to change.\n" : "Nothing of kc's to remove.\n");
    if (prepare) await preparePrime(prepare.vault, prepare.scope, io);
    return EXIT.ok;
  }
  for (const c of changes) {
    const word = c.state.text === null ? "NEW    " : "UPDATE ";
    const diff = diffSettingsText(c.state.text ?? "", c.plan.after);
    io.out(`${word} ${c.file.path}\n${diff.map((l) => `  ${l}`).join("\n")}\n\n`);
  }
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
  const lock = await lockHooks(home);
  if (typeof lock === "string") return usage(io, lock);
  try {
    for (const c of changes) {
      const problem = await writeMerged(c, home, entries, io);
      if (problem) return usage(io, `${problem}; ${c.file.path} was not written. Run kc hooks ${action} again.`);
    }
  } finally {
    await lock.release();
  }
  if (prepare) await preparePrime(prepare.vault, prepare.scope, io);
  io.err(
    action === "install"
      ? "Installed. Restart Claude Code (or start a new session) to use them; `/mcp` lists the server. Undo with kc hooks uninstall.\n"
      : "Removed. Restart Claude Code for it to take effect.\n",
  );
  return EXIT.ok;
}

/** True when the plan changes the file's text (uninstalling from an absent file changes nothing). */
function changesFile(p: Planned): boolean {
  return p.plan.after !== (p.state.text ?? "");
}

/** Reads kc's record and each file, and plans the edit (install with entries, else uninstall); a sentence when one cannot be. */
async function planFiles(files: SettingsFile[], home: string, entries: KcHookEntries | null, only?: string): Promise<Planned[] | string> {
  const owned = await readOwned(home);
  if (typeof owned === "string") return owned;
  const out: Planned[] = [];
  for (const file of files) {
    if (only !== undefined && file.path !== only) continue;
    const state = await readSettingsFile(file.path, file.within);
    if (typeof state === "string") return state;
    const mine = owned[file.path] ?? noneOwned();
    const plan = entries ? planInstall(state.text, file.path, file.target, entries, mine) : planUninstall(state.text, file.path, file.target, mine);
    if (typeof plan === "string") return plan;
    out.push({ file, state, plan });
  }
  return out;
}

/**
 * Writes one file under the lock: read again and merged again now (what Claude Code or a person wrote since the diff
 * was shown stays), one backup, the replacement put in place only while the file still reads as merged, then kc's
 * record. A file that keeps changing under it is left alone after a few tries; a sentence says why.
 */
async function writeMerged(shown: Planned, home: string, entries: KcHookEntries | null, io: NodeIo): Promise<string | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const fresh = await planFiles([shown.file], home, entries, shown.file.path);
    if (typeof fresh === "string") return fresh;
    const { file, state, plan } = fresh[0]!;
    if (state.text !== shown.state.text && attempt === 0) io.err(`${file.path} changed since the diff was shown; kc's change was made to what it holds now.\n`);
    if (changesFile(fresh[0]!)) {
      if (state.text !== null) io.err(`Backup: ${await writeBackup(file.path, state)}\n`);
      if ((await replaceIfUnchanged(file.path, state, plan.after, file.newMode)) === "changed") continue;
      io.err(`Wrote ${file.path}\n`);
    }
    const owned = await readOwned(home);
    if (typeof owned === "string") return owned;
    await writeOwned(home, { ...owned, [file.path]: plan.owned });
    return null;
  }
  return `${shown.file.path} kept changing while kc was writing it (is Claude Code running and writing it?)`;
}

/**
 * The commands and server entry for a vault: this node and this package's dist/kc.cjs, by absolute path, quoted;
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

/**
 * The absolute path of this package's entry, dist/kc.cjs: the script running (links resolved; its kc.cjs when that is
 * the older entry, cli.mjs, which only loads kc.cjs), else found from this module.
 */
function cliPath(): string {
  const script = process.argv[1];
  try {
    const real = script ? realpathSync(script) : "";
    if (/[\\/]kc\.cjs$/.test(real)) return real;
    if (/[\\/]cli\.mjs$/.test(real) && existsSync(join(dirname(real), "kc.cjs"))) return join(dirname(real), "kc.cjs");
  } catch {
    // Not a file: look from this module's own place instead.
  }
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "src", "cli", "main.ts"))) return join(dir, "dist", "kc.cjs");
    if (existsSync(join(dir, "kc.cjs"))) return join(dir, "kc.cjs");
  }
  return resolve("dist", "kc.cjs");
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: HOOKS_HELP, run: runHooksCommand };
