import { describe, expect, it } from "vitest";
import { createFakeApp } from "../fakes/fake-app";
import { notices } from "../fakes/obsidian-stub";
import { until } from "../fakes/until";
import type { LintFinding } from "../../src/core/lint/lint-types";
import { SliceScheduler } from "../../src/core/util/slice-scheduler";
import { QueueWriteLock } from "../../src/core/ports/compile-records";
import { LintService } from "../../src/obsidian/lint-service";
import { ObsidianNoteStore } from "../../src/obsidian/obsidian-note-store";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { createLintHost } from "../../src/ui/lint-host";

const art = (body: string) => `---\ntldr: t\nanswers_when: [x]\n---\n${body}`;

/** The lint pane's host over a fake vault, its fixes written through a host bundle of the vault's store and rules. */
async function setup(files: Record<string, string>) {
  const app = createFakeApp(files);
  const data = mergePluginData({ settings: { lintScope: "vault" } });
  const host = { store: new ObsidianNoteStore(app as never), rules: () => data.settings, lock: new QueueWriteLock() };
  const lint = new LintService(app as never, () => data, null, new SliceScheduler({ now: () => 0, yieldToMain: () => Promise.resolve() }, 8), {
    host: () => host,
  });
  await lint.lintAll();
  return { app, lint, pane: createLintHost(app as never, lint) };
}

describe("the lint pane's Fix", () => {
  it("writes a missing backlink into the article through the write workflow and says where", async () => {
    const { app, lint, pane } = await setup({
      "knowledge/concepts/a.md": art("# A\n\nSee [[b]].\n"),
      "knowledge/concepts/b.md": art("# B\n\nAbout B.\n"),
    });
    const finding = lint.findings().find((f) => f.check === "missing-backlink" && f.fix)!;
    expect(finding.fix).toMatchObject({ kind: "add-backlink", path: "knowledge/concepts/b.md" });
    pane.fix(finding);
    await until(() => notices.includes("Fixed in knowledge/concepts/b.md."));
    expect(app.files.get("knowledge/concepts/b.md")).toContain("## Related Concepts\n- [[knowledge/concepts/a]]");
  });

  it("writes nothing to a note outside the knowledge folder, and says why", async () => {
    const text = "# Loose\n\nAbout it.\n";
    const { app, pane } = await setup({ "notes/loose.md": text, "knowledge/concepts/a.md": art("# A\n") });
    const finding: LintFinding = {
      check: "missing-backlink",
      severity: "warning",
      path: "notes/loose.md",
      line: 0,
      col: 0,
      message: "m",
      fix: { kind: "add-backlink", path: "notes/loose.md", target: "knowledge/concepts/a.md" },
    };
    pane.fix(finding);
    await until(() => notices.some((n) => n.startsWith("Not fixed: notes/loose.md is outside the knowledge folder")));
    expect(app.files.get("notes/loose.md")).toBe(text);
  });
});
