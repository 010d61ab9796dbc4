import { describe, expect, it } from "vitest";
import { WorkspaceLeaf } from "obsidian";
import { LintView, type LintViewHost } from "../../src/ui/lint-view";
import type { LintFinding } from "../../src/core/lint/lint-types";

const FINDINGS: LintFinding[] = [
  { check: "broken-link", severity: "error", path: "knowledge/concepts/a.md", line: 4, col: 2, message: "Broken link [[b]]" },
  { check: "missing-backlink", severity: "warning", path: "knowledge/concepts/a.md", line: 6, col: 0, message: "[[c]] does not link back", fix: { kind: "add-backlink", path: "knowledge/concepts/c.md", target: "knowledge/concepts/a.md" } },
  { check: "sparse-article", severity: "suggestion", path: "knowledge/concepts/d.md", line: 0, col: 0, message: "Sparse: 12 words" },
];

function host(findings: LintFinding[], ready = true) {
  const calls = { open: [] as LintFinding[], fix: [] as LintFinding[], relint: 0 };
  let listener: (() => void) | null = null;
  const h: LintViewHost = {
    findings: () => findings,
    ready,
    progress: 0.4,
    open: (f) => calls.open.push(f),
    fix: (f) => calls.fix.push(f),
    relint: () => calls.relint++,
    subscribe: (cb) => {
      listener = cb;
      return () => (listener = null);
    },
  };
  return { h, calls, fire: () => listener?.() };
}

describe("LintView", () => {
  it("shows counts by severity and findings grouped by check", async () => {
    const { h } = host(FINDINGS);
    const view = new LintView(new WorkspaceLeaf() as never, h);
    await view.onOpen();
    const el = view.contentEl;
    expect([...el.querySelectorAll(".kc-lint-chip")].map((c) => c.textContent)).toEqual(["1 error", "1 warning", "1 suggestion"]);
    expect([...el.querySelectorAll(".kc-lint-group-title")].map((c) => c.textContent)).toEqual(["broken-link (1)", "missing-backlink (1)", "sparse-article (1)"]);
    expect(el.querySelector(".kc-lint-where")?.textContent).toBe("knowledge/concepts/a.md:5");
  });

  it("opens a finding at its place and applies a fix when asked", async () => {
    const { h, calls } = host(FINDINGS);
    const view = new LintView(new WorkspaceLeaf() as never, h);
    await view.onOpen();
    (view.contentEl.querySelector(".kc-lint-where") as HTMLElement).click();
    expect(calls.open[0]).toBe(FINDINGS[0]);
    const fixes = view.contentEl.querySelectorAll(".kc-lint-fix");
    expect(fixes).toHaveLength(1);
    (fixes[0] as HTMLElement).click();
    expect(calls.fix[0]).toBe(FINDINGS[1]);
  });

  it("filters by severity when a count is clicked", async () => {
    const { h } = host(FINDINGS);
    const view = new LintView(new WorkspaceLeaf() as never, h);
    await view.onOpen();
    (view.contentEl.querySelector(".kc-sev-error") as HTMLElement).click();
    expect([...view.contentEl.querySelectorAll(".kc-lint-group-title")].map((c) => c.textContent)).toEqual(["missing-backlink (1)", "sparse-article (1)"]);
  });

  it("shows progress until the first lint is ready, then re-renders on change", async () => {
    const findings: LintFinding[] = [];
    const { h, fire } = host(findings, false);
    const view = new LintView(new WorkspaceLeaf() as never, h);
    await view.onOpen();
    expect(view.contentEl.querySelector(".kc-lint-progress")?.textContent).toBe("Reading notes… 40%");
    (h as { ready: boolean }).ready = true;
    fire();
    expect(view.contentEl.querySelector(".kc-lint-empty")?.textContent).toContain("healthy");
  });
});
