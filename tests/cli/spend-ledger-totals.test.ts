import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { pluginFolder } from "../../src/node/node-host";
import { COMPILE_TOOL } from "../../src/core/compile/compile-prompt";
import { MODEL_PRICES } from "../../src/core/llm/models";
import { SPEND_LEDGER_FILE } from "../../src/core/spend/spend-ledger";
import { isMonthSummary, parseSpendLedger, type SpendEntry } from "../../src/core/spend/spend-entry";
import { startLoopbackAnthropic, type LoopbackServer, type ScriptedReply, type ScriptedUsage } from "../fakes/loopback-anthropic-server";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { validReply } from "../core/compile/scripted-replies";
import { TranscriptBuilder } from "../fakes/transcript-builder";

// Compile, Ask, contradictions and capture's distillation through `kc` with the real SDK against the loopback
// Messages API, each reply carrying usage figures (cache reads and writes included), some features on other models:
// the shared ledger must add up to what the calls cost at each call's own model's list price.
let server: LoopbackServer;
let vault: string;
let claude: string;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  vault = mkdtempSync(join(tmpdir(), "kc-ledger-totals-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
  claude = mkdtempSync(join(tmpdir(), "kc-ledger-claude-"));
});
afterEach(async () => {
  await server.close();
  rmSync(vault, { recursive: true, force: true });
  rmSync(claude, { recursive: true, force: true });
});

/** One call as the server answered it: the model asked for, and the usage it reported. */
interface ServedCall {
  model: string;
  tool: string | null;
  usage: Required<ScriptedUsage>;
}

/** Answers each request by what it asks for, with usage figures that differ from call to call; records each. */
function serveByRequest(served: ServedCall[]): void {
  server.onRequest = (req) => {
    const n = served.length + 1;
    const usage = { input: 900 + 37 * n, output: 200 + 11 * n, cacheRead: n % 2 === 0 ? 1500 + n : 0, cacheWrite: n % 2 === 1 ? 1100 + 3 * n : 0 };
    const tools = (req.body.tools as { name: string }[] | undefined) ?? [];
    const tool = tools[0]?.name ?? null;
    let reply: ScriptedReply;
    if (tool === COMPILE_TOOL.name) reply = { kind: "tool", name: tool, input: validReply(), usage };
    else if (tool === "report_contradictions") reply = { kind: "tool", name: tool, input: { conflicts: [] }, usage };
    else if (tool === "record_session") reply = { kind: "tool", name: tool, input: { decisions: ["Keep five retries"], lessons: [], actions: [] }, usage };
    else if (tool !== null) throw new Error(`unexpected tool ${tool}`);
    else reply = { kind: "text", text: "Retries reuse the idempotency key [[concepts/idempotency-keys]].", usage };
    served.push({ model: String(req.body.model), tool, usage });
    server.replies.push(reply);
  };
}

/** USD of one call at the table's list price, worked out here rather than by the code under test. */
function listCost(call: ServedCall): number {
  const p = MODEL_PRICES[call.model];
  if (!p) throw new Error(`no list price for ${call.model}`);
  const u = call.usage;
  return (u.input * p.input + u.output * p.output + u.cacheRead * p.cacheRead + u.cacheWrite * p.cacheWrite) / 1_000_000;
}

const env = (over: Record<string, string>) => ({ ANTHROPIC_API_KEY: "sk-test", ...over });

describe("the spend ledger adds up", () => {
  it("records compile, ask, contradictions and distillation at each call's own model's price, cache reads and writes included", async () => {
    const served: ServedCall[] = [];
    serveByRequest(served);
    const base = ["--base-url", server.baseUrl];

    const compiled = await runKc(["compile", vault, "--file", "daily/2026-11-20.md", "--yes", ...base], env({ KC_MODEL: "claude-opus-5-5" }));
    expect(compiled.code, compiled.err).toBe(0);
    const asked = await runKc(["ask", vault, "Why do uploads create duplicates?", "--closest", ...base], env({ KC_MODEL: "claude-sonnet-5-5" }));
    expect(asked.code, asked.err).toBe(0);
    const checked = await runKc(["contradictions", vault, "--yes", ...base], env({ KC_MODEL: "claude-sonnet-5" }));
    expect(checked.code, checked.err).toBe(0);
    const dir = join(claude, "projects", "p");
    mkdirSync(dir, { recursive: true });
    const t = new TranscriptBuilder("c1", "2026-11-20T10:00:00", { cwd: join(claude, "work", "app"), gitBranch: "main", entrypoint: "cli" });
    for (const p of ["one", "two", "three", "four"]) t.prompt(p).reply("ok");
    writeFileSync(join(dir, "c1.jsonl"), t.text());
    // KC_MODEL names the big model; distillation takes the small one (its default, Haiku 5.5).
    const captured = await runKc(
      ["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0", "--distill", ...base],
      env({ KC_MODEL: "claude-opus-5-5" }),
    );
    expect(captured.code, captured.err).toBe(0);

    expect(new Set(served.map((c) => c.tool))).toEqual(new Set([COMPILE_TOOL.name, null, "report_contradictions", "record_session"]));
    expect(new Set(served.map((c) => c.model))).toEqual(new Set(["claude-opus-5-5", "claude-sonnet-5-5", "claude-sonnet-5", "claude-haiku-5-5"]));
    expect(served.some((c) => c.usage.cacheRead > 0) && served.some((c) => c.usage.cacheWrite > 0)).toBe(true);

    const records = parseSpendLedger(readFileSync(join(pluginFolder(vault), SPEND_LEDGER_FILE), "utf8"));
    const entries = records.filter((r): r is SpendEntry => !isMonthSummary(r));
    expect(entries).toHaveLength(served.length);
    expect(entries.map((e) => [e.model, e.input, e.output, e.cacheRead, e.cacheWrite])).toEqual(
      served.map((c) => [c.model, c.usage.input, c.usage.output, c.usage.cacheRead, c.usage.cacheWrite]),
    );
    expect(new Set(entries.map((e) => e.feature))).toEqual(new Set(["compile", "answer", "contradictions", "distill"]));
    for (const [i, e] of entries.entries()) expect(e.usd).toBeCloseTo(listCost(served[i]!), 12);

    const expected = served.reduce((sum, c) => sum + listCost(c), 0);
    const total = entries.reduce((sum, e) => sum + (e.usd ?? Number.NaN), 0);
    expect(total).toBeCloseTo(expected, 12);
    const spend = await runKc(["spend", vault, "--format", "json"]);
    const summary = JSON.parse(spend.out) as { today: { calls: number; usd: number }; byFeature: Record<string, { usd: number }> };
    expect(summary.today.calls).toBe(served.length);
    expect(summary.today.usd).toBeCloseTo(expected, 12);
    const byFeature = (tool: string | null) => served.filter((c) => c.tool === tool).reduce((sum, c) => sum + listCost(c), 0);
    expect(summary.byFeature.compile!.usd).toBeCloseTo(byFeature(COMPILE_TOOL.name), 12);
    expect(summary.byFeature.answer!.usd).toBeCloseTo(byFeature(null), 12);
    expect(summary.byFeature.contradictions!.usd).toBeCloseTo(byFeature("report_contradictions"), 12);
    expect(summary.byFeature.distill!.usd).toBeCloseTo(byFeature("record_session"), 12);
  });
});
