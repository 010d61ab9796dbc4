import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { noticesShown, Platform } from "../fakes/obsidian-stub";
import { createFakeApp } from "../fakes/fake-app";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../src/core/knowledge/knowledge-settings";
import { writeLintReportFlow } from "../../src/ui/write-lint-report-flow";
import type { App } from "obsidian";
import type { LintService } from "../../src/obsidian/lint-service";

// The plugin refuses a report folder that links outside the vault, as the command line does, with a real symbolic
// link in a temporary folder standing for the vault's folder on disk (FileSystemAdapter#getBasePath).
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "kc-report-flow-"));
  mkdirSync(join(dir, "vault", "knowledge"), { recursive: true });
  mkdirSync(join(dir, "elsewhere"));
  noticesShown.length = 0;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  Platform.isDesktopApp = true;
});

function setup() {
  const app = createFakeApp({ "knowledge/concepts/a.md": "# A\n" });
  const withBase = { ...app, vault: { ...app.vault, getName: () => "vault", adapter: { ...app.vault.adapter, getBasePath: () => join(dir, "vault") } } };
  const lint = { ready: true, settings: { ...DEFAULT_KNOWLEDGE_SETTINGS, knowledgeFolder: "knowledge" }, findings: () => [] } as unknown as LintService;
  return { app, run: () => writeLintReportFlow(withBase as unknown as App, lint) };
}

describe("Write lint report with a linked report folder", () => {
  it("writes nothing and says why when the report folder links outside the vault", async () => {
    symlinkSync(join(dir, "elsewhere"), join(dir, "vault", "knowledge", "reports"));
    const { app, run } = setup();
    await run();
    expect([...app.files.keys()].filter((p) => p.includes("reports/"))).toEqual([]);
    expect(noticesShown.map((n) => n.messageEl.textContent)).toEqual([expect.stringContaining("is a link that leads outside the vault") as unknown]);
  });

  it("writes the report into a plain report folder", async () => {
    const { app, run } = setup();
    await run();
    expect(noticesShown.map((n) => n.messageEl.textContent)).toEqual([expect.stringMatching(/^Lint report written: knowledge\/reports\/lint-/) as unknown]);
    expect([...app.files.keys()].some((p) => /^knowledge\/reports\/lint-\d{4}-\d{2}-\d{2}\.md$/.test(p))).toBe(true);
  });

  it("does not check on mobile, where the adapter has no real path to ask", async () => {
    symlinkSync(join(dir, "elsewhere"), join(dir, "vault", "knowledge", "reports"));
    Platform.isDesktopApp = false;
    const { app, run } = setup();
    await run();
    expect([...app.files.keys()].some((p) => p.startsWith("knowledge/reports/"))).toBe(true);
  });
});
