import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { parse } from "jsonc-parser/lib/esm/main.js";
import { runKc } from "../fakes/run-kc";
import { CONFIG_DIR } from "../fakes/config-dir";

// Issue 32, class 7 and findings 2–4: Claude Code's settings files are edited as a person would edit them.

let root: string;
let project: string;
let vault: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "kc-hooks-edit-"));
  project = join(root, "project");
  vault = join(root, "vault");
  home = join(root, "home");
  for (const d of [join(project, ".claude"), join(vault, CONFIG_DIR), join(home, ".claude")]) mkdirSync(d, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const userJson = () => join(home, ".claude.json");
const localFile = () => join(project, ".claude", "settings.local.json");
const sharedSettings = () => join(project, ".claude", "settings.json");
const mcpFile = () => join(project, ".mcp.json");
const personal = (action: "install" | "uninstall", ...extra: string[]) =>
  runKc(["hooks", action, "--project", project, ...(action === "install" ? ["--vault", vault] : []), "--yes", ...extra], { HOME: home });
const shared = (action: "install" | "uninstall", ...extra: string[]) =>
  runKc(["hooks", action, "--project", project, "--shared", ...(action === "install" ? ["--vault", vault] : []), "--yes", ...extra], { HOME: home });
const read = (p: string) => readFileSync(p, "utf8");
type Servers = Record<string, { command?: string; args?: string[]; env?: Record<string, string> }>;
const projectServers = (): Servers => (parse(read(userJson())) as { projects: Record<string, { mcpServers: Servers }> }).projects[project]?.mcpServers ?? {};

describe("settings merged at write time (issue 32, finding 2)", () => {
  it("keeps what Claude Code wrote to ~/.claude.json while the diff was on screen", async () => {
    writeFileSync(userJson(), JSON.stringify({ numStartups: 3, projects: {} }, null, 2) + "\n", { mode: 0o600 });
    const r = await runKc(["hooks", "install", "--project", project, "--vault", vault], { HOME: home }, () => {
      // Claude Code, meanwhile: a login and a start-up counter.
      writeFileSync(userJson(), JSON.stringify({ numStartups: 4, oauthAccount: { emailAddress: "a@b.c" }, projects: {} }, null, 2) + "\n");
      return Promise.resolve(true);
    });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("changed since the diff was shown");
    const now = JSON.parse(read(userJson())) as { numStartups: number; oauthAccount: unknown };
    expect(now.numStartups).toBe(4);
    expect(now.oauthAccount).toEqual({ emailAddress: "a@b.c" });
    expect(projectServers()["knowledge-compiler"]?.args?.[1]).toBe("mcp");
  });
});

describe("formatting, key order and comments kept (issue 32: uninstall gives the files back as they were)", () => {
  const layouts: [string, string][] = [
    ["two spaces", JSON.stringify({ b: 1, a: { z: [1, 2], y: "x" }, projects: { "/x": { allowedTools: [] } } }, null, 2) + "\n"],
    ["tabs", JSON.stringify({ b: 1, a: { z: [1, 2] }, projects: {} }, null, "\t") + "\n"],
    ["one line", JSON.stringify({ b: 1, a: { z: [1, 2] } })],
    ["one line with spaces", '{"b": 1, "a": {"z": [1, 2]}}'],
    ["CRLF and four spaces", (JSON.stringify({ b: 1, projects: { "/x": {} } }, null, 4) + "\n").replace(/\n/g, "\r\n")],
    ["comments and a compact object", '{\n  // who I am\n  "b": 1, /* inline */\n  "projects": { "/x": { "a": 1 } }\n}\n'],
    ["no final newline", '{\n  "b": 1\n}'],
  ];

  it.each(layouts)("%s: install adds only kc's lines; uninstall gives the file back byte for byte", async (_name, text) => {
    writeFileSync(userJson(), text);
    writeFileSync(localFile(), text);
    expect((await personal("install")).code).toBe(0);
    for (const f of [userJson(), localFile()]) {
      const after = read(f);
      // Every byte of the file before is still there, in order (kc only inserted).
      let i = 0;
      for (const ch of after) if (ch === text[i]) i++;
      expect(i, f).toBe(text.length);
    }
    expect(projectServers()["knowledge-compiler"]).toBeDefined();
    const r = await personal("uninstall");
    expect(r.code, r.err).toBe(0);
    expect(read(userJson())).toBe(text);
    expect(read(localFile())).toBe(text);
  });

  it("leaves a person's other servers, hooks and comments between its own entries as they were", async () => {
    const text = `{
  "hooks": {
    // mine
    "SessionStart": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }]
  }
}
`;
    writeFileSync(sharedSettings(), text);
    await shared("install");
    expect(read(sharedSettings())).toContain(`// mine\n    "SessionStart": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }`);
    await shared("uninstall");
    expect(read(sharedSettings())).toBe(text);
  });
});

describe("kc owns exactly what it added (issue 32, class 7)", () => {
  it("a second install keeps the env a person added to kc's MCP entry, and updates only kc's fields", async () => {
    await personal("install");
    const text = read(userJson()).replace(/("args": \[[^\]]*\])/, `$1,\n          "env": { "ANTHROPIC_API_KEY": "sk-mine" }`);
    writeFileSync(userJson(), text);
    expect(projectServers()["knowledge-compiler"]?.env).toEqual({ ANTHROPIC_API_KEY: "sk-mine" });
    const other = join(root, "other vault");
    mkdirSync(join(other, CONFIG_DIR), { recursive: true });
    // A vault with a knowledge base, so the hooks keep the default scope (a vault without one gets --scope vault).
    mkdirSync(join(other, "knowledge"), { recursive: true });
    const r = await runKc(["hooks", "install", "--project", project, "--vault", other, "--yes"], { HOME: home });
    expect(r.code, r.err).toBe(0);
    const entry = projectServers()["knowledge-compiler"]!;
    expect(entry.env).toEqual({ ANTHROPIC_API_KEY: "sk-mine" });
    expect(entry.args?.[2]).toBe(other);
    const hooks = JSON.parse(read(localFile())) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    expect(hooks.hooks.SessionStart).toHaveLength(1);
    expect(hooks.hooks.SessionStart![0]!.hooks[0]!.command).toContain("/other vault' --hook");
  });

  it("uninstalling one project leaves another project's server and the user's own (one ~/.claude.json holds them all)", async () => {
    const text = JSON.stringify({ numStartups: 2, projects: {} }, null, 2) + "\n";
    writeFileSync(userJson(), text);
    const other = join(root, "other project");
    mkdirSync(other);
    expect((await runKc(["hooks", "install", "--project", other, "--vault", vault, "--yes"], { HOME: home })).code).toBe(0);
    expect((await runKc(["hooks", "install", "--user", "--vault", vault, "--yes"], { HOME: home })).code).toBe(0);
    const withBoth = read(userJson());
    expect((await personal("install")).code).toBe(0);
    const u = await personal("uninstall");
    expect(u.code, u.err).toBe(0);
    expect(read(userJson())).toBe(withBoth);
    expect((await runKc(["hooks", "uninstall", "--project", other, "--yes"], { HOME: home })).code).toBe(0);
    expect((await runKc(["hooks", "uninstall", "--user", "--yes"], { HOME: home })).code).toBe(0);
    expect(read(userJson())).toBe(text);
  });

  it("never replaces or removes a server the person had named knowledge-compiler themselves", async () => {
    const mine = { command: process.execPath, args: ["/opt/kc/dist/cli.mjs", "mcp", "/my/vault"], env: { X: "1" } };
    const text = JSON.stringify({ projects: { [project]: { mcpServers: { "knowledge-compiler": mine } } } }, null, 2) + "\n";
    writeFileSync(userJson(), text);
    const r = await personal("install");
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`Kept the server "knowledge-compiler" already in ${userJson()}`);
    expect(read(userJson())).toBe(text);
    expect(existsSync(localFile())).toBe(true);
    const u = await personal("uninstall");
    expect(u.code, u.err).toBe(0);
    expect(read(userJson())).toBe(text);
  });

  it("leaves a hook the person copied from kc's own command when kc did not add it", async () => {
    await shared("install");
    const installed = read(sharedSettings());
    const command = (JSON.parse(installed) as { hooks: { SessionEnd: { hooks: { command: string }[] }[] } }).hooks.SessionEnd[0]!.hooks[0]!.command;
    await shared("uninstall");
    const copy = JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ type: "command", command }] }] } }, null, 2) + "\n";
    writeFileSync(sharedSettings(), copy);
    await shared("install");
    // Not doubled, and not claimed: uninstall leaves it.
    expect((JSON.parse(read(sharedSettings())) as { hooks: { SessionEnd: unknown[] } }).hooks.SessionEnd).toHaveLength(1);
    await shared("uninstall");
    expect(read(sharedSettings())).toBe(copy);
  });
});

