import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/main";
import { SELECT_SYSTEM_PROMPT } from "../../src/core/route/select-articles";
import { ANSWER_SYSTEM_PROMPT } from "../../src/core/ask/build-answer-prompt";
import { loadVault } from "../../src/node/load-vault";
import { nodeSettings } from "../../src/node/node-read-host";
import { nodeModels } from "../../src/node/node-host";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { operationSettings } from "../../src/core/settings/operation-settings";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../src/core/knowledge/knowledge-settings";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { CONFIG_DIR } from "../fakes/config-dir";

// One settings source: kc reads the person's data.json through the plugin's own validation and follows each
// setting where no flag says otherwise; a flag wins. Each row is one setting, its saved value and where it lands.
const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
const ROOT = mkdtempSync(join(tmpdir(), "kc-settings-"));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));
let n = 0;

/** A copy of the demo vault with this data.json. */
function vaultWith(data: unknown): string {
  const dir = join(ROOT, `v${n++}`);
  cpSync(DEMO, dir, { recursive: true });
  const plugin = join(dir, CONFIG_DIR, "plugins", "ckp-knowledge-compiler");
  mkdirSync(plugin, { recursive: true });
  writeFileSync(join(plugin, "data.json"), JSON.stringify(data));
  return dir;
}

async function kc(argv: string[], env: Record<string, string | undefined> = {}) {
  let out = "";
  let err = "";
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), isTTY: false, env });
  return { code, out, err };
}

const ROWS: { setting: string; data: unknown; read: (s: ReturnType<typeof nodeSettings>) => unknown; value: unknown; flag: object; flagged: unknown }[] = [
  { setting: "ask.budget", data: { ask: { budget: 1500 } }, read: (s) => s.ask.budget, value: 1500, flag: { ask: { budget: 900 } }, flagged: 900 },
  {
    setting: "ask.selectWithModel",
    data: { ask: { selectWithModel: false } },
    read: (s) => s.ask.selectWithModel,
    value: false,
    flag: { ask: { selectWithModel: true } },
    flagged: true,
  },
  {
    setting: "compile.confirmAboveUsd",
    data: { compile: { confirmAboveUsd: 0.05 } },
    read: (s) => s.compile.confirmAboveUsd,
    value: 0.05,
    flag: { compile: { confirmAboveUsd: 1 } },
    flagged: 1,
  },
  {
    setting: "lint.contradictionMaxPairs",
    data: { lint: { contradictionMaxPairs: 3 } },
    read: (s) => s.contradictions.maxPairs,
    value: 3,
    flag: { contradictions: { maxPairs: 5 } },
    flagged: 5,
  },
  {
    setting: "lint.contradictionMaxTokens",
    data: { lint: { contradictionMaxTokens: 12_000 } },
    read: (s) => [s.contradictions.maxTokens, s.drift.maxTokens],
    value: [12_000, 12_000],
    flag: { drift: { maxTokens: 5000 } },
    flagged: [12_000, 5000],
  },
  {
    setting: "lint.driftOlderThanDays",
    data: { lint: { driftOlderThanDays: 30 } },
    read: (s) => s.drift.olderThanDays,
    value: 30,
    flag: { drift: { olderThanDays: 7 } },
    flagged: 7,
  },
  {
    setting: "lint.driftMaxArticles",
    data: { lint: { driftMaxArticles: 4 } },
    read: (s) => s.drift.maxArticles,
    value: 4,
    flag: { drift: { maxArticles: 2 } },
    flagged: 2,
  },
];

describe("kc follows the person's data.json settings where no flag overrides them", () => {
  for (const row of ROWS) {
    it(`follows ${row.setting}, and a flag wins over it`, async () => {
      const vault = await loadVault(vaultWith(row.data), {}, undefined, { read: "none" });
      const fallback = operationSettings(mergePluginData(undefined), DEFAULT_KNOWLEDGE_SETTINGS);
      expect(row.read(fallback)).not.toEqual(row.value);
      expect(row.read(nodeSettings(vault))).toEqual(row.value);
      expect(row.read(nodeSettings(vault, row.flag))).toEqual(row.flagged);
      expect(row.read(nodeSettings(vault, { ask: { budget: undefined } }))).toEqual(row.value);
    });
  }

  it("follows ask.model and ask.selectModel, and prices each at its own price", async () => {
    const vault = await loadVault(vaultWith({ ask: { model: "claude-opus-5", selectModel: "claude-haiku-5-5" } }), {}, undefined, { read: "none" });
    const models = nodeModels({}, { out: () => undefined, err: () => undefined, isTTY: false, env: {} }, vault.data.ask);
    expect(models.planned("answer").id).toBe("claude-opus-5");
    expect(models.planned("select").id).toBe("claude-haiku-5-5");
    expect(models.planned("answer").price!.input).toBeGreaterThan(models.planned("select").price!.input);
    const flagged = nodeModels({ model: "claude-sonnet-5-5" }, { out: () => undefined, err: () => undefined, isTTY: false, env: {} }, vault.data.ask);
    expect(flagged.planned("answer").id).toBe("claude-sonnet-5-5");
    expect(flagged.planned("select").id).toBe("claude-haiku-5-5");
  });

  it("follows lint.staleAfterDays in kc lint", async () => {
    const dir = vaultWith({ lint: { staleAfterDays: 1 } });
    const strict = await kc(["lint", dir, "--format", "json", "--today", "2030-01-01"]);
    const loose = await kc(["lint", dir, "--format", "json", "--today", "2030-01-01", "--stale-after-days", "100000"]);
    const stale = (out: string) => (JSON.parse(out) as { findings: { check: string }[] }).findings.filter((f) => f.check === "unconfirmed-article").length;
    expect(stale(strict.out)).toBeGreaterThan(0);
    expect(stale(loose.out)).toBe(0);
  });

  it("routes under the saved Ask budget in kc route (1,500 tokens), a --budget flag over it", async () => {
    const dir = vaultWith({ ask: { budget: 1500 } });
    const q = "How do uploads resume after a dropped connection and how long between retries?";
    const saved = JSON.parse((await kc(["route", dir, q, "--format", "json"])).out) as { budget: number; totalTokens: number };
    expect(saved.budget).toBe(1500);
    expect(saved.totalTokens).toBeLessThanOrEqual(1500);
    const flagged = JSON.parse((await kc(["route", dir, q, "--format", "json", "--budget", "6000"])).out) as { budget: number };
    expect(flagged.budget).toBe(6000);
  });

  it("names a bad saved value in a warning and uses the default, as the plugin does", async () => {
    const r = await kc(["route", vaultWith({ ask: { budget: "lots" } }), "retries", "--format", "json"]);
    expect(r.err).toContain("ask.budget");
    expect((JSON.parse(r.out) as { budget: number }).budget).toBe(6000);
  });

  it("estimates contradictions at the saved pair cap", async () => {
    const r = await kc(["contradictions", vaultWith({ lint: { contradictionMaxPairs: 2 } }), "--dry-run"]);
    expect(r.err).toMatch(/^2 pairs to check/);
  });
});

