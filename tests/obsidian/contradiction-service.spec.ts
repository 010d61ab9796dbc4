import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notices, TFile } from "../fakes/obsidian-stub";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { createFakeApp } from "../fakes/fake-app";
import { fakePluginHost } from "../fakes/fake-plugin-host";
import { codeRepoFromReader } from "../../src/core/drift/code-repo-view";
import { parseContradictionState } from "../../src/core/contradictions/contradiction-state";
import { shortHash } from "../../src/core/util/short-hash";
import { SliceScheduler } from "../../src/core/util/slice-scheduler";
import { ContradictionService } from "../../src/obsidian/contradiction-service";
import { adapterContradictionStore } from "../../src/obsidian/contradiction-store";
import { LintService } from "../../src/obsidian/lint-service";
import { mergePluginData, type PluginData } from "../../src/core/settings/plugin-data";
import { RouterService } from "../../src/obsidian/router-service";
import { createLintHost } from "../../src/ui/lint-host";
import { runContradictionFlow } from "../../src/ui/contradiction-flow";
import { CONFIG_DIR } from "../fakes/config-dir";

// The Obsidian side of the model-backed lint: the contradiction check through requestUrl to the loopback Messages
// API, its findings in the lint service (both articles, both places, dismissable), and drift through a repository port.
const art = (links: string, body: string) => `---\ntldr: t\nanswers_when: [x]\nupdated: 2026-11-01\n${links}---\n${body}`;
const FILES: Record<string, string> = {
  "knowledge/concepts/retry.md": art(
    'similar_high: ["[[keys|keys · 2026-11]]"]\n',
    "# Retry\n\nThe client retries an upload at most 5 times.\nSee `src/outbox.ts:Outbox.drain`.\n",
  ),
  "knowledge/concepts/keys.md": art('similar_high: ["[[retry|retry · 2026-11]]"]\n', "# Keys\n\nEvery upload is retried up to 3 times with the same key.\n"),
};
const PLUGIN_DIR = `${CONFIG_DIR}/plugins/ckp-knowledge-compiler`;
const REAL = {
  quote_a: "Every upload is retried up to 3 times",
  quote_b: "The client retries an upload at most 5 times.",
  explanation: "3 retries against 5.",
  confidence: "high",
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  forwardRequestUrlToFetch();
});
afterEach(async () => server.close());

const instant = () => new SliceScheduler({ now: () => 0, yieldToMain: () => Promise.resolve() }, 8);

async function setup(repo: Record<string, string> | null = null) {
  const app = createFakeApp({ ...FILES }, { "anthropic-api-key": "sk-test" });
  const data: PluginData = mergePluginData({
    ask: { baseUrl: server.baseUrl, model: "claude-test", priceOverrides: { "claude-test": { input: 2, output: 10 } } },
  });
  const router = new RouterService(app as never, () => data.settings.knowledgeFolder);
  const lint = new LintService(app as never, () => data, router, instant(), {
    contradictionStore: adapterContradictionStore(app as never, PLUGIN_DIR),
    codeRepo: () => Promise.resolve(repo ? codeRepoFromReader((p) => repo[p] ?? null) : null),
  });
  await lint.lintAll();
  const service = new ContradictionService(
    fakePluginHost(app as never, router, () => data, PLUGIN_DIR),
    lint,
  );
  const edit = (p: string, text: string) => {
    app.files.set(p, text);
    lint.onChanged(new TFile(p) as never, text);
  };
  return { app, data, lint, service, edit };
}

const flush = () => new Promise((r) => window.setTimeout(r, 350));
const shown = (lint: LintService, check: string) => lint.findings().filter((f) => f.check === check);