describe("one backup, named in the output (issue 32: backups piling up)", () => {
  it("keeps one backup per file, replaced by each write, with the file's own mode", async () => {
    writeFileSync(userJson(), JSON.stringify({ numStartups: 1 }, null, 2) + "\n", { mode: 0o600 });
    chmodSync(userJson(), 0o600);
    const first = await personal("install");
    expect(first.err).toContain(`Backup: ${userJson()}.kc-backup-latest`);
    await personal("uninstall");
    await personal("install");
    const backups = readdirSync(home).filter((f) => f.includes("kc-backup"));
    expect(backups).toEqual([".claude.json.kc-backup-latest"]);
    expect(statSync(join(home, backups[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(userJson()).mode & 0o777).toBe(0o600);
  });
});

describe("only regular files inside their folder are read and written (issue 32: no symlink followed out)", () => {
  it("refuses a project's .mcp.json that links to ~/.claude.json, writing nothing", async () => {
    const secret = JSON.stringify({ oauthAccount: { token: "secret" } });
    writeFileSync(userJson(), secret, { mode: 0o600 });
    symlinkSync(userJson(), mcpFile());
    const r = await shared("install");
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${mcpFile()} is a symbolic link`);
    expect(read(userJson())).toBe(secret);
    expect(existsSync(sharedSettings())).toBe(false);
  });

  it("refuses a project whose .claude folder links out of it", async () => {
    rmSync(join(project, ".claude"), { recursive: true });
    mkdirSync(join(root, "elsewhere"));
    symlinkSync(join(root, "elsewhere"), join(project, ".claude"));
    const r = await shared("install");
    expect(r.code).toBe(2);
    expect(r.err).toContain("lies outside");
    expect(readdirSync(join(root, "elsewhere"))).toEqual([]);
  });

  it("refuses a FIFO in a settings file's place without waiting on it", async () => {
    execFileSync("mkfifo", [sharedSettings()]);
    const r = await shared("install");
    expect(r.code).toBe(2);
    expect(r.err).toContain("is not a regular file");
  });
});
