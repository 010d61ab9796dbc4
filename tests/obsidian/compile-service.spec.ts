import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notices, noticesShown } from "../fakes/obsidian-stub";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { runAutoCompile, runCompileFlow } from "../../src/ui/compile-flow";
import { CompileService } from "../../src/obsidian/compile-service";
import { findChangedLogs } from "../../src/core/workflows/select-logs-workflow";
import type { CompileReviewer, PreparedCompile } from "../../src/core/workflows/compile-workflow";
import { mergePluginData, type PluginData } from "../../src/core/settings/plugin-data";
import { RouterService } from "../../src/obsidian/router-service";
import { COMPILE_TOOL } from "../../src/core/compile/compile-prompt";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { createFakeApp } from "../fakes/fake-app";
import { fixtureFiles } from "../core/compile/compile-fixture";
import { validReply } from "../core/compile/scripted-replies";
import { CONFIG_DIR } from "../fakes/config-dir";
import { until } from "../fakes/until";

// The Obsidian side of compile end to end: the router's index, planning, the SDK through requestUrl to the loopback
// Messages API, writes through the vault API, compile state in plugin data and the undo record in the plugin folder.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  forwardRequestUrlToFetch();
});
afterEach(async () => server.close());

const acceptAll: CompileReviewer = { review: (o) => Promise.resolve(new Set(o.changes.map((c) => c.path))) };

async function setup() {
  const app = createFakeApp(fixtureFiles(), { "anthropic-api-key": "sk-test" });
  const data: PluginData = mergePluginData({ ask: { baseUrl: server.baseUrl, model: "claude-test" } });
  let saves = 0;
  const router = new RouterService(app as never, () => data.settings.knowledgeFolder);
  await router.build();
  const service = new CompileService(
    app as never,
    () => data,
    () => Promise.resolve(void saves++),
    router,
    `${CONFIG_DIR}/plugins/ckp-knowledge-compiler`,
  );
  return { app, data, service, saves: () => saves };
}

