import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setTimeout as sleepFor } from "node:timers";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runKc } from "../fakes/run-kc";
import { CONFIG_DIR } from "../fakes/config-dir";

let root: string;
let project: string;
let vault: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "kc-hooks-"));
  project = join(root, "project");
  vault = join(root, "my vault's notes");
  home = join(root, "home");
  // A vault with its knowledge folder (the knowledge scope, the commands' default); one without is tested below.
  for (const d of [join(project, ".claude"), join(vault, CONFIG_DIR), join(vault, "knowledge"), join(home, ".claude")]) mkdirSync(d, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const OTHER_SETTINGS = {
  permissions: { allow: ["Bash(npm test:*)"] },
  hooks: {
    SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: "echo hello" }] }],
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./check.sh" }] }],
  },
};
const OTHER_MCP = { mcpServers: { github: { command: "gh-mcp", args: ["--stdio"] } } };

const settingsFile = () => join(project, ".claude", "settings.json");
const mcpFile = () => join(project, ".mcp.json");
/** The parts of Claude Code's settings.json, .mcp.json and ~/.claude.json that these tests read. */
interface ClaudeJson {
  hooks?: Record<string, { hooks: { command: string }[] }[]>;
  permissions?: unknown;
  mcpServers?: Record<string, unknown>;
  numStartups?: number;
  projects?: unknown;
}
const json = (path: string) => JSON.parse(readFileSync(path, "utf8")) as ClaudeJson;
// Most tests write the project's shared files (--shared): the default, personal files are tested on their own below.
const install = (...extra: string[]) => runKc(["hooks", "install", "--project", project, "--shared", "--vault", vault, ...extra], { HOME: home });
const uninstall = (...extra: string[]) => runKc(["hooks", "uninstall", "--project", project, "--shared", ...extra], { HOME: home });
const commands = (s: ClaudeJson, event: string): string[] => (s.hooks?.[event] ?? []).flatMap((g) => g.hooks.map((h) => h.command));

describe("kc hooks install", () => {
  it("adds the prime and capture hooks and the MCP server beside the other settings, by absolute path, with backups", async () => {
    writeFileSync(settingsFile(), JSON.stringify(OTHER_SETTINGS, null, 2) + "\n");
    writeFileSync(mcpFile(), JSON.stringify(OTHER_MCP, null, 2) + "\n");
    const r = await install("--yes");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`UPDATE  ${settingsFile()}`);
    expect(r.out).toMatch(/^ {2}\+ .*SessionEnd/m);
    const s = json(settingsFile());
    expect(s.permissions).toEqual(OTHER_SETTINGS.permissions);
    expect(s.hooks!.PreToolUse).toEqual(OTHER_SETTINGS.hooks.PreToolUse);
    expect(s.hooks!.SessionStart![0]).toEqual(OTHER_SETTINGS.hooks.SessionStart[0]);
    const [prime] = commands(s, "SessionStart").slice(1);
    const [capture] = commands(s, "SessionEnd");
    const quotedVault = `'${vault.replace(/'/g, `'\\''`)}'`;
    const cli = /^'[^']*' '([^']*)'/.exec(prime!)?.[1] ?? "";
    expect(cli).toMatch(/^\/.*\/kc\.cjs$/);
    expect(prime).toBe(`'${process.execPath}' '${cli}' prime ${quotedVault} --hook`);
    expect(capture).toContain(`capture ${quotedVault} --hook`);
    for (const c of [prime!, capture!]) expect(c).not.toMatch(/\bnpx\b/);
    const m = json(mcpFile());
    expect(m.mcpServers!.github).toEqual(OTHER_MCP.mcpServers.github);
    expect(m.mcpServers!["knowledge-compiler"]).toEqual({
      type: "stdio",
      command: process.execPath,
      args: [expect.stringMatching(/^\/.*kc\.cjs$/), "mcp", vault],
    });
    const backups = readdirSync(join(project, ".claude")).filter((f) => f.startsWith("settings.json.kc-backup-"));
    expect(backups).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(project, ".claude", backups[0]!), "utf8"))).toEqual(OTHER_SETTINGS);
  });

  it("installed twice adds nothing the second time (no duplicate hooks or servers)", async () => {
    writeFileSync(settingsFile(), JSON.stringify(OTHER_SETTINGS, null, 2) + "\n");
    await install("--yes");
    const once = readFileSync(settingsFile(), "utf8");
    const again = await install("--yes");
    expect(again.code).toBe(0);
    expect(again.err).toContain("Already installed");
    expect(readFileSync(settingsFile(), "utf8")).toBe(once);
    expect(commands(json(settingsFile()), "SessionEnd")).toHaveLength(1);
    expect(commands(json(settingsFile()), "SessionStart")).toHaveLength(2);
  });

  it("refuses a settings file that is not JSON and writes nothing", async () => {
    writeFileSync(settingsFile(), '{ "hooks": { "SessionStart": [ }');
    writeFileSync(mcpFile(), JSON.stringify(OTHER_MCP));
    const r = await install("--yes");
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${settingsFile()} is not valid JSON`);
    expect(r.err).toContain("nothing was written");
    expect(readFileSync(settingsFile(), "utf8")).toBe('{ "hooks": { "SessionStart": [ }');
    expect(readFileSync(mcpFile(), "utf8")).toBe(JSON.stringify(OTHER_MCP));
    expect(readdirSync(join(project, ".claude"))).toEqual(["settings.json"]);
  });

  it("without a terminal and without --yes shows the diff, refuses and writes nothing; asks on a terminal", async () => {
    const r = await install();
    expect(r.code).toBe(2);
    expect(r.out).toContain(`NEW     ${settingsFile()}`);
    expect(r.err).toContain("Run again with --yes");
    expect(existsSync(settingsFile())).toBe(false);
    expect(existsSync(mcpFile())).toBe(false);
    const asked: string[] = [];
    const no = await runKc(
      ["hooks", "install", "--project", project, "--shared", "--vault", vault],
      { HOME: home },
      (q) => (asked.push(q), Promise.resolve(false)),
    );
    expect(no.code).toBe(0);
    expect(asked).toHaveLength(1);
    expect(existsSync(settingsFile())).toBe(false);
  });

  it("writes the user's settings and ~/.claude.json with --user, keeping its other keys", async () => {
    writeFileSync(join(home, ".claude.json"), JSON.stringify({ numStartups: 3, mcpServers: {}, projects: { "/x": { mcpServers: { a: { command: "a" } } } } }));
    const r = await runKc(["hooks", "install", "--user", "--vault", vault, "--yes"], { HOME: home });
    expect(r.code, r.err).toBe(0);
    expect(commands(json(join(home, ".claude", "settings.json")), "SessionStart")).toHaveLength(1);
    const user = json(join(home, ".claude.json"));
    expect(user.numStartups).toBe(3);
    expect(user.projects).toEqual({ "/x": { mcpServers: { a: { command: "a" } } } });
    expect(Object.keys(user.mcpServers!)).toEqual(["knowledge-compiler"]);
  });
});

