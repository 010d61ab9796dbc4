import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { notices } from "../fakes/obsidian-stub";
import { createFakeApp } from "../fakes/fake-app";
import { TranscriptBuilder } from "../fakes/transcript-builder";
import { TEST_RULES } from "../fakes/in-memory-compile-host";
import { DEFAULT_CAPTURE_SETTINGS, type CaptureSettings } from "../../src/obsidian/plugin-data";
import { runCaptureFlow } from "../../src/ui/capture-flow";

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
    await runCaptureFlow(app as never, () => TEST_RULES, () => settings, ".obsidian/plugins/ckp-knowledge-compiler");
    const text = app.files.get("daily/2026-11-20.md")!;
    expect(text.startsWith("# Daily Log: 2026-11-20\n\nmine\n")).toBe(true);
    expect(text).toContain("- Asked: add retries");
    expect(text).not.toContain("ZZZZZZZZ");
    expect(notices.at(-1)).toBe("Capture: 1 session entry appended to daily notes, 1 secret redacted.");
    expect(app.config.has(".obsidian/plugins/ckp-knowledge-compiler/capture-state.json")).toBe(true);
  });

  it("asks for projects to be chosen before capturing anything", async () => {
    const app = createFakeApp({});
    await runCaptureFlow(app as never, () => TEST_RULES, () => ({ ...DEFAULT_CAPTURE_SETTINGS, roots: dir }), ".obsidian/plugins/x");
    expect(notices.at(-1)).toContain("no project is chosen yet");
    expect(app.files.size).toBe(0);
  });
});
