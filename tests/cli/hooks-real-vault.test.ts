import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { buildCliInto } from "../fakes/build-cli";
import { hashVault } from "../fakes/vault-snapshot";

// A real third-party vault with no knowledge folder and no .obsidian (see ../shared/research-data/README.md), copied:
// the original is never written.
const NOCLOCKS = join(import.meta.dirname, "..", "..", "..", "shared", "research-data", "noclocks-vault");

let dir: string;
let vault: string;
let project: string;
let env: Record<string, string>;

beforeAll(async () => {
  if (!existsSync(NOCLOCKS)) return;
  dir = mkdtempSync(join(tmpdir(), "kc-hooks-real-"));
  vault = join(dir, "noclocks copy");
  project = join(dir, "project");
  cpSync(NOCLOCKS, vault, { recursive: true });
  mkdirSync(project);
  env = { PATH: process.env.PATH ?? "", HOME: join(dir, "home") };
  const cli = await buildCliInto(join(dir, "dist"));
  const r = spawnSync(process.execPath, [cli, "hooks", "install", "--vault", vault, "--project", project, "--shared", "--yes"], { env, encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toContain("has no knowledge folder");
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(NOCLOCKS))("the hooks kc hooks install writes for an ordinary vault (noclocks, 359 notes, copied) run", () => {
  it("the SessionStart command, run as Claude Code runs it (sh -c), exits 0 with a bounded context of the vault's notes", () => {
    const settings = JSON.parse(readFileSync(join(project, ".claude", "settings.json"), "utf8")) as {
      hooks: Record<string, { hooks: { command: string; timeout?: number }[] }[]>;
    };
    const start = settings.hooks.SessionStart![0]!.hooks[0]!;
    expect(start.command).toContain("--scope vault --hook");
    // Install ran prime once: the index the hook needs is already in prime's cache.
    expect(readdirSync(join(env.HOME!, ".cache", "knowledge-compiler")).filter((f) => f.startsWith("router-"))).toHaveLength(1);
    const before = hashVault(vault);
    const r = spawnSync("sh", ["-c", start.command], { env: { ...env, CLAUDE_PROJECT_DIR: project }, input: "{}", encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const context = (JSON.parse(r.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } }).hookSpecificOutput;
    expect(context.hookEventName).toBe("SessionStart");
    expect(context.additionalContext).toMatch(/^# Vault context\n/);
    expect(context.additionalContext.length).toBeGreaterThan(500);
    expect(context.additionalContext.length).toBeLessThanOrEqual(10_000);
    expect(hashVault(vault)).toEqual(before);
  });

  it("the MCP server entry starts and its route answers from the vault's notes", async () => {
    const mcp = JSON.parse(readFileSync(join(project, ".mcp.json"), "utf8")) as { mcpServers: Record<string, { command: string; args: string[] }> };
    const entry = mcp.mcpServers["knowledge-compiler"]!;
    expect(entry.args.slice(-2)).toEqual(["--scope", "vault"]);
    const client = new Client({ name: "kc-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, env, stderr: "ignore" }));
    try {
      const r = (await client.callTool({
        name: "route",
        arguments: { question: "How does the PARA method sort projects, areas, resources and archives?" },
      })) as {
        content: { text: string }[];
        isError?: boolean;
      };
      const text = r.content.map((c) => c.text).join("");
      expect(r.isError, text).not.toBe(true);
      expect(text).toContain("01-SLIPBOX/PARA Method.md");
    } finally {
      await client.close();
    }
  }, 60_000);
});