describe("contradictions in Obsidian", () => {
  it("checks the planned pair through requestUrl, shows the conflict in both articles with both places, and keeps it in the plugin folder", async () => {
    const { app, lint, service } = await setup();
    const planned = await service.plan();
    expect(planned.plan.pairs).toEqual([{ a: "knowledge/concepts/keys.md", b: "knowledge/concepts/retry.md", reason: "high" }]);
    expect(planned.plan.estimate.inputTokens).toBeGreaterThan(100);
    server.replies.push({ kind: "tool", name: "report_contradictions", input: { conflicts: [REAL] } });
    const report = await service.run(
      planned,
      new AbortController().signal,
      () => undefined,
      () => undefined,
    );
    expect(report.found).toHaveLength(1);
    const found = shown(lint, "contradiction");
    expect(found.map((f) => `${f.path}:${f.line}`)).toEqual(["knowledge/concepts/keys.md:8", "knowledge/concepts/retry.md:8"]);
    expect(found[1]!.related).toEqual([
      { path: "knowledge/concepts/retry.md", line: 8, col: 0, label: "The client retries an upload at most 5 times." },
      { path: "knowledge/concepts/keys.md", line: 8, col: 0, label: "Every upload is retried up to 3 times" },
    ]);
    expect(found[0]!.dismissKey).toBe(found[1]!.dismissKey);
    const saved = parseContradictionState(app.config.get(`${PLUGIN_DIR}/contradictions-state.json`) ?? null);
    expect(saved.found).toHaveLength(1);
    expect(app.files.get("knowledge/concepts/keys.md")).toBe(FILES["knowledge/concepts/keys.md"]);

    // After a restart the findings come back from the plugin folder, with no call.
    const again = new LintService(app as never, () => mergePluginData(null), null, instant(), {
      contradictionStore: adapterContradictionStore(app as never, PLUGIN_DIR),
    });
    await again.lintAll();
    expect(shown(again, "contradiction")).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
  });

  it("forgets a dismissed pair's conflict at once, skips the pair while both are unchanged, and checks it again after an edit", async () => {
    const { lint, service, edit } = await setup();
    server.replies.push({ kind: "tool", name: "report_contradictions", input: { conflicts: [REAL] } });
    await service.run(
      await service.plan(),
      new AbortController().signal,
      () => undefined,
      () => undefined,
    );
    const host = createLintHost({} as never, lint);
    await host.dismiss!(shown(lint, "contradiction")[0]!);
    expect(shown(lint, "contradiction")).toEqual([]);
    expect((await service.plan()).plan).toMatchObject({ pairs: [], dismissed: 1 });
    edit("knowledge/concepts/keys.md", `${FILES["knowledge/concepts/keys.md"]}\nNow it is 5 times as well.\n`);
    await flush();
    expect((await service.plan()).plan).toMatchObject({ pairs: [{ a: "knowledge/concepts/keys.md" }], dismissed: 0 });
  });

  it("keeps what the CLI wrote to the state file while Obsidian was open: a run changes the file as it is then", async () => {
    const { app, service } = await setup();
    const file = `${PLUGIN_DIR}/contradictions-state.json`;
    // The CLI, run on the same vault meanwhile (kc drift --model-check), stored a judgement and saved the file.
    const claim = {
      path: "knowledge/concepts/retry.md",
      line: 8,
      quote: "The client retries an upload at most 5 times.",
      explanation: "The code retries 3 times.",
      hash: shortHash(FILES["knowledge/concepts/retry.md"]!),
    };
    const cli = { ...parseContradictionState(app.config.get(file) ?? null), claims: [claim] };
    app.config.set(file, JSON.stringify(cli));
    server.replies.push({ kind: "tool", name: "report_contradictions", input: { conflicts: [REAL] } });
    await service.run(
      await service.plan(),
      new AbortController().signal,
      () => undefined,
      () => undefined,
    );
    const saved = parseContradictionState(app.config.get(file) ?? null);
    expect(saved.found).toHaveLength(1);
    expect(saved.claims).toEqual([claim]);
  });

  it("drops a conflict from the lint as soon as either article is edited", async () => {
    const { lint, service, edit } = await setup();
    server.replies.push({ kind: "tool", name: "report_contradictions", input: { conflicts: [REAL] } });
    await service.run(
      await service.plan(),
      new AbortController().signal,
      () => undefined,
      () => undefined,
    );
    edit("knowledge/concepts/retry.md", FILES["knowledge/concepts/retry.md"]!.replace("5 times", "3 times"));
    await flush();
    expect(shown(lint, "contradiction")).toEqual([]);
  });

  it("reports drift of citations only when a code repository is configured", async () => {
    const none = await setup(null);
    expect(shown(none.lint, "cited-symbol-missing")).toEqual([]);
    const withRepo = await setup({ "src/outbox.ts": "export class Outbox {\n  flush() {}\n}\n" });
    expect(shown(withRepo.lint, "cited-symbol-missing").map((f) => `${f.path}:${f.line}:${f.col}`)).toEqual(["knowledge/concepts/retry.md:9:4"]);
  });
});