describe("compile in Obsidian", () => {
  it("plans, proposes through requestUrl, writes through the vault, records the state, and undoes", async () => {
    const { app, data, service, saves } = await setup();
    const before = new Map(app.files);
    expect(await findChangedLogs(service.host)).toEqual([{ path: "daily/2026-11-20.md", date: "2026-11-20", reason: "never compiled" }]);
    server.replies.push({ kind: "tool", name: COMPILE_TOOL.name, input: validReply() });
    const planned: PreparedCompile[] = [];
    const [r] = await service.run(["daily/2026-11-20.md"], acceptAll, { events: { planned: (p) => planned.push(p) } });
    expect(planned[0]!.plan.shown.length).toBeGreaterThan(0);
    expect(planned[0]!.estimate.inputTokens).toBeGreaterThan(1000);
    if (r?.status !== "written") throw new Error(JSON.stringify(r));
    expect(r.report.written).toHaveLength(4);
    expect(app.files.get("knowledge/concepts/captive-portal-detection.md")).toContain("[[daily/2026-11-20]]");
    expect(data.compileState.logs["daily/2026-11-20.md"]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(saves()).toBe(1);
    expect(app.config.has(`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/last-compile.json`)).toBe(true);
    expect(await findChangedLogs(service.host)).toEqual([]);
    const headers = server.requests[0]!.headers;
    expect(JSON.stringify([headers["x-api-key"], headers.authorization])).toContain("sk-test");

    const undo = await service.undo();
    expect(undo.ok && undo.value?.left).toEqual([]);
    for (const [path, text] of before) {
      if (path !== "knowledge/log.md") expect(app.files.get(path), path).toBe(text);
    }
    expect(app.files.has("knowledge/concepts/captive-portal-detection.md")).toBe(false);
    expect(data.compileState.logs["daily/2026-11-20.md"]).toBeUndefined();
    expect(await service.undo()).toEqual({ ok: true, value: null });
  });

  it("reports a missing key as a value, without any request (for the Anthropic API; a local server may need none)", async () => {
    const { app, data, service } = await setup();
    app.secretStorage.getSecret = () => null;
    data.ask.baseUrl = "";
    const [r] = await service.run(["daily/2026-11-20.md"], acceptAll);
    expect(r?.status === "failed" && r.error?.kind === "model" && r.error.error.kind).toBe("no-key");
    expect(server.requests).toHaveLength(0);
  });

  it("knows today's log and which notes are daily notes", async () => {
    const { service } = await setup();
    expect(service.todayPath(new Date(2026, 10, 20, 9))).toBe("daily/2026-11-20.md");
    expect(service.exists("daily/2026-11-20.md")).toBe(true);
    expect(service.isDailyNote("knowledge/index.md")).toBe(false);
    expect(service.canRevalidate("knowledge/concepts/retry-with-backoff.md")).toBe(true);
    expect(service.canRevalidate("daily/2026-11-20.md")).toBe(false);
  });
});

describe("the plugin host keeps the write rules", () => {
  it("refuses to plan when the knowledge folder holds the daily notes or is the vault root, before any request", async () => {
    const { data, service } = await setup();
    data.settings.dailyFolder = "knowledge/daily";
    const [inside] = await service.run(["knowledge/daily/2026-11-20.md"], acceptAll);
    expect(inside).toMatchObject({ status: "failed", message: expect.stringContaining("contains the daily notes folder") as unknown });
    data.settings.dailyFolder = "daily";
    data.settings.knowledgeFolder = "";
    const [root] = await service.run(["daily/2026-11-20.md"], acceptAll);
    expect(root).toMatchObject({ status: "failed", message: expect.stringContaining("vault root") as unknown });
    expect(server.requests).toHaveLength(0);
  });

  it("refuses an undo record that names a daily note, and changes nothing", async () => {
    const { app, service } = await setup();
    app.config.set(
      `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/last-compile.json`,
      JSON.stringify({
        version: 1,
        op: "compile",
        at: "2026-11-22T10:00:00Z",
        logPath: "daily/2026-11-20.md",
        previousState: null,
        files: [{ path: "daily/2026-11-20.md", before: "evil", after: app.files.get("daily/2026-11-20.md") }],
      }),
    );
    const before = new Map(app.files);
    const r = await service.undo();
    expect(r).toEqual({ ok: false, error: expect.stringContaining("it was not applied and nothing was changed") as unknown });
    expect(app.files).toEqual(before);
  });

  it("journals before writing and leaves no journal after a completed write", async () => {
    const { app, service } = await setup();
    server.replies.push({ kind: "tool", name: COMPILE_TOOL.name, input: validReply() });
    const journals: string[] = [];
    const write = app.vault.adapter.write;
    app.vault.adapter.write = (p: string, t: string) => {
      if (p.endsWith("write-journal.json"))
        journals.push(`${p} before ${app.files.has("knowledge/concepts/captive-portal-detection.md") ? "after" : "first"} write`);
      return write(p, t);
    };
    const [w] = await service.run(["daily/2026-11-20.md"], acceptAll);
    expect(w?.status).toBe("written");
    expect(journals).toEqual([`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/write-journal.json before first write`]);
    expect(app.config.has(`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/write-journal.json`)).toBe(false);
    expect(app.config.has(`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/write.lock`)).toBe(false);
  });
});

describe("the end-of-day compile", () => {
  it("with accept-automatically on, writes the proposal and says so in log.md", async () => {
    const { app, service } = await setup();
    server.replies.push({ kind: "tool", name: COMPILE_TOOL.name, input: validReply() });
    await runAutoCompile(app as never, service, "daily/2026-11-20.md", true);
    expect(app.files.has("knowledge/concepts/captive-portal-detection.md")).toBe(true);
    expect(app.files.get("knowledge/log.md")).toContain('Accepted automatically (setting "accept automatically" is on)');
    expect(notices.at(-1)).toContain("written automatically");
  });

  it("otherwise prepares the proposal, shows its cost, and writes nothing until reviewed", async () => {
    const { app, data, service } = await setup();
    data.ask.priceOverrides = { "claude-test": { input: 2, output: 10 } };
    const before = new Map(app.files);
    server.replies.push({ kind: "tool", name: COMPILE_TOOL.name, input: validReply() });
    await runAutoCompile(app as never, service, "daily/2026-11-20.md", false);
    const lastNotice = noticesShown.at(-1);
    expect(lastNotice?.messageEl.textContent).toMatch(/End-of-day compile of daily\/2026-11-20\.md is ready \(\d+ files, \$0\.\d+\)/);
    expect(app.files).toEqual(before);
    lastNotice!.messageEl.querySelector("button")!.click();
    const modal = document.body.querySelector(".kc-review");
    expect(modal).not.toBeNull();
  });
});

describe("asking before a costly compile", () => {
  it("asks before the model is called when the estimate is above the threshold, and spends nothing on Cancel", async () => {
    const { app, data, service } = await setup();
    data.ask.priceOverrides = { "claude-test": { input: 2, output: 10 } };
    const before = new Map(app.files);
    const run = runCompileFlow(app as never, service, ["daily/2026-11-20.md"], 0);
    await new Promise((r) => window.setTimeout(r, 50));
    const modal = [...document.body.querySelectorAll("p")].find((p) => p.textContent?.includes("Your threshold is $0.0000"));
    expect(modal?.textContent).toMatch(
      /^Compiling daily\/2026-11-20\.md: about [\d,]+ input tokens, about \$0\.\d+, at most \$0\.\d+\. Your threshold is \$0\.0000 \(in settings, "Ask before costly compiles"\)\.$/,
    );
    [...modal!.parentElement!.querySelectorAll("button")].find((b) => b.textContent === "Cancel")!.click();
    await run;
    expect(server.requests).toHaveLength(0);
    expect(app.files).toEqual(before);
    expect(notices.at(-1)).toContain("Cancelled before the model was asked");
  });

  it("asks at a model of unknown price whatever the threshold, saying the cost is unknown, not another model's", async () => {
    const { app, service } = await setup();
    const run = runCompileFlow(app as never, service, ["daily/2026-11-20.md"], 1000);
    const modal = await until(() => [...document.body.querySelectorAll("p")].find((p) => p.textContent?.startsWith("Compiling daily/2026-11-20.md")));
    expect(modal.textContent).toMatch(
      /^Compiling daily\/2026-11-20\.md: about [\d,]+ input tokens, cost unknown \(no price is known for the model; set one in the settings\)\./,
    );
    [...modal.parentElement!.querySelectorAll("button")].find((b) => b.textContent === "Cancel")!.click();
    await run;
    expect(server.requests).toHaveLength(0);
  });
});
