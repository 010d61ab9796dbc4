import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { notices } from "../fakes/obsidian-stub";
import { createFakeApp } from "../fakes/fake-app";
import { TranscriptBuilder } from "../fakes/transcript-builder";
import { TEST_RULES } from "../fakes/in-memory-compile-host";
import { DEFAULT_CAPTURE_SETTINGS, type CaptureSettings } from "../../src/core/settings/plugin-data";
import { runCaptureFlow } from "../../src/ui/capture-flow";
import { createSelectModel } from "../../src/obsidian/create-model";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { priceFor } from "../../src/core/llm/models";
import { startLoopbackAnthropic } from "../fakes/loopback-anthropic-server";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { CONFIG_DIR } from "../fakes/config-dir";
import { settingsModels } from "../../src/obsidian/plugin-host";
import { spendModels } from "../../src/core/spend/spend-models";
import { SpendLedger } from "../../src/core/spend/spend-ledger";
import { DEFAULT_SPEND_SETTINGS } from "../../src/core/spend/spend-settings";
import { inMemoryPluginFiles } from "../fakes/in-memory-plugin-files";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "kc-capture-ui-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("capture in Obsidian (desktop)", () => {
  it("appends the chosen projects' sessions through the vault and says what it did", async () => {
    const project = join(dir, "p");
    mkdirSync(project, { recursive: true });
    const t = new TranscriptBuilder("s1", "2026-11-20T10:00:00Z", { cwd: "/work/notes-app", gitBranch: "main", entrypoint: "cli" });
    for (const p of ["plan the outbox", "add retries", "add jitter", "write tests with key sk-ant-api03-ZZZZZZZZZZZZZZZZZZZZZZZZ"]) t.prompt(p).reply("ok");
    writeFileSync(join(project, "s1.jsonl"), t.text());
    const app = createFakeApp({ "daily/2026-11-20.md": "# Daily Log: 2026-11-20\n\nmine\n" });
    const settings: CaptureSettings = { ...DEFAULT_CAPTURE_SETTINGS, roots: dir, idleMinutes: 0, projects: ["/work/notes-app"] };
    await runCaptureFlow(
      app as never,
      () => TEST_RULES,
      () => settings,
      `${CONFIG_DIR}/plugins/ckp-knowledge-compiler`,
    );
    const text = app.files.get("daily/2026-11-20.md")!;
    expect(text.startsWith("# Daily Log: 2026-11-20\n\nmine\n")).toBe(true);
    expect(text).toContain("- Asked: add retries");
    expect(text).not.toContain("ZZZZZZZZ");
    expect(notices.at(-1)).toBe("Capture: 1 session entry appended to daily notes, 1 secret redacted.");
    expect(app.config.has(`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/capture-state.json`)).toBe(true);
  });

  it("asks for projects to be chosen before capturing anything", async () => {
    const app = createFakeApp({});
    await runCaptureFlow(
      app as never,
      () => TEST_RULES,
      () => ({ ...DEFAULT_CAPTURE_SETTINGS, roots: dir }),
      `${CONFIG_DIR}/plugins/x`,
    );
    expect(notices.at(-1)).toContain("no project is chosen yet");
    expect(app.files.size).toBe(0);
  });

  it("distils through the selection model when the setting opts in, says the cost, and falls back when the reply does not fit", async () => {
    const server = await startLoopbackAnthropic();
    forwardRequestUrlToFetch();
    try {
      const project = join(dir, "p");
      mkdirSync(project, { recursive: true });
      for (const [id, day] of [
        ["s1", "2026-11-20"],
        ["s2", "2026-11-21"],
      ] as const) {
        const t = new TranscriptBuilder(id, `${day}T10:00:00Z`, { cwd: "/work/notes-app", gitBranch: "main", entrypoint: "cli" });
        for (const p of ["plan the outbox", "add retries", "add jitter", "write tests"]) t.prompt(p).reply("ok");
        writeFileSync(join(project, `${id}.jsonl`), t.text());
      }
      // The vault has its daily notes folder (capture creates no folder that is not configured).
      const app = createFakeApp({ "daily/2026-11-01.md": "earlier\n" }, { "anthropic-api-key": "sk-test" });
      const data = mergePluginData({
        ask: { baseUrl: server.baseUrl, selectModel: "claude-select-test" },
        capture: { roots: dir, idleMinutes: 0, projects: ["/work/notes-app"], distill: true },
      });
      const model = () => Promise.resolve({ id: "claude-select-test", model: createSelectModel(app as never, data.ask), price: priceFor("claude-opus-5-5") });
      server.replies.push({
        kind: "tool",
        name: "record_session",
        input: { decisions: ["Keep five retries"], lessons: ["Jitter avoids herds"], actions: ["Write the runbook"] },
      });
      server.replies.push({ kind: "text", text: "not the tool" });
      await runCaptureFlow(
        app as never,
        () => TEST_RULES,
        () => data.capture,
        `${CONFIG_DIR}/plugins/x`,
        false,
        model,
      );
      expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual(["claude-select-test", "claude-select-test"]);
      const notes = [...app.files.entries()].filter(([p]) => p.startsWith("daily/")).map(([, t]) => t);
      expect(notes.filter((t) => t.includes("**Decisions Made:**\n- Keep five retries"))).toHaveLength(1);
      expect(notes.filter((t) => t.includes("- Asked: add retries"))).toHaveLength(2);
      expect(notices.at(-1)).toMatch(
        /^Capture: 2 session entries appended to daily notes\. Distillation: [\d,]+ in \+ [\d,]+ out tokens, \$\d\.\d{4} \(claude-select-test\)\.$/,
      );
    } finally {
      await server.close();
    }
  });

  it("distils with a local model server's model, no key, its reply as JSON in the text, at $0 under a cap", async () => {
    const server = await startLoopbackAnthropic({ refuse: ["cache_control", "output_config", "tool_choice", "thinking", "tools"] });
    // The settings name Ollama's address, as its preset fills it in; the requests reach the test's server.
    forwardRequestUrlToFetch("http://localhost:11434", server.baseUrl);
    try {
      const project = join(dir, "p");
      mkdirSync(project, { recursive: true });
      const t = new TranscriptBuilder("s1", "2026-11-20T10:00:00Z", { cwd: "/work/notes-app", gitBranch: "main", entrypoint: "cli" });
      for (const p of ["plan the outbox", "add retries", "add jitter", "write tests"]) t.prompt(p).reply("ok");
      writeFileSync(join(project, "s1.jsonl"), t.text());
      const app = createFakeApp({ "daily/2026-11-01.md": "earlier\n" });
      const data = mergePluginData({
        ask: { baseUrl: "http://localhost:11434", model: "llama3.2:3b" },
        capture: { roots: dir, idleMinutes: 0, projects: ["/work/notes-app"], distill: true },
      });
      // As the plugin host wires it: the settings' models through the ledger and a cap far below any hosted call.
      const ledger = new SpendLedger(inMemoryPluginFiles());
      const models = spendModels(
        settingsModels(app as never, () => data),
        {
          ledger,
          settings: () => ({ ...DEFAULT_SPEND_SETTINGS, dailyCapUsd: 1e-6 }),
          now: () => new Date(),
        },
      );
      const reply = { decisions: ["Keep five retries"], lessons: [], actions: ["Write the runbook"] };
      server.replies.push({ kind: "text", text: `Here it is:\n\`\`\`json\n${JSON.stringify(reply)}\n\`\`\`` });
      await runCaptureFlow(
        app as never,
        () => TEST_RULES,
        () => data.capture,
        `${CONFIG_DIR}/plugins/x`,
        false,
        async () => {
          const got = await models.get("distill");
          return got.ok ? got.value : null;
        },
      );
      const last = server.requests.at(-1)!.body as { model: string; tools?: unknown };
      expect(last.model).toBe("llama3.2:3b");
      expect(last.tools).toBeUndefined();
      expect(server.requests[0]!.headers["x-api-key"]).toBeUndefined();
      expect(app.files.get("daily/2026-11-20.md")).toContain("**Decisions Made:**\n- Keep five retries");
      expect(notices.at(-1)).toMatch(/Distillation: [\d,]+ in \+ [\d,]+ out tokens, \$0\.0000 \(llama3\.2:3b\)\.$/);
      expect(await ledger.read()).toMatchObject([{ feature: "distill", model: "llama3.2:3b", usd: 0 }]);
    } finally {
      await server.close();
    }
  });

  it("never calls the model while the setting is off", async () => {
    const project = join(dir, "p");
    mkdirSync(project, { recursive: true });
    const t = new TranscriptBuilder("s1", "2026-11-20T10:00:00Z", { cwd: "/work/notes-app", gitBranch: "main", entrypoint: "cli" });
    for (const p of ["one", "two", "three", "four"]) t.prompt(p).reply("ok");
    writeFileSync(join(project, "s1.jsonl"), t.text());
    const app = createFakeApp({ "daily/2026-11-01.md": "earlier\n" });
    let asked = 0;
    const settings: CaptureSettings = { ...DEFAULT_CAPTURE_SETTINGS, roots: dir, idleMinutes: 0, projects: ["/work/notes-app"] };
    await runCaptureFlow(
      app as never,
      () => TEST_RULES,
      () => settings,
      `${CONFIG_DIR}/plugins/x`,
      false,
      () => {
        asked++;
        return Promise.resolve(null);
      },
    );
    expect(asked).toBe(0);
    expect(notices.at(-1)).toBe("Capture: 1 session entry appended to daily notes.");
  });
});
