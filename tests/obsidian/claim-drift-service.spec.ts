import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notices, TFile } from "../fakes/obsidian-stub";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { createFakeApp } from "../fakes/fake-app";
import { fakePluginHost } from "../fakes/fake-plugin-host";
import { codeRepoFromReader } from "../../src/core/drift/code-repo-view";
import { SliceScheduler } from "../../src/core/util/slice-scheduler";
import { ClaimDriftService } from "../../src/obsidian/claim-drift-service";
import { adapterContradictionStore } from "../../src/obsidian/contradiction-store";
import { LintService } from "../../src/obsidian/lint-service";
import { mergePluginData, type PluginData } from "../../src/core/settings/plugin-data";
import { RouterService } from "../../src/obsidian/router-service";
import { runClaimDriftFlow } from "../../src/ui/claim-drift-flow";
import { CONFIG_DIR } from "../fakes/config-dir";

// The optional model layer of drift in Obsidian: old articles citing the repository asked about through requestUrl,
// the judgements shown as suggestions while the article is unchanged, the note never written.
const OLD = "---\ntldr: t\nanswers_when: [x]\nupdated: 2025-01-10\n---\n# Sync\n\nRetries stop after 3 attempts (`src/outbox.ts:MAX_RETRIES`).\n";
const NEW = "---\ntldr: t\nanswers_when: [x]\nupdated: 2099-01-01\n---\n# Fresh\n\nSee `src/outbox.ts`.\n";
const REPO = { "src/outbox.ts": "export const MAX_RETRIES = 5;\n" };

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  forwardRequestUrlToFetch();
});
afterEach(async () => server.close());

async function setup(repo: Record<string, string> | null, more: Record<string, string> = {}) {
  const app = createFakeApp({ "knowledge/concepts/sync.md": OLD, "knowledge/concepts/fresh.md": NEW, ...more }, { "anthropic-api-key": "sk-test" });
  const data: PluginData = mergePluginData({ ask: { baseUrl: server.baseUrl, model: "claude-test" }, lint: { driftModelCheck: true } });
  const router = new RouterService(app as never, () => data.settings.knowledgeFolder);
  const lint = new LintService(app as never, () => data, router, new SliceScheduler({ now: () => 0, yieldToMain: () => Promise.resolve() }, 8), {
    contradictionStore: adapterContradictionStore(app as never, `${CONFIG_DIR}/plugins/ckp-knowledge-compiler`),
    codeRepo: () => Promise.resolve(repo ? codeRepoFromReader((p) => repo[p] ?? null) : null),
  });
  await lint.lintAll();
  return {
    app,
    data,
    lint,
    service: new ClaimDriftService(
      fakePluginHost(app as never, router, () => data, `${CONFIG_DIR}/plugins/ckp-knowledge-compiler`),
      lint,
    ),
  };
}

/** A second old article citing the repository, and a reply judging one statement of either article. */
const BACKOFF = "---\ntldr: t\nanswers_when: [x]\nupdated: 2025-02-01\n---\n# Backoff\n\nThe backoff waits 2 seconds (`src/outbox.ts:MAX_RETRIES`).\n";
const quoteOf = (path: string | undefined) => (path === "knowledge/concepts/sync.md" ? "Retries stop after 3 attempts" : "The backoff waits 2 seconds");
const judged = (path: string | undefined, why: string) => ({
  kind: "tool" as const,
  name: "report_outdated_claims",
  input: { outdated: [{ quote: quoteOf(path), explanation: why }] },
});

