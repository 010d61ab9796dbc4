import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodeModels, fsPluginFiles, pluginFolder } from "../../src/node/node-host";
import { nodeSpendModels } from "../../src/node/node-spend";
import { localDate } from "../../src/core/util/local-date";
import { priceFor } from "../../src/core/llm/models";
import { worstCaseUsd } from "../../src/core/spend/capped-model";
import type { CompletionRequest } from "../../src/core/llm/language-model";
import { SPEND_LEDGER_FILE } from "../../src/core/spend/spend-ledger";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { runKc } from "../fakes/run-kc";

const today = localDate();
const line = (day: string, feature: string, usd: number | null) =>
  JSON.stringify({ at: `${day}T09:00:00.000Z`, day, feature, model: "claude-sonnet-5-5", input: 1000, output: 100, cacheRead: 0, cacheWrite: 0, usd });

function vaultWith(ledger: string[], data?: unknown): string {
  const vault = mkdtempSync(join(tmpdir(), "kc-spend-"));
  mkdirSync(pluginFolder(vault), { recursive: true });
  if (ledger.length > 0) writeFileSync(join(pluginFolder(vault), SPEND_LEDGER_FILE), `${ledger.join("\n")}\n`);
  if (data !== undefined) writeFileSync(join(pluginFolder(vault), "data.json"), JSON.stringify(data));
  return vault;
}

describe("kc spend", () => {
  it("shows today, this month and this month by feature from the shared ledger, with the caps", async () => {
    const vault = vaultWith([line(today, "compile", 0.5), line(today, "answer", 0.25), line(today, "select", null)], {
      spend: { dailyCapUsd: 2, monthlyCapUsd: 0 },
    });
    const r = await runKc(["spend", vault]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Today (${today}): $0.7500 (3 calls, 1 of unknown cost)`);
    expect(r.out).toMatch(/compile\s+\$0\.5000 \(1 call\)/);
    expect(r.out).toContain("Caps: daily $2.00, monthly off");
  });

  it("gives the figures as JSON, with the spend since a day by feature and by day", async () => {
    const vault = vaultWith([line("2020-01-02", "compile", 1), line(today, "answer", 0.25)]);
    const r = await runKc(["spend", vault, "--since", "2020-01-01", "--format", "json"], { KC_MONTHLY_CAP_USD: "5" });
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as {
      today: { usd: number };
      caps: { monthlyCapUsd: number };
      since: { total: { usd: number; calls: number }; byDay: Record<string, unknown> };
    };
    expect(j.today.usd).toBe(0.25);
    expect(j.caps.monthlyCapUsd).toBe(5);
    expect(j.since.total).toEqual({ calls: 2, usd: 1.25, unknownCalls: 0 });
    expect(Object.keys(j.since.byDay)).toEqual(["2020-01-02", today]);
  });

  it("says nothing was spent when there is no ledger yet, and refuses a --since that is not a date", async () => {
    const vault = vaultWith([]);
    expect((await runKc(["spend", vault])).out).toContain("$0.0000 (0 calls)");
    const bad = await runKc(["spend", vault, "--since", "yesterday"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--since must be a real date");
  });
});

describe("the command line's caps", () => {
  let server: LoopbackServer;
  beforeEach(async () => {
    server = await startLoopbackAnthropic();
  });
  afterEach(async () => {
    await server.close();
  });

  const request: CompletionRequest = { system: "You answer.", messages: [{ role: "user", content: "What is a cap?" }], maxTokens: 200 };

  it("refuses the second call before any request reaches the server when the daily cap is just above one call", async () => {
    const price = priceFor("claude-sonnet-5-5")!;
    const worst = worstCaseUsd(request, price)!;
    const vault = vaultWith([], { spend: { dailyCapUsd: worst * 1.2 } });
    server.replies.push({ kind: "text", text: "one", usage: { input: 30, output: 200 } }, { kind: "text", text: "two" });
    const io = { out: () => undefined, err: () => undefined, isTTY: false, env: { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: server.baseUrl } };
    const models = nodeSpendModels(nodeModels({}, io), vault, io.env, fsPluginFiles(vault));
    const got = await models.get("answer");
    if (!got.ok) throw new Error(got.error.message);
    expect((await got.value.model.complete(request)).ok).toBe(true);
    const second = await got.value.model.complete(request);
    expect(second).toMatchObject({ ok: false, error: { kind: "cap", period: "day" } });
    expect(server.requests).toHaveLength(1);
    const ledger = readFileSync(join(pluginFolder(vault), SPEND_LEDGER_FILE), "utf8")
      .trim()
      .split("\n");
    expect(ledger).toHaveLength(1);
    expect(JSON.parse(ledger[0]!)).toMatchObject({ feature: "answer", input: 30, output: 200, usd: (30 * price.input + 200 * price.output) / 1e6 });
  });

  it("takes KC_DAILY_CAP_USD over the plugin's cap, and says so when it is not an amount", async () => {
    const vault = vaultWith([line(today, "compile", 1)], { spend: { dailyCapUsd: 100 } });
    const io = {
      out: () => undefined,
      err: () => undefined,
      isTTY: false,
      env: { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: server.baseUrl, KC_DAILY_CAP_USD: "0.5" },
    };
    const got = await nodeSpendModels(nodeModels({}, io), vault, io.env, fsPluginFiles(vault)).get("answer");
    if (!got.ok) throw new Error(got.error.message);
    expect(await got.value.model.complete(request)).toMatchObject({ ok: false, error: { kind: "cap", spentUsd: 1, capUsd: 0.5 } });
    expect(server.requests).toHaveLength(0);
    const bad = await nodeSpendModels(nodeModels({}, io), vault, { ...io.env, KC_DAILY_CAP_USD: "lots" }, fsPluginFiles(vault)).get("answer");
    expect(bad).toMatchObject({ ok: false, error: { kind: "bad-config", message: expect.stringContaining("KC_DAILY_CAP_USD") as string } });
  });
});
