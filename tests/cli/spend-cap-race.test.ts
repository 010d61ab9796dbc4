import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { priceFor } from "../../src/core/llm/models";
import { worstCaseUsd } from "../../src/core/spend/capped-model";
import { SPEND_LEDGER_FILE, SPEND_RESERVATIONS_FILE } from "../../src/core/spend/spend-ledger";
import { pluginFolder } from "../../src/node/node-host";
import { buildCliInto } from "../fakes/build-cli";
import { startLoopbackAnthropic, type LoopbackServer, type RecordedRequest } from "../fakes/loopback-anthropic-server";
import { runKc } from "../fakes/run-kc";

// Real `kc ask` processes at once against one vault's caps, through the loopback Messages API server.
const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
const QUESTION = "How long does the app wait between upload retries on a bad train connection?";
const PRICE = { input: 2, output: 10 };
let dir: string;
let cli: string;
let server: LoopbackServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-cap-race-"));
  cli = await buildCliInto(join(dir, "dist"));
  server = await startLoopbackAnthropic();
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
function vaultWith(spend: Record<string, unknown>): string {
  const vault = join(dir, `vault-${n++}`);
  cpSync(DEMO, vault, { recursive: true });
  mkdirSync(pluginFolder(vault), { recursive: true });
  writeFileSync(join(pluginFolder(vault), "data.json"), JSON.stringify({ spend, ask: { selectWithModel: false, priceOverrides: { "claude-test": PRICE } } }));
  return vault;
}
const env = () => ({ ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: server.baseUrl, KC_MODEL: "claude-test" });

/** The worst case the caps count for the request a server saw. */
function worstOf(req: RecordedRequest): number {
  const body = req.body as { system: { text: string }[]; messages: { role: "user" | "assistant"; content: string }[]; max_tokens: number };
  return worstCaseUsd(
    { system: body.system[0]!.text, messages: body.messages, maxTokens: body.max_tokens },
    priceFor("claude-test", { "claude-test": PRICE }),
  )!;
}

/** One answer's worst case, measured from the request of an ask with no cap. */
async function calibrate(): Promise<number> {
  const vault = vaultWith({});
  server.replies.push({ kind: "text", text: "Up to 5 retries [[knowledge/concepts/retry-with-backoff]]." });
  const before = server.requests.length;
  expect((await runKc(["ask", vault, QUESTION], env())).code).toBe(0);
  expect(server.requests.length).toBe(before + 1);
  return worstOf(server.requests.at(-1)!);
}

/** A reply that really costs about `usd` at the test's price. */
const costing = (usd: number) => ({
  kind: "text" as const,
  text: "Up to 5 retries [[knowledge/concepts/retry-with-backoff]].",
  usage: { input: Math.floor((usd * 1e6) / PRICE.input), output: 0 },
});

function runChild(vault: string): Promise<{ code: number; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, "ask", vault, QUESTION], { env: { PATH: process.env.PATH ?? "", ...env() } });
    let err = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (c: string) => (err += c));
    child.on("exit", (code) => done({ code: code ?? -1, err }));
  });
}

describe("caps across processes", () => {
  it("lets one of three `kc ask` processes at once send under a cap that admits one", async () => {
    const worst = await calibrate();
    const vault = vaultWith({ dailyCapUsd: worst * 1.5 });
    for (let i = 0; i < 3; i++) server.replies.push(costing(worst * 0.9));
    const before = server.requests.length;
    const runs = await Promise.all([runChild(vault), runChild(vault), runChild(vault)]);
    expect(server.requests.length - before).toBe(1);
    expect(runs.filter((r) => r.code === 0)).toHaveLength(1);
    const refused = runs.filter((r) => r.code !== 0);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.err).toMatch(/Not sent: today's spend .* daily cap/);
    server.replies.length = 0;
  }, 60_000);
});

describe("caps when the ledger cannot be used", () => {
  it.skipIf(process.platform === "win32")(
    "refuses a capped call at once when the ledger is a FIFO, naming it, and sends nothing",
    async () => {
      const vault = vaultWith({ dailyCapUsd: 5 });
      execFileSync("mkfifo", [join(pluginFolder(vault), SPEND_LEDGER_FILE)]);
      const before = server.requests.length;
      const r = await runKc(["ask", vault, QUESTION], env());
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/Not sent: the spend ledger cannot be used.*spend-ledger\.jsonl.*named pipe \(FIFO\)/s);
      expect(server.requests.length).toBe(before);
    },
    20_000,
  );

  it.skipIf(process.platform === "win32")(
    "refuses a capped call when the reservations file is a FIFO",
    async () => {
      const vault = vaultWith({ dailyCapUsd: 5 });
      execFileSync("mkfifo", [join(pluginFolder(vault), SPEND_RESERVATIONS_FILE)]);
      const before = server.requests.length;
      const r = await runKc(["ask", vault, QUESTION], env());
      expect(r.err).toMatch(/spend-reservations\.json .*named pipe \(FIFO\)/s);
      expect(server.requests.length).toBe(before);
    },
    20_000,
  );
});

describe("caps written as text in data.json", () => {
  it('reads a cap written as "$5" or "0.000001" as that amount', async () => {
    const before = server.requests.length;
    const r = await runKc(["ask", vaultWith({ dailyCapUsd: "$0.000001" }), QUESTION], env());
    expect(r.err).toMatch(/would pass your daily cap of \$0\.00/);
    expect(server.requests.length).toBe(before);
    const spend = await runKc(["spend", vaultWith({ dailyCapUsd: "$5", monthlyCapUsd: "20 USD" })]);
    expect(spend.out).toContain("Caps: daily $5.00, monthly $20.00");
  });

  it("refuses model calls, naming the setting, when a cap is text that is not an amount", async () => {
    const before = server.requests.length;
    const r = await runKc(["ask", vaultWith({ dailyCapUsd: "five dollars" }), QUESTION], env());
    expect(r.code).toBe(2);
    expect(r.err).toContain('data.json: spend.dailyCapUsd is "five dollars", not an amount in US dollars');
    expect(server.requests.length).toBe(before);
  });
});

describe("the daily cap's day", () => {
  it("is named in `kc spend`: from local midnight, in this computer's time zone", async () => {
    const r = await runKc(["spend", vaultWith({ dailyCapUsd: 1 })]);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(r.out).toContain(`Days and months start at local midnight (${zone}).`);
  });
});