describe("one price source: estimates price at the model that will run", () => {
  it("kc compile --all --dry-run at Haiku 5.5 is a twentieth of Sonnet 5.5, and Opus more than Sonnet", async () => {
    const dir = vaultWith({});
    const cost = async (model: string) => {
      const r = await kc(["compile", dir, "--all", "--dry-run", "--model", model]);
      return [...r.out.matchAll(/Cost: about \$(\d+\.\d+)/g)].reduce((s, m) => s + Number(m[1]), 0);
    };
    const [haiku, sonnet, opus] = [await cost("claude-haiku-5-5"), await cost("claude-sonnet-5-5"), await cost("claude-opus-5")];
    expect(sonnet).toBeGreaterThan(0);
    expect(haiku / sonnet).toBeGreaterThan(0.03);
    expect(haiku / sonnet).toBeLessThan(0.07);
    expect(opus).toBeGreaterThan(sonnet);
  });

  it("kc contradictions --dry-run estimates at the model asked for, and says cost unknown for a model without a price", async () => {
    const dir = vaultWith({});
    const usd = async (model: string) => Number(/about \$(\d+\.\d+)\./.exec((await kc(["contradictions", dir, "--dry-run", "--model", model])).err)?.[1]);
    expect((await usd("claude-haiku-5-5")) / (await usd("claude-sonnet-5-5"))).toBeLessThan(0.07);
    expect((await kc(["contradictions", dir, "--dry-run", "--model", "my-own-model"])).err).toContain("cost unknown");
  });
});

describe("the whole Ask in every host: the selection call first when the setting is on", () => {
  let server: LoopbackServer;
  beforeEach(async () => {
    server = await startLoopbackAnthropic();
  });
  afterEach(async () => server.close());

  it("kc ask sends the selection call, then the answer with the chosen articles only", async () => {
    const dir = vaultWith({ ask: { selectWithModel: true } });
    server.replies.push(
      { kind: "tool", name: "choose_articles", input: { articles: ["a1"], covered: true } },
      { kind: "text", text: "Up to 5 retries [[knowledge/concepts/retry-with-backoff]].", usage: { input: 500, output: 10 } },
    );
    const r = await kc(["ask", dir, "How long does the app wait between upload retries?", "--base-url", server.baseUrl], { ANTHROPIC_API_KEY: "sk-test" });
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[0]!.body.system)).toContain(SELECT_SYSTEM_PROMPT.slice(0, 40));
    expect(JSON.stringify(server.requests[1]!.body.system)).toContain(ANSWER_SYSTEM_PROMPT.slice(0, 40));
    expect(server.requests[0]!.body.model).toBe("claude-haiku-5-5");
    expect(r.err).toContain("shortlisted headers");
  });

  it("kc ask --no-select and a saved selectWithModel: false send the answer call alone", async () => {
    for (const [data, flags] of [
      [{ ask: { selectWithModel: false } }, []],
      [{}, ["--no-select"]],
    ] as const) {
      server.requests.length = 0;
      server.replies.push({ kind: "text", text: "Up to 5 retries [[knowledge/concepts/retry-with-backoff]].", usage: { input: 500, output: 10 } });
      await kc(["ask", vaultWith(data), "How long does the app wait between upload retries?", "--base-url", server.baseUrl, ...flags], {
        ANTHROPIC_API_KEY: "sk-test",
      });
      expect(server.requests).toHaveLength(1);
      expect(JSON.stringify(server.requests[0]!.body.system)).toContain(ANSWER_SYSTEM_PROMPT.slice(0, 40));
    }
  });
});
