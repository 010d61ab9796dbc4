import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import process from "node:process";
import { buildCliInto } from "../fakes/build-cli";
import { ordinaryVaultFiles } from "../fakes/ordinary-vault";

// The Claude Code plugin (claude-plugin/) and its marketplace (.claude-plugin/marketplace.json), without Claude Code:
// `npm run check:plugin` runs Claude Code itself (it needs the registry); this checks what can be checked offline.
const root = join(import.meta.dirname, "..", "..");
const read = (path: string): unknown => JSON.parse(readFileSync(join(root, path), "utf8"));
const pkg = read("package.json") as { version: string };
const plugin = read("claude-plugin/.claude-plugin/plugin.json") as {
  name: string;
  version: string;
  userConfig: Record<string, { type: string; required?: boolean; sensitive?: boolean; default?: string }>;
};
const marketplace = read(".claude-plugin/marketplace.json") as { name: string; plugins: { name: string; source: string; version: string }[] };
interface ExecHook {
  type: string;
  command: string;
  args: string[];
  timeout?: number;
}
const hooks = (read("claude-plugin/hooks/hooks.json") as { hooks: Record<string, { hooks: ExecHook[] }[]> }).hooks;
const servers = (read("claude-plugin/.mcp.json") as { mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }> })
  .mcpServers;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return name === "dist" ? [] : statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe("the Claude Code plugin and its marketplace", () => {
  it("carry the package's version, under a name of their own (Claude Code refuses names that start with claude-)", () => {
    expect(plugin.version).toBe(pkg.version);
    expect(plugin.name).not.toMatch(/^claude-/);
    expect(marketplace.plugins).toEqual([expect.objectContaining({ name: plugin.name, source: "./claude-plugin", version: pkg.version })]);
  });

  it("ask for the vault, the scope (auto by default) and the API key as a sensitive option", () => {
    expect(plugin.userConfig.vault).toMatchObject({ type: "directory", required: true });
    // Required: Claude Code gives hooks only the options that were saved, never a default. No `options` list: Claude
    // Code 2.1.197 refuses the field (kc itself refuses a scope that is none of the three).
    expect(plugin.userConfig.scope).toMatchObject({ type: "string", required: true, default: "auto" });
    expect(plugin.userConfig.scope).not.toHaveProperty("options");
    expect(plugin.userConfig.anthropic_api_key).toMatchObject({ type: "string", sensitive: true, required: false });
  });

  it("run nothing but the CLI they ship, in exec form (no shell parses an option's value), never through npx", () => {
    const all = [...Object.values(hooks).flatMap((groups) => groups.flatMap((g) => g.hooks)), ...Object.values(servers)];
    expect(all).toHaveLength(3);
    for (const h of all) {
      expect(h.command).toBe("node");
      expect(h.args[0]).toBe("${CLAUDE_PLUGIN_ROOT}/dist/kc.cjs");
    }
    expect(hooks.SessionStart![0]!.hooks[0]!.args.slice(1)).toEqual(["prime", "${user_config.vault}", "--scope", "${user_config.scope}", "--hook"]);
    expect(hooks.SessionEnd![0]!.hooks[0]!.args.slice(1)).toEqual(["capture", "${user_config.vault}", "--hook"]);
    expect(servers["knowledge-compiler"]!.args.slice(1)).toEqual(["mcp", "${user_config.vault}", "--scope", "${user_config.scope}"]);
    expect(servers["knowledge-compiler"]!.env).toEqual({ ANTHROPIC_API_KEY: "${user_config.anthropic_api_key}" });
    const texts = [...filesUnder(join(root, "claude-plugin")), join(root, ".claude-plugin", "marketplace.json")].map((f) => [
      relative(root, f),
      readFileSync(f, "utf8"),
    ]);
    expect(texts.filter(([, t]) => /\bnpx\b/.test(t!)).map(([f]) => f)).toEqual([]);
  });

  it("has a skill saying when to route, read, ask and lint", () => {
    const skill = readFileSync(join(root, "claude-plugin", "skills", "knowledge-compiler", "SKILL.md"), "utf8");
    expect(skill).toMatch(/^---\nname: knowledge-compiler\ndescription: Use when .+\n---\n/);
    for (const tool of ["route", "read_article", "ask", "lint_summary", "recent_sessions"]) expect(skill).toContain(`**${tool}**`);
  });

  it("is built into by the release build, checked by check:plugin in the release workflow", () => {
    const config = readFileSync(join(root, "esbuild.config.mjs"), "utf8");
    expect(config).toContain('for (const file of ["kc.cjs", "cli.mjs"]) cpSync(`dist/${file}`, `claude-plugin/dist/${file}`);');
    expect(config).toContain('cpSync("dist/cli-chunks", "claude-plugin/dist/cli-chunks", { recursive: true });');
    expect(readFileSync(join(root, ".github", "workflows", "release.yml"), "utf8")).toContain("- run: npm run check:plugin");
    expect((read("package.json") as { scripts: Record<string, string> }).scripts["check:plugin"]).toBe("npm run build && node scripts/check-plugin.mjs");
  });
});

describe("the plugin's hooks, run as Claude Code runs them (options substituted per argument, no shell)", () => {
  let dir: string;
  let pluginRoot: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "kc-plugin-hooks-"));
    pluginRoot = join(dir, "plugin");
    cpSync(join(root, "claude-plugin"), pluginRoot, { recursive: true, filter: (src) => !src.includes(`${join("claude-plugin", "dist")}`) });
    await buildCliInto(join(pluginRoot, "dist"));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const substitute = (arg: string, options: Record<string, string>): string =>
    arg.replaceAll("${CLAUDE_PLUGIN_ROOT}", pluginRoot).replace(/\$\{user_config\.(\w+)\}/g, (_, key: string) => {
      if (!(key in options)) throw new Error(`option ${key} is not set`);
      return options[key]!;
    });
  const run = (hook: ExecHook, options: Record<string, string>, input: string) =>
    spawnSync(
      process.execPath,
      hook.args.map((a) => substitute(a, options)),
      {
        env: { PATH: process.env.PATH ?? "", HOME: join(dir, "home"), CLAUDE_PROJECT_DIR: join(dir, "project") },
        input,
        encoding: "utf8",
      },
    );

  it("SessionStart primes from every note of a vault with a quote and a space in its name (scope auto), within the hook's cap", () => {
    const vault = join(dir, "Ada's vault");
    for (const [p, text] of Object.entries(ordinaryVaultFiles())) {
      mkdirSync(join(vault, p, ".."), { recursive: true });
      writeFileSync(join(vault, p), text);
    }
    const r = run(hooks.SessionStart![0]!.hooks[0]!, { vault, scope: "auto" }, "{}");
    expect(r.status, r.stderr).toBe(0);
    const context = (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
    expect(context).toMatch(/^# Vault context/);
    expect(context.length).toBeLessThanOrEqual(10_000);
    expect(r.stderr).toContain("has no knowledge folder");
  });

  it("SessionEnd captures nothing from a session too short to keep, and exits at once", () => {
    const transcript = join(dir, "t.jsonl");
    writeFileSync(transcript, "");
    const vault = join(dir, "demo vault");
    cpSync(join(root, "examples", "demo-vault"), vault, { recursive: true });
    const started = Date.now();
    const r = run(hooks.SessionEnd![0]!.hooks[0]!, { vault }, JSON.stringify({ transcript_path: transcript, hook_event_name: "SessionEnd", reason: "exit" }));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain("0 session entries appended");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
