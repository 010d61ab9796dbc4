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
import { fixAllFlow } from "../../src/ui/lint-fix-all-flow";
import { InMemoryCompileRecords } from "../fakes/in-memory-compile-host";

const art = (body: string) => `---\ntldr: t\nanswers_when: [x]\n---\n${body}`;

/** The lint pane's host over a fake vault, its fixes written through a host bundle of the vault's store and rules. */
async function setup(files: Record<string, string>, lintScope: "knowledge" | "vault" = "vault") {
  const app = createFakeApp(files);
  const data = mergePluginData({ settings: { lintScope } });
  const host = {
    store: new ObsidianNoteStore(app as never),
    rules: () => data.settings,
    lock: new QueueWriteLock(),
    records: new InMemoryCompileRecords(),
    now: () => new Date("2026-11-22T18:30:00.000Z"),
  };
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
    // Lint set to the knowledge folder: a note outside it is not one lint covers.
    const { app, pane } = await setup({ "notes/loose.md": text, "knowledge/concepts/a.md": art("# A\n") }, "knowledge");
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

describe("the lint pane's fixes when lint looks at every note", () => {
  const loose = "# Loose\n\nAbout it.\n";
  const files = {
    "01. Personal/Work/Teams.md": "# Teams\n\nSee [[Loose]] and [[Other]].\n",
    "notes/Loose.md": loose,
    "notes/Other.md": "# Other\n",
  };

  it("writes one finding's fix into a note outside the knowledge folder, as a write undo takes back", async () => {
    const { app, lint, pane } = await setup(files);
    const finding = lint.findings().find((f) => f.check === "missing-backlink" && f.fix?.path === "notes/Loose.md")!;
    pane.fix(finding);
    await until(() => notices.includes("Fixed in notes/Loose.md."));
    expect(app.files.get("notes/Loose.md")).toContain("[[01. Personal/Work/Teams]]");
  });

  it("Fix all reviews every note's change, writes the accepted ones and says what undo takes back", async () => {
    const { app, lint } = await setup(files);
    const findings = lint.findings().filter((f) => f.check === "missing-backlink" && f.fix);
    expect(findings).toHaveLength(2);
    const done = fixAllFlow(app as never, lint, findings);
    await until(() => document.querySelector(".modal-container button") !== null);
    const accept = [...document.querySelectorAll<HTMLButtonElement>(".modal-container button")].find((b) => b.textContent === "Fix 2 notes")!;
    accept.click();
    await done;
    expect(notices.at(-1)).toBe("Fixed 2 notes. “Undo last compile” undoes the last write, now this fix: it puts the 2 notes back.");
    expect(app.files.get("notes/Loose.md")).toContain("[[01. Personal/Work/Teams]]");
    expect(app.files.get("notes/Other.md")).toContain("[[01. Personal/Work/Teams]]");
  });

  it("names a refused note once when nothing can be fixed", async () => {
    const { lint } = await setup(files, "knowledge");
    const long = `${"A very long folder name/".repeat(4)}Note.md`;
    await fixAllFlow({} as never, lint, [
      { check: "missing-backlink", severity: "warning", path: long, line: 0, col: 0, message: "m", fix: { kind: "add-backlink", path: long, target: "x.md" } },
    ]);
    const said = notices.at(-1)!;
    expect(said.split(long).length - 1).toBe(1);
    expect(said).toContain("outside the knowledge folder");
  });
});