describe("the model check of cited code in Obsidian", () => {
  it("asks only about old articles citing the repository and shows what the model reports as a suggestion until the article changes", async () => {
    const { app, lint, service } = await setup(REPO);
    const planned = await service.plan("2026-11-22");
    expect(planned!.candidates.map((c) => c.path)).toEqual(["knowledge/concepts/sync.md"]);
    server.replies.push({
      kind: "tool",
      name: "report_outdated_claims",
      input: {
        outdated: [
          { quote: "Retries stop after 3 attempts", explanation: "MAX_RETRIES is 5 now." },
          { quote: "Retries never stop", explanation: "invented" },
        ],
      },
    });
    const r = await service.run(planned!, new AbortController().signal, () => undefined);
    expect(r.dropped).toBe(1);
    const shown = lint.findings().filter((f) => f.check === "cited-claim-drift");
    expect(shown.map((f) => `${f.severity} ${f.path}:${f.line} ${f.message}`)).toEqual([
      'suggestion knowledge/concepts/sync.md:7 May no longer match the cited code: "Retries stop after 3 attempts". MAX_RETRIES is 5 now. (the model\'s suggestion; re-read and decide)',
    ]);
    expect(app.files.get("knowledge/concepts/sync.md")).toBe(OLD);
    const edited = OLD.replace("3 attempts", "5 attempts");
    app.files.set("knowledge/concepts/sync.md", edited);
    lint.onChanged(new TFile("knowledge/concepts/sync.md") as never, edited);
    await new Promise((res) => window.setTimeout(res, 350));
    expect(lint.findings().filter((f) => f.check === "cited-claim-drift")).toEqual([]);
  });

  it("keeps the stored judgements of an article whose call failed and replaces only those of the articles answered", async () => {
    const { lint, service } = await setup(REPO, { "knowledge/concepts/backoff.md": BACKOFF });
    const planned = await service.plan("2026-11-22");
    const [first, second] = planned!.candidates.map((c) => c.path);
    expect([first, second].sort()).toEqual(["knowledge/concepts/backoff.md", "knowledge/concepts/sync.md"]);
    server.replies.push(judged(first, "Old judgement A."), judged(second, "Old judgement B."));
    await service.run(planned!, new AbortController().signal, () => undefined);
    // Second run: the first article's call fails, the second is answered.
    server.replies.push({ kind: "status", status: 400, type: "invalid_request_error", message: "Bad request." }, judged(second, "New judgement B."));
    const r = await service.run(planned!, new AbortController().signal, () => undefined);
    expect(r.checked).toEqual([second]);
    const shown = lint
      .findings()
      .filter((f) => f.check === "cited-claim-drift")
      .map((f) => `${f.path} ${f.message.match(/(Old|New) judgement ./)![0]}`)
      .sort();
    expect(shown).toEqual([`${first} Old judgement A`, `${second} New judgement B`].sort());
  });

  it("keeps the stored judgements of an article whose reply said nothing usable (not JSON, no list)", async () => {
    const { lint, service } = await setup(REPO, { "knowledge/concepts/backoff.md": BACKOFF });
    const planned = await service.plan("2026-11-22");
    const [first, second] = planned!.candidates.map((c) => c.path);
    server.replies.push(judged(first, "Old judgement A."), judged(second, "Old judgement B."));
    await service.run(planned!, new AbortController().signal, () => undefined);
    server.replies.push({ kind: "text", text: "All of it still looks right to me." }, judged(second, "New judgement B."));
    const r = await service.run(planned!, new AbortController().signal, () => undefined);
    expect(r.checked).toEqual([second]);
    const shown = lint
      .findings()
      .filter((f) => f.check === "cited-claim-drift")
      .map((f) => `${f.path} ${f.message.match(/(Old|New) judgement ./)![0]}`)
      .sort();
    expect(shown).toEqual([`${first} Old judgement A`, `${second} New judgement B`].sort());
  });

  it("plans nothing without a code repository", async () => {
    const { service } = await setup(null);
    expect(await service.plan("2026-11-22")).toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});

/** The confirmation's text, once it is open, and a click on Cancel; null when none opened while the run finished. */
async function confirmation(run: Promise<void>): Promise<string | null> {
  let done = false;
  void run.then(() => (done = true));
  for (let i = 0; i < 200 && !done; i++) {
    const p = [...document.body.querySelectorAll(".modal p")].find((el) => el.textContent?.startsWith("Ask the model whether"));
    if (p) {
      const text = p.textContent;
      [...p.parentElement!.querySelectorAll("button")].find((b) => b.textContent === "Cancel")!.click();
      return text;
    }
    await new Promise((r) => window.setTimeout(r, 5));
  }
  return null;
}

describe("the Check cited code command", () => {
  const priced = (data: PluginData, confirmAboveUsd: number) => {
    data.ask.priceOverrides = { "claude-test": { input: 2, output: 10 } };
    data.compile.confirmAboveUsd = confirmAboveUsd;
  };

  it("asks nothing at or below the threshold compiles use: it runs at once, its total in the progress notice", async () => {
    const { app, data, service } = await setup(REPO);
    priced(data, 1);
    server.replies.push(judged("knowledge/concepts/sync.md", "MAX_RETRIES is 5 now."));
    expect(await confirmation(runClaimDriftFlow(app as never, service))).toBeNull();
    expect(server.requests).toHaveLength(1);
    expect(
      notices.some((n) => /^Check cited code: asking about 1 article \(about [\d,]+ input tokens to claude-test, about \$0\.\d+, at most \$0\.\d+\)…/.test(n)),
    ).toBe(true);
    expect(notices.at(-1)).toMatch(/^Check cited code: 1 statement may no longer match the code/);
  });

  it("totals the articles at the check model's own price: the same check costs Opus 5.5's price over Haiku 5.5's", async () => {
    const { data, service } = await setup(REPO);
    const planned = (await service.plan("2026-11-22"))!;
    data.ask.model = "claude-haiku-5-5";
    const haiku = await service.estimate(planned);
    data.ask.model = "claude-opus-5-5";
    const opus = await service.estimate(planned);
    if (!haiku.ok || !opus.ok) throw new Error("no model");
    expect(opus.value.modelId).toBe("claude-opus-5-5");
    expect(opus.value.batch.usd! / haiku.value.batch.usd!).toBeCloseTo(40, 6);
  });

  it("above the threshold shows the articles' total and asks; Cancel spends nothing", async () => {
    const { app, data, service } = await setup(REPO);
    priced(data, 0);
    const text = await confirmation(runClaimDriftFlow(app as never, service));
    expect(text).toMatch(
      /^Ask the model whether 1 older article still matches the code it cites: about [\d,]+ input tokens to claude-test, about \$0\.\d+, at most \$0\.\d+\. The citing lines and the cited files are sent\. Nothing in your notes is changed\. Your threshold is \$0\.0000 \(in settings, "Ask before costly compiles"\)\.$/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("asks at an unknown model's price whatever the threshold, saying its cost is unknown", async () => {
    const { app, data, service } = await setup(REPO);
    data.compile.confirmAboveUsd = 1000;
    expect(await confirmation(runClaimDriftFlow(app as never, service))).toContain("cost unknown (no price is known for claude-test; set one in the settings)");
    expect(server.requests).toHaveLength(0);
  });

  it("still refuses at the spending cap when nothing is asked: no request reaches the server and the notice says why", async () => {
    const { app, data, service } = await setup(REPO);
    priced(data, 1);
    data.spend.dailyCapUsd = 0.000001;
    expect(await confirmation(runClaimDriftFlow(app as never, service))).toBeNull();
    expect(server.requests).toHaveLength(0);
    expect(notices.at(-1)).toContain("daily cap");
  });
});
