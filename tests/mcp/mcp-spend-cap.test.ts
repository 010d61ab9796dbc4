import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { priceFor } from "../../src/core/llm/models";
import { worstCaseUsd } from "../../src/core/spend/capped-model";
import { parseSpendLedger } from "../../src/core/spend/spend-entry";
import { SPEND_LEDGER_FILE } from "../../src/core/spend/spend-ledger";
import { pluginFolder } from "../../src/node/node-host";
import { buildCliInto } from "../fakes/build-cli";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";

// Ten asks at once through one MCP server under a cap that admits two: two are sent, eight refused as tool errors.
const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
const QUESTION = "How long does the app wait between upload retries on a bad train connection?";
const PRICE = { input: 2, output: 10 };
let dir: string;
let cli: string;
let server: LoopbackServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-mcp-cap-"));
  cli = await buildCliInto(join(dir, "dist"));
  server = await startLoopbackAnthropic();
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function connect(vault: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, "mcp", vault],
    env: { PATH: process.env.PATH ?? "", ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: server.baseUrl, KC_MODEL: "claude-test" },
    stderr: "ignore",
  });
  const client = new Client({ name: "kc-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function ask(client: Client): Promise<{ text: string; isError: boolean }> {
  const r = (await client.callTool({ name: "ask", arguments: { question: QUESTION } })) as { content: { text: string }[]; isError?: boolean };
  return { text: r.content.map((c) => c.text).join(""), isError: r.isError === true };
}

function vaultWith(spend: Record<string, unknown>): string {
  const vault = join(dir, `vault-${Math.random().toString(36).slice(2)}`);
  cpSync(DEMO, vault, { recursive: true });
  mkdirSync(pluginFolder(vault), { recursive: true });
  writeFileSync(join(pluginFolder(vault), "data.json"), JSON.stringify({ spend, ask: { selectWithModel: false, priceOverrides: { "claude-test": PRICE } } }));
  return vault;
}

describe("the MCP server's asks under a spending cap", () => {
  it("sends two of ten asks made at once under a cap that admits two", async () => {
    // One ask with no cap, to measure the worst case the caps count for it.
    const calibrating = await connect(vaultWith({}));
    server.replies.push({ kind: "text", text: "Up to 5 retries [[knowledge/concepts/retry-with-backoff]]." });
    expect((await ask(calibrating)).isError).toBe(false);
    await calibrating.close();
    const body = server.requests.at(-1)!.body as { system: { text: string }[]; messages: { role: "user"; content: string }[]; max_tokens: number };
    const worst = worstCaseUsd(
      { system: body.system[0]!.text, messages: body.messages, maxTokens: body.max_tokens },
      priceFor("claude-test", { "claude-test": PRICE }),
    )!;

    const vault = vaultWith({ dailyCapUsd: worst * 2.5 });
    const client = await connect(vault);
    // Each answered call really costs about 0.9 of its worst case, so two fit and a third never does.
    for (let i = 0; i < 10; i++)
      server.replies.push({
        kind: "text",
        text: "Up to 5 retries [[knowledge/concepts/retry-with-backoff]].",
        usage: { input: Math.floor((worst * 0.9 * 1e6) / PRICE.input), output: 0 },
      });
    const before = server.requests.length;
    const results = await Promise.all(Array.from({ length: 10 }, () => ask(client)));
    await client.close();
    expect(server.requests.length - before).toBe(2);
    expect(results.filter((r) => !r.isError)).toHaveLength(2);
    const refused = results.filter((r) => r.isError);
    expect(refused).toHaveLength(8);
    for (const r of refused) expect(r.text).toMatch(/Not sent: today's spend/);
    const spent = parseSpendLedger(readFileSync(join(pluginFolder(vault), SPEND_LEDGER_FILE), "utf8"));
    expect(spent).toHaveLength(2);
    expect(spent.reduce((t, r) => t + ("usd" in r && r.usd !== null ? r.usd : 0), 0)).toBeLessThanOrEqual(worst * 2.5);
    server.replies.length = 0;
  }, 60_000);
});
