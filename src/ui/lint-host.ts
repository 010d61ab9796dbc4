import { MarkdownView, Notice, TFile, type App } from "obsidian";
import type { LintFinding } from "../core/lint/lint-types";
import type { LintService } from "../obsidian/lint-service";
import { fixAllFlow } from "./lint-fix-all-flow";
import type { LintViewHost } from "./lint-view";

/**
 * Connects the lint pane to the service and the workspace: open a finding at its place, apply a fix, dismiss ("not a
 * conflict"), re-lint; `extra` adds what other parts of the plugin provide (writing the report).
 */
export function createLintHost(app: App, service: LintService, extra: Pick<LintViewHost, "writeReport"> = {}): LintViewHost {
  return {
    ...extra,
    findings: () => service.findings(),
    get ready() {
      return service.ready;
    },
    get progress() {
      return service.progress;
    },
    open: (f) => void openFinding(app, f),
    fix: (f) => void fixFinding(service, f),
    relint: () => void service.restart(),
    fixAll: (findings) => void fixAllFlow(app, service, findings),
    activeNote: () => app.workspace.getActiveFile()?.path ?? null,
    // "Not a conflict": remembered for the pair until either article changes; the findings go at once.
    dismiss: async (f) => {
      await service.dismiss(f);
      new Notice("Dismissed as not a conflict, until either article changes.");
    },
    subscribe: (onChange, onProgress) => {
      const a = service.on("changed", onChange);
      const b = service.on("progress", onProgress ?? onChange);
      // "This note only" follows the note open in the editor.
      const c = app.workspace.on("file-open", () => onChange());
      return () => {
        service.offref(a);
        service.offref(b);
        app.workspace.offref(c);
      };
    },
  };
}

/** Opens the finding's note with the cursor on its line and column. */
export async function openFinding(app: App, f: LintFinding): Promise<void> {
  const file = app.vault.getAbstractFileByPath(f.path);
  if (!(file instanceof TFile)) {
    new Notice(`${f.path} no longer exists.`);
    return;
  }
  const leaf = app.workspace.getLeaf(false);
  await leaf.openFile(file, { eState: { line: f.line } });
  const view = leaf.view instanceof MarkdownView ? leaf.view : null;
  if (view) {
    view.editor.setCursor({ line: f.line, ch: f.col });
    view.editor.scrollIntoView({ from: { line: f.line, ch: 0 }, to: { line: f.line, ch: 0 } }, true);
  }
}

/** Applies a finding's safe fix through the lint service (the core lint-fix workflow); reports the outcome once. */
export async function fixFinding(service: LintService, f: LintFinding): Promise<void> {
  const r = await service.fix(f);
  if (r) new Notice(r.ok ? `Fixed in ${r.value.path}.` : r.error);
}