/** The confirmation's text and a click on one of its buttons, once it is open. */
async function answerModal(button: "Check" | "Cancel"): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const p = [...document.body.querySelectorAll("p")].find((el) => el.textContent?.startsWith("Check ") && el.textContent.includes("for contradictions"));
    if (p) {
      const text = p.textContent;
      [...p.parentElement!.querySelectorAll("button")].find((b) => b.textContent === button)!.click();
      return text;
    }
    await new Promise((r) => window.setTimeout(r, 0));
  }
  throw new Error("no confirmation was shown");
}

describe("the Check contradictions command", () => {
  it("above the threshold shows the pairs' total and asks before any call: Cancel spends nothing, Check runs and says what it found and cost", async () => {
    const { app, data, service } = await setup();
    data.compile.confirmAboveUsd = 0;
    const cancelled = runContradictionFlow(app as never, service, true);
    expect(await answerModal("Cancel")).toMatch(
      /^Check 1 pair of related articles for contradictions: about [\d,]+ input tokens to claude-test, about \$0\.\d+, at most \$0\.\d+\. 0 pairs unchanged since checked, 0 dismissed\. Nothing in your notes is changed\. Your threshold is \$0\.0000 \(in settings, "Ask before costly compiles"\)\.$/,
    );
    await cancelled;
    expect(server.requests).toHaveLength(0);
    server.replies.push({ kind: "tool", name: "report_contradictions", input: { conflicts: [REAL] } });
    const run = runContradictionFlow(app as never, service, true);
    await answerModal("Check");
    await run;
    expect(server.requests).toHaveLength(1);
    expect(notices.some((n) => n.startsWith("Check contradictions: pair 1 of 1"))).toBe(true);
    expect(notices.at(-1)).toMatch(/^Check contradictions: 1 contradiction in 1 pair \(see the lint pane\)\. 10 in \+ 5 out tokens, \$0\.\d+\.$/);
  });

  it("asks nothing at or below the threshold compiles use: it runs at once, its total in the progress notice", async () => {
    const { app, data, service } = await setup();
    data.compile.confirmAboveUsd = 1;
    server.replies.push({ kind: "tool", name: "report_contradictions", input: { conflicts: [REAL] } });
    await runContradictionFlow(app as never, service, true);
    expect(document.body.querySelector(".modal-container")).toBeNull();
    expect(server.requests).toHaveLength(1);
    expect(
      notices.some((n) => /^Check contradictions: asking the model \(about [\d,]+ input tokens to claude-test, about \$0\.\d+, at most \$0\.\d+\)…/.test(n)),
    ).toBe(true);
    expect(notices.at(-1)).toMatch(/^Check contradictions: 1 contradiction in 1 pair/);
  });

  it("totals the pairs at the check model's own price: the same run costs Opus 5.5's price over Haiku 5.5's", async () => {
    const { data, service } = await setup();
    const planned = await service.plan();
    data.ask.model = "claude-haiku-5-5";
    const haiku = await service.estimate(planned);
    data.ask.model = "claude-opus-5-5";
    const opus = await service.estimate(planned);
    if (!haiku.ok || !opus.ok) throw new Error("no model");
    expect(opus.value.modelId).toBe("claude-opus-5-5");
    expect(opus.value.batch.usd! / haiku.value.batch.usd!).toBeCloseTo(40, 6);
  });

  it("asks at an unknown model's price whatever the threshold, saying its cost is unknown", async () => {
    const { app, data, service } = await setup();
    data.ask.model = "my-local-model";
    data.compile.confirmAboveUsd = 1000;
    const run = runContradictionFlow(app as never, service, true);
    expect(await answerModal("Cancel")).toContain("cost unknown (no price is known for my-local-model; set one in the settings)");
    await run;
    expect(server.requests).toHaveLength(0);
  });

  it("still refuses at the spending cap when nothing is asked: no request reaches the server and the notice says why", async () => {
    const { app, data, service } = await setup();
    data.compile.confirmAboveUsd = 1;
    data.spend.dailyCapUsd = 0.000001;
    await runContradictionFlow(app as never, service, true);
    expect(document.body.querySelector(".modal-container")).toBeNull();
    expect(server.requests).toHaveLength(0);
    expect(notices.at(-1)).toContain("daily cap");
  });

  it("asks nothing while the lint is still reading the vault", async () => {
    const { app, service } = await setup();
    await runContradictionFlow(app as never, service, false);
    expect(notices.at(-1)).toContain("still reading the vault");
    expect(server.requests).toHaveLength(0);
  });
});
