import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELECT_SYSTEM_PROMPT } from "../../src/core/route/select-articles";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { buildCliInto } from "../fakes/build-cli";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { CONFIG_DIR } from "../fakes/config-dir";

const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
let dir: string;
let cli: string;
let vault: string;
let server: LoopbackServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-mcp-"));
  cli = await buildCliInto(join(dir, "dist"));
  vault = join(dir, "vault");
  cpSync(DEMO, vault, { recursive: true });
  writeFileSync(join(dir, "secret.md"), "# Secret outside the vault\n");
  symlinkSync(join(dir, "secret.md"), join(vault, "knowledge", "concepts", "leak.md"));
  mkdirSync(join(vault, CONFIG_DIR), { recursive: true });
  writeFileSync(join(vault, CONFIG_DIR, "app.json"), "{}");
  server = await startLoopbackAnthropic();
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `kc mcp` from the built bundle as a child process and connects the SDK's own client over stdio. */
async function connect(args: string[], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, "mcp", ...args],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "ignore",
  });
  const client = new Client({ name: "kc-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const r = (await client.callTool({ name, arguments: args })) as { content: { type: string; text: string }[]; isError?: boolean };
  return { text: r.content.map((c) => c.text).join(""), isError: r.isError === true };
}

describe("kc mcp over stdio", () => {
  it("lists its five tools, each with a description saying when to use it", async () => {
    const client = await connect([vault]);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["ask", "lint_summary", "read_article", "recent_sessions", "route"]);
    for (const t of tools) expect(t.description).toMatch(/^Use /);
    expect(tools.every((t) => "max_chars" in (t.inputSchema.properties ?? {}))).toBe(true);
    await client.close();
  }, 30_000);

  it("routes an in-domain question to its articles and says an out-of-domain one is not covered", async () => {
    const client = await connect([vault]);
    const hit = await call(client, "route", { question: "How long does the app wait between upload retries on a bad train connection?" });
    expect(hit.isError).toBe(false);
    expect(hit.text).toContain("path: knowledge/concepts/retry-with-backoff.md");
    expect(hit.text).toMatch(/TLDR: Failed uploads are retried up to 5 times/);
    expect(hit.text).toMatch(/why: match #\d/);
    const miss = await call(client, "route", { question: "Which migration routes do Arctic terns follow in winter?" });
    expect(miss.isError).toBe(false);
    expect(miss.text).toContain("No article in the knowledge base covers this question");
    expect(miss.text).not.toContain("path:");
    await client.close();
  }, 30_000);

  it("reads an article by path or title, within max_chars, and the rest from an offset", async () => {
    const client = await connect([vault]);
    const whole = readFileSync(join(vault, "knowledge", "concepts", "retry-with-backoff.md"), "utf8");
    const byPath = await call(client, "read_article", { path: "knowledge/concepts/retry-with-backoff" });
    expect(byPath.text).toContain(whole);
    const byTitle = await call(client, "read_article", { title: "Retry with backoff" });
    expect(byTitle.text).toContain("path: knowledge/concepts/retry-with-backoff.md");
    const cut = await call(client, "read_article", { path: "knowledge/concepts/retry-with-backoff.md", max_chars: 400 });
    expect(cut.text.length).toBeLessThanOrEqual(400);
    const offset = Number(/offset (\d+)/.exec(cut.text)?.[1]);
    const rest = await call(client, "read_article", { path: "knowledge/concepts/retry-with-backoff.md", offset });
    expect(whole.slice(0, offset) + rest.text.slice(rest.text.indexOf("\n\n") + 2)).toBe(whole);
    await client.close();
  }, 30_000);

  it("refuses paths outside the knowledge folder, hidden and config files, and links that lead out", async () => {
    const client = await connect([vault]);
    for (const [path, why] of [
      ["daily/2026-09-21.md", "outside the knowledge folder"],
      ["../secret.md", "leads outside"],
      [join(dir, "secret.md"), "not a path inside the vault"],
      [`${CONFIG_DIR}/app.json`, "hidden or configuration file"],
      ["knowledge/concepts/leak.md", "No note at"],
    ] as const) {
      const r = await call(client, "read_article", { path });
      expect(r.isError, path).toBe(true);
      expect(r.text, path).toContain(why);
      expect(r.text).not.toContain("Secret outside the vault");
    }
    await client.close();
  }, 30_000);

  it("reads any note but still no link leading out of the vault with --scope vault", async () => {
    const client = await connect([vault, "--scope", "vault"]);
    const daily = readdirSync(join(vault, "daily"))[0]!;
    expect((await call(client, "read_article", { path: `daily/${daily}` })).isError).toBe(false);
    const leak = await call(client, "read_article", { path: "knowledge/concepts/leak.md" });
    expect(leak.isError).toBe(true);
    expect(leak.text).not.toContain("Secret outside the vault");
    await client.close();
  }, 30_000);

  it("answers a missing vault with a tool error naming the path and the fix, and keeps serving", async () => {
    const missing = join(dir, "no-such-vault");
    const client = await connect([missing]);
    const r = await call(client, "route", { question: "How do uploads retry?" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(`No such folder: ${missing}`);
    expect(r.text).toContain(".mcp.json");
    expect((await call(client, "lint_summary", {})).isError).toBe(true);
    await client.close();
  }, 30_000);

  it("sums up lint for the base and for one note", async () => {
    const client = await connect([vault]);
    const all = await call(client, "lint_summary", { top: 3 });
    expect(all.text).toMatch(/^\d+ findings in the knowledge base: \d+ error/);
    expect(all.text.match(/^- /gm)).toHaveLength(3);
    const one = await call(client, "lint_summary", { note: "knowledge/concepts/offline-search.md" });
    expect(one.text).toContain("in knowledge/concepts/offline-search.md");
    expect(
      one.text
        .split("\n")
        .filter((l) => l.startsWith("- "))
        .every((l) => l.includes("knowledge/concepts/offline-search.md")),
    ).toBe(true);
    await client.close();
  }, 30_000);

  it("shows the project's recent captured sessions, and says so when there are none", async () => {
    const day = join(vault, "daily", "2026-11-20.md");
    writeFileSync(day, "# 2026-11-20\n\n### Session (09:00) - Fix the upload retry\n- Project: `field-app`\n- Asked: why do retries pile up\n");
    const client = await connect([vault], { CLAUDE_PROJECT_DIR: join(dir, "field-app") });
    const r = await call(client, "recent_sessions", {});
    expect(r.text).toContain("### Session (09:00) - Fix the upload retry");
    const none = await call(client, "recent_sessions", { project: "other-app" });
    expect(none.text).toContain('No captured session of project "other-app"');
    rmSync(day);
    await client.close();
  }, 30_000);

  it("asks through the Messages API with only the routed articles and states tokens and cost", async () => {
    server.replies.push({
      kind: "text",
      text: "Up to 5 retries, 1 to 16 s apart [[knowledge/concepts/retry-with-backoff]].",
      usage: { input: 900, output: 20 },
    });
    // The test model has no list price: the person's price for it, as the plugin's settings keep it.
    const plugin = join(vault, CONFIG_DIR, "plugins", "ckp-knowledge-compiler");
    mkdirSync(plugin, { recursive: true });
    writeFileSync(join(plugin, "data.json"), JSON.stringify({ ask: { selectWithModel: false, priceOverrides: { "claude-test": { input: 2, output: 10 } } } }));
    const client = await connect([vault], { ANTHROPIC_BASE_URL: server.baseUrl, ANTHROPIC_API_KEY: "sk-test", KC_MODEL: "claude-test" });
    const r = await call(client, "ask", { question: "How long does the app wait between upload retries on a bad train connection?" });
    expect(r.isError).toBe(false);
    expect(r.text).toContain("[[knowledge/concepts/retry-with-backoff]]");
    expect(r.text).toMatch(/900 input \+ 20 output tokens .*\$0\.\d+ with claude-test/);
    expect(server.requests).toHaveLength(1);
    const before = server.requests.length;
    const miss = await call(client, "ask", { question: "Which migration routes do Arctic terns follow in winter?" });
    expect(miss.text).toContain("Not in the knowledge base");
    expect(server.requests).toHaveLength(before);
    await client.close();
  }, 30_000);

  it("asks as the panel and kc ask do: the selection call first when the setting is on (its default)", async () => {
    const plugin = join(vault, CONFIG_DIR, "plugins", "ckp-knowledge-compiler");
    mkdirSync(plugin, { recursive: true });
    writeFileSync(join(plugin, "data.json"), "{}");
    server.requests.length = 0;
    server.replies.length = 0;
    server.replies.push(
      { kind: "tool", name: "choose_articles", input: { articles: ["a1"], covered: true } },
      { kind: "text", text: "Up to 5 retries [[knowledge/concepts/retry-with-backoff]].", usage: { input: 500, output: 10 } },
    );
    const client = await connect([vault], { ANTHROPIC_BASE_URL: server.baseUrl, ANTHROPIC_API_KEY: "sk-test" });
    const r = await call(client, "ask", { question: "How long does the app wait between upload retries on a bad train connection?" });
    expect(r).toMatchObject({ isError: false });
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[0]!.body.system)).toContain(SELECT_SYSTEM_PROMPT.slice(0, 40));
    expect(server.requests[0]!.body.model).toBe("claude-haiku-5-5");
    await client.close();
  }, 30_000);

  it("says what to set when ask has no key, as a tool error", async () => {
    const client = await connect([vault]);
    const r = await call(client, "ask", { question: "How long does the app wait between upload retries?" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("ANTHROPIC_API_KEY");
    expect(r.text).toContain('"env"');
    await client.close();
  }, 30_000);
});

describe("the CLI bundle", () => {
  it("holds the MCP SDK only in the bundle kc mcp runs", () => {
    expect(readFileSync(cli, "utf8")).not.toContain("notifications/initialized");
    const chunks = readdirSync(join(dir, "dist", "cli-chunks"));
    expect(chunks.filter((c) => /notifications\/initialized/.test(readFileSync(join(dir, "dist", "cli-chunks", c), "utf8")))).toEqual([
      expect.stringMatching(/^mcp-[A-Z0-9]+\.cjs$/),
    ]);
  });
});