describe("kc hooks install --project without --shared", () => {
  const localFile = () => join(project, ".claude", "settings.local.json");
  const userJson = () => join(home, ".claude.json");
  const personal = (action: "install" | "uninstall") =>
    runKc(["hooks", action, "--project", project, ...(action === "install" ? ["--vault", vault] : []), "--yes"], { HOME: home });

  it("puts this machine's paths in the personal files, never in the files a project checks in", async () => {
    writeFileSync(settingsFile(), JSON.stringify(OTHER_SETTINGS, null, 2) + "\n");
    writeFileSync(mcpFile(), JSON.stringify(OTHER_MCP, null, 2) + "\n");
    writeFileSync(userJson(), JSON.stringify({ numStartups: 3, projects: { [project]: { allowedTools: [] }, "/x": { mcpServers: { a: { command: "a" } } } } }));
    const r = await personal("install");
    expect(r.code, r.err).toBe(0);
    expect(json(settingsFile())).toEqual(OTHER_SETTINGS);
    expect(json(mcpFile())).toEqual(OTHER_MCP);
    expect(commands(json(localFile()), "SessionStart")).toEqual([expect.stringMatching(/kc\.cjs' prime /)]);
    expect(commands(json(localFile()), "SessionEnd")).toEqual([expect.stringMatching(/kc\.cjs' capture /)]);
    const user = json(userJson()) as ClaudeJson & { projects: Record<string, { mcpServers?: Record<string, unknown>; allowedTools?: unknown }> };
    expect(user.numStartups).toBe(3);
    expect(user.mcpServers).toBeUndefined();
    expect(user.projects["/x"]).toEqual({ mcpServers: { a: { command: "a" } } });
    expect(user.projects[project]!.allowedTools).toEqual([]);
    expect(user.projects[project]!.mcpServers!["knowledge-compiler"]).toEqual({
      type: "stdio",
      command: process.execPath,
      args: [expect.stringMatching(/kc\.cjs$/), "mcp", vault],
    });
  });

  it("is undone by uninstall, which leaves the other projects and keys as they were", async () => {
    const before = JSON.stringify({ numStartups: 3, projects: { "/x": { mcpServers: { a: { command: "a" } } } } }, null, 2) + "\n";
    writeFileSync(userJson(), before);
    await personal("install");
    expect(Object.keys((json(userJson()) as { projects: object }).projects)).toEqual(["/x", project]);
    const r = await personal("uninstall");
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(userJson(), "utf8")).toBe(before);
    expect(json(localFile()).hooks).toBeUndefined();
  });

  it("refuses a ~/.claude.json whose project entry is not an object, writing nothing", async () => {
    writeFileSync(userJson(), JSON.stringify({ projects: { [project]: 7 } }));
    const r = await personal("install");
    expect(r.code).toBe(2);
    expect(r.err).toContain("nothing was written");
    expect(existsSync(localFile())).toBe(false);
  });
});

describe("kc hooks uninstall", () => {
  it("removes exactly what install added: the files' other contents come back as they were", async () => {
    const settingsText = JSON.stringify(OTHER_SETTINGS, null, 2) + "\n";
    const mcpText = JSON.stringify(OTHER_MCP, null, 2) + "\n";
    writeFileSync(settingsFile(), settingsText);
    writeFileSync(mcpFile(), mcpText);
    await install("--yes");
    const r = await uninstall("--yes");
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(settingsFile(), "utf8")).toBe(settingsText);
    expect(readFileSync(mcpFile(), "utf8")).toBe(mcpText);
    const none = await uninstall("--yes");
    expect(none.err).toContain("Nothing of kc's to remove");
  });

  it("leaves a hook that only looks similar, and a server of the same name that runs something else", async () => {
    const mine = { hooks: { SessionStart: [{ hooks: [{ type: "command", command: "kc prime ~/vault --hook" }] }] } };
    writeFileSync(settingsFile(), JSON.stringify(mine));
    writeFileSync(mcpFile(), JSON.stringify({ mcpServers: { "knowledge-compiler": { command: "other", args: ["serve"] } } }));
    const r = await uninstall("--yes");
    expect(r.err).toContain("Nothing of kc's to remove");
    expect(json(settingsFile())).toEqual(mine);
  });
});

describe("kc hooks install on a vault without a knowledge folder", () => {
  const ordinary = () => {
    rmSync(join(vault, "knowledge"), { recursive: true });
    writeFileSync(join(vault, "Garden.md"), "# Garden\n\nDrain the drip lines before the first frost.\n");
  };

  it("picks the whole-vault scope, says so, and writes it into prime and the MCP server (capture needs none)", async () => {
    ordinary();
    const r = await install("--yes");
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`${vault} has no knowledge folder ("knowledge", from the default), so every note of the vault is used (--scope vault).`);
    const s = json(settingsFile());
    expect(commands(s, "SessionStart")).toEqual([expect.stringMatching(/kc\.cjs' prime '.*' --scope vault --hook$/)]);
    expect(commands(s, "SessionEnd")).toEqual([expect.stringMatching(/kc\.cjs' capture '.*' --hook$/)]);
    expect((json(mcpFile()).mcpServers!["knowledge-compiler"] as { args: string[] }).args.slice(1)).toEqual(["mcp", vault, "--scope", "vault"]);
    // What install wrote, uninstall finds and removes.
    expect((await uninstall("--yes")).code).toBe(0);
    expect(json(settingsFile()).hooks).toBeUndefined();
    expect(json(mcpFile()).mcpServers).toBeUndefined();
  });

  it("takes --scope, and refuses a scope that is neither (writing nothing) and --scope on uninstall", async () => {
    ordinary();
    const bad = await install("--scope", "everything", "--yes");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--scope must be knowledge or vault, not "everything"');
    expect(existsSync(settingsFile())).toBe(false);
    expect((await uninstall("--scope", "vault", "--yes")).code).toBe(2);
    const knowledge = await install("--scope", "knowledge", "--yes");
    expect(knowledge.code, knowledge.err).toBe(0);
    expect(knowledge.err).not.toContain("no knowledge folder");
    expect(commands(json(settingsFile()), "SessionStart")[0]).toMatch(/ prime '.*' --hook$/);
    // The knowledge scope on a vault without the folder: the hook would fail, and install says so now.
    expect(knowledge.err).toContain("The session-start hook will fail until this is fixed");
    expect(knowledge.err).toContain('The knowledge folder "knowledge"');
  });

  it("runs prime once at install, so the session-start hook finds its index in the cache", async () => {
    ordinary();
    // Notes changed within two seconds of a run are read again at the next (an edit in the same second keeps size and
    // mtime): a person's notes are older than that.
    await new Promise((r) => sleepFor(r, 2_100));
    const r = await install("--yes");
    expect(r.err).toMatch(/Prepared prime's index of .* \(vault scope\) in \d+\.\d s/);
    const cache = join(home, ".cache", "knowledge-compiler");
    const files = readdirSync(cache).filter((f) => /^router-.*\.jsonl$/.test(f));
    expect(files).toHaveLength(1);
    const built = statSync(join(cache, files[0]!)).mtimeMs;
    // Installed again: nothing to change, and the index is found, not built again.
    const again = await install("--yes");
    expect(again.err).toContain("Already installed");
    expect(again.err).toContain("Prepared prime's index");
    expect(statSync(join(cache, files[0]!)).mtimeMs).toBe(built);
  });
});
