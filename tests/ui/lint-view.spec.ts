import { describe, expect, it, vi } from "vitest";
import { WorkspaceLeaf } from "obsidian";
import { menusShown } from "../fakes/obsidian-stub";
import { LintView, type LintViewHost } from "../../src/ui/lint-view";
import { SliceScheduler } from "../../src/core/util/slice-scheduler";
import { FINDING_ROW_PX } from "../../src/ui/lint-list-geometry";
import { LINT_CHECKS } from "../../src/core/lint/lint-checks";
import type { LintFinding } from "../../src/core/lint/lint-types";

const FINDINGS: LintFinding[] = [
  { check: "broken-link", severity: "error", path: "knowledge/concepts/a.md", line: 4, col: 2, message: "Broken link [[b]]" },
  {
    check: "missing-backlink",
    severity: "warning",
    path: "knowledge/concepts/a.md",
    line: 6,
    col: 0,
    message: "[[c]] does not link back",
    fix: { kind: "add-backlink", path: "knowledge/concepts/c.md", target: "knowledge/concepts/a.md" },
  },
  { check: "sparse-article", severity: "suggestion", path: "knowledge/concepts/d.md", line: 0, col: 0, message: "Sparse: 12 words" },
];

function host(findings: LintFinding[], ready = true) {
  const calls = { open: [] as LintFinding[], fix: [] as LintFinding[], relint: 0, findings: 0, reports: 0, dismissed: [] as LintFinding[] };
  let listener: (() => void) | null = null;
  let progress: (() => void) | null = null;
  const state = { findings };
  const h: LintViewHost = {
    findings: () => {
      calls.findings++;
      return state.findings;
    },
    ready,
    progress: 0.4,
    open: (f) => calls.open.push(f),
    fix: (f) => calls.fix.push(f),
    relint: () => calls.relint++,
    writeReport: () => calls.reports++,
    dismiss: async (f) => void calls.dismissed.push(f),
    subscribe: (cb, onProgress) => {
      listener = cb;
      progress = onProgress ?? null;
      return () => (listener = null);
    },
  };
  return {
    h,
    calls,
    fire: () => listener?.(),
    fireProgress: () => progress?.(),
    /** Replaces the findings (as the service does after a re-lint) and says so. */
    change: (next: LintFinding[]) => {
      state.findings = next;
      listener?.();
    },
  };
}

/** Findings like a large vault's: every check, spread over many notes. */
function manyFindings(n: number): LintFinding[] {
  const checks = ["broken-link", "orphan-article", "missing-backlink", "sparse-article"];
  const sev = { "broken-link": "error", "orphan-article": "warning", "missing-backlink": "warning", "sparse-article": "suggestion" } as const;
  return Array.from({ length: n }, (_, i) => {
    const check = checks[i % checks.length]! as keyof typeof sev;
    return { check, severity: sev[check], path: `notes/n${String(Math.floor(i / 4)).padStart(6, "0")}.md`, line: i % 7, col: 0, message: `Finding ${i}` };
  });
}

async function openView(findings: LintFinding[]) {
  const hs = host(findings);
  const view = new LintView(new WorkspaceLeaf(), hs.h);
  document.body.appendChild(view.containerEl);
  await view.onOpen();
  // Tens of thousands of findings are gone through in time slices: wait until the pane shows them.
  await vi.waitFor(() => expect(view.building).toBe(false));
  return { ...hs, view, el: view.contentEl };
}

const positions = (el: HTMLElement) => [...el.querySelectorAll(".kc-lint-finding")].map((r) => Number(r.getAttribute("aria-posinset")));

describe("LintView", () => {
  it("shows counts by severity in words, and findings grouped by check, named in words with the check's description", async () => {
    const { h } = host(FINDINGS);
    const view = new LintView(new WorkspaceLeaf(), h);
    await view.onOpen();
    const el = view.contentEl;
    expect([...el.querySelectorAll(".kc-lint-count")].map((c) => c.getAttribute("aria-label"))).toEqual(["1 error", "1 warning", "1 suggestion"]);
    expect([...el.querySelectorAll(".kc-lint-group-name")].map((c) => c.textContent)).toEqual(["Broken link", "Missing backlink", "Sparse article"]);
    expect([...el.querySelectorAll(".kc-lint-group-count")].map((c) => c.textContent)).toEqual(["1", "1", "1"]);
    const broken = LINT_CHECKS.find((c) => c.id === "broken-link")!;
    expect(el.querySelector(".kc-lint-group-desc")?.textContent).toBe(broken.description);
    expect(el.querySelector(".kc-lint-where")?.textContent).toBe("knowledge/concepts/a.md:5");
  });

  it("puts its actions in the view header as icon buttons, not text buttons in the pane", async () => {
    const { view, calls } = await openView(FINDINGS);
    const actions = [...view.containerEl.querySelectorAll<HTMLElement>(".view-header .view-action")];
    expect(actions.map((a) => a.getAttribute("aria-label"))).toEqual(["Lint again", "Write lint report", "Filter by severity"]);
    actions[0]!.click();
    actions[1]!.click();
    expect(calls.relint).toBe(1);
    expect(calls.reports).toBe(1);
    expect([...view.contentEl.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Fix"]);
  });

  it("lets a path break after each folder separator", async () => {
    const { el } = await openView(FINDINGS);
    const where = el.querySelector(".kc-lint-where > bdi")!;
    expect([...where.childNodes].map((n) => (n.nodeName === "WBR" ? "|" : n.textContent)).join("")).toBe("knowledge/|concepts/|a.md:5");
  });

  it("collapses and opens a check's group from its title, with the mouse or Enter and Space, saying so in aria-expanded", async () => {
    const { el } = await openView(manyFindings(8));
    const toggle = () => el.querySelector<HTMLElement>(".kc-lint-group-toggle")!;
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    toggle().click();
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect([...el.querySelectorAll(".kc-lint-message")].map((m) => m.textContent)).not.toContain("Finding 0");
    expect(el.querySelectorAll(".kc-lint-group-toggle")).toHaveLength(4);
    toggle().focus();
    toggle().dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect([...el.querySelectorAll(".kc-lint-message")].map((m) => m.textContent)).toContain("Finding 0");
    expect(document.activeElement).toBe(toggle());
    toggle().dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
  });

  it("reaches a check's title from its first finding with the arrow keys", async () => {
    const { el } = await openView(manyFindings(40));
    el.querySelector<HTMLElement>(".kc-lint-where")!.focus();
    document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    expect((document.activeElement as HTMLElement).classList.contains("kc-lint-group-toggle")).toBe(true);
    expect(document.activeElement?.getAttribute("tabindex")).toBe("0");
  });

  it("shows a finding's related places as links that open at their line, and a Dismiss button when the host can dismiss", async () => {
    const conflict: LintFinding = {
      check: "contradiction",
      severity: "warning",
      path: "knowledge/concepts/a.md",
      line: 3,
      col: 0,
      message: "A says 3 retries, C says forever",
      related: [{ path: "knowledge/concepts/c.md", line: 9, col: 2, label: "Uploads retry forever." }],
      dismissKey: "a|c",
    };
    const { el, calls, h } = await openView([...FINDINGS, conflict]);
    expect([...el.querySelectorAll(".kc-lint-group-name")].map((c) => c.textContent)).toContain("Contradiction");
    const link = el.querySelector<HTMLElement>(".kc-lint-related-link")!;
    expect(link.textContent).toBe("c:10");
    expect(link.getAttribute("aria-label")).toBe("Open knowledge/concepts/c.md at line 10: Uploads retry forever.");
    link.click();
    expect(calls.open.at(-1)).toMatchObject({ path: "knowledge/concepts/c.md", line: 9, col: 2 });
    calls.open.length = 0;
    link.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(calls.open).toHaveLength(1);
    expect(calls.open[0]).toMatchObject({ path: "knowledge/concepts/c.md", line: 9 });
    const dismiss = el.querySelector<HTMLElement>(".kc-lint-dismiss")!;
    expect(dismiss.getAttribute("aria-label")).toBe("Dismiss: not a conflict");
    dismiss.click();
    expect(calls.dismissed).toEqual([conflict]);
    // A host without dismiss offers no button.
    const bare = new LintView(new WorkspaceLeaf(), { ...h, dismiss: undefined });
    await bare.onOpen();
    expect(bare.contentEl.querySelector(".kc-lint-related-link")).not.toBeNull();
    expect(bare.contentEl.querySelector(".kc-lint-dismiss")).toBeNull();
  });

  it("opens a finding at its place and applies a fix when asked", async () => {
    const { h, calls } = host(FINDINGS);
    const view = new LintView(new WorkspaceLeaf(), h);
    await view.onOpen();
    (view.contentEl.querySelector(".kc-lint-where") as HTMLElement).click();
    expect(calls.open[0]).toBe(FINDINGS[0]);
    const fixes = view.contentEl.querySelectorAll(".kc-lint-fix");
    expect(fixes).toHaveLength(1);
    (fixes[0] as HTMLElement).click();
    expect(calls.fix[0]).toBe(FINDINGS[1]);
  });

  it("filters by severity from the header's filter menu", async () => {
    const { view } = await openView(FINDINGS);
    view.containerEl.querySelector<HTMLElement>('.view-action[aria-label="Filter by severity"]')!.click();
    const menu = menusShown.at(-1)!;
    expect(menu.items.map((i) => [i.title, i.checked])).toEqual([
      ["Errors (1)", true],
      ["Warnings (1)", true],
      ["Suggestions (1)", true],
    ]);
    const filter = view.containerEl.querySelector<HTMLElement>('.view-action[aria-label="Filter by severity"]')!;
    expect(filter.classList.contains("is-active")).toBe(false);
    menu.items[0]!.click();
    expect(filter.classList.contains("is-active")).toBe(true);
    expect([...view.contentEl.querySelectorAll(".kc-lint-group-name")].map((c) => c.textContent)).toEqual(["Missing backlink", "Sparse article"]);
    expect(view.contentEl.querySelector(".kc-lint-count.kc-sev-error")?.getAttribute("aria-label")).toBe("1 error (hidden)");
  });

  it("shows progress until the first lint is ready, then re-renders on change", async () => {
    const findings: LintFinding[] = [];
    const { h, fire } = host(findings, false);
    const view = new LintView(new WorkspaceLeaf(), h);
    await view.onOpen();
    expect(view.contentEl.querySelector(".kc-lint-progress")?.textContent).toBe("Reading notes… 40%");
    (h as { ready: boolean }).ready = true;
    fire();
    expect(view.contentEl.querySelector(".kc-lint-empty")?.textContent).toContain("healthy");
  });

  it("draws a bounded number of rows for 40,000 findings, and the rows in view after a scroll", async () => {
    const { el } = await openView(manyFindings(40000));
    const drawn = el.querySelectorAll(".kc-lint-row");
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(60);
    expect(el.querySelector(".kc-lint-count")?.getAttribute("aria-label")).toBe("10000 errors");
    const list = el.querySelector(".kc-lint-list") as HTMLElement;
    list.scrollTop = 30000 * FINDING_ROW_PX;
    list.dispatchEvent(new Event("scroll"));
    const shown = positions(el);
    expect(shown.length).toBeLessThan(60);
    // Rows are grouped by check: 30,000 rows down is inside the third group (missing-backlink, findings 20,001-30,000).
    expect(Math.min(...shown)).toBeGreaterThan(29000);
    expect(Math.max(...shown)).toBeLessThan(31000);
  });

  it("goes through 40,000 findings in time slices, shows them with their counts when done, and drops a build a newer render replaced", async () => {
    // A clock that moves 1 ms each time it is read, and slices that end only when the test lets them.
    let now = 0;
    const waiting: (() => void)[] = [];
    const scheduler = new SliceScheduler({ now: () => now++, yieldToMain: () => new Promise<void>((r) => waiting.push(r)) });
    const many = manyFindings(40000);
    const hs = host([]);
    const view = new LintView(new WorkspaceLeaf(), hs.h, LINT_CHECKS, scheduler);
    document.body.appendChild(view.containerEl);
    await view.onOpen();
    const el = view.contentEl;
    const errors = () => el.querySelector(".kc-lint-count")?.getAttribute("aria-label");
    const slice = async () => {
      waiting.shift()?.();
      await new Promise((r) => window.setTimeout(r, 0));
    };
    expect(errors()).toBe("0 errors");
    hs.change(many);
    // The render returned after one slice: the pane still shows what it showed, counts and list together.
    expect(view.building).toBe(true);
    expect(errors()).toBe("0 errors");
    expect(el.querySelectorAll(".kc-lint-finding")).toHaveLength(0);
    await slice();
    expect(view.building).toBe(true);
    // New findings before that build is done: it is dropped, and the newest are built.
    const fewer = many.slice(0, 20000);
    hs.change(fewer);
    let slices = 0;
    while (view.building && slices < 1000) {
      await slice();
      slices++;
    }
    expect(view.building).toBe(false);
    expect(slices).toBeGreaterThan(3);
    expect(errors()).toBe("5000 errors");
    expect(el.querySelector(".kc-lint-finding")?.getAttribute("aria-setsize")).toBe("20000");
    // The rows in view are drawn with the findings; the margin beyond them for a fast scroll in the next slice.
    const inView = el.querySelectorAll(".kc-lint-row").length;
    expect(inView).toBeGreaterThan(5);
    expect(waiting).toHaveLength(1);
    await slice();
    expect(waiting).toHaveLength(0);
    expect(el.querySelectorAll(".kc-lint-row").length).toBeGreaterThan(inView);
    expect(Math.max(...positions(el))).toBeLessThan(60);
  });

  it("keeps keyboard focus on its finding, and the other rows' elements, when another group changes", async () => {
    const findings = manyFindings(400);
    const { el, change } = await openView(findings);
    const link = el.querySelectorAll<HTMLElement>(".kc-lint-where")[3]!;
    link.focus();
    expect(document.activeElement).toBe(link);
    const rowsBefore = [...el.querySelectorAll(".kc-lint-row")];
    // An orphan goes away (another group) and a new broken link appears below the focused one.
    const next = findings.filter((f) => f.message !== "Finding 1");
    next.splice(40, 0, { check: "broken-link", severity: "error", path: "notes/z.md", line: 0, col: 0, message: "New" });
    change(next);
    expect(document.activeElement).toBe(link);
    expect(link.isConnected).toBe(true);
    const rowsAfter = [...el.querySelectorAll(".kc-lint-row")];
    expect(rowsAfter.filter((r) => rowsBefore.includes(r)).length).toBeGreaterThan(rowsAfter.length - 3);
  });

  it("moves focus to the next finding when the focused one is fixed away", async () => {
    const findings = manyFindings(40);
    const { el, change } = await openView(findings);
    const links = el.querySelectorAll<HTMLElement>(".kc-lint-where");
    links[2]!.focus();
    const fixed = findings.filter((f) => f.check === "broken-link")[2]!;
    change(findings.filter((f) => f !== fixed));
    expect((document.activeElement as HTMLElement).classList.contains("kc-lint-where")).toBe(true);
    expect(document.activeElement?.closest(".kc-lint-finding")?.querySelector(".kc-lint-message")?.textContent).toBe("Finding 12");
  });

  it("updates only the progress line on progress, without asking for findings or touching the list", async () => {
    const { el, calls, fireProgress, h } = await openView(manyFindings(100));
    (h as { progress: number }).progress = 0.5;
    const rows = [...el.querySelectorAll(".kc-lint-row")];
    const asked = calls.findings;
    fireProgress();
    expect(calls.findings).toBe(asked);
    expect([...el.querySelectorAll(".kc-lint-row")]).toEqual(rows);
    expect(el.querySelector(".kc-lint-progress")?.textContent).toBe("Linting again… 50%");
  });

  it("walks every finding with the arrow keys, End and Home, drawing rows as they are reached; one row is in the Tab order", async () => {
    const { el } = await openView(manyFindings(40000));
    const first = el.querySelector<HTMLElement>(".kc-lint-where")!;
    expect([...el.querySelectorAll(".kc-lint-where")].filter((a) => a.getAttribute("tabindex") === "0")).toEqual([first]);
    first.focus();
    const press = (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    press("End");
    const row = () => Number(document.activeElement?.closest(".kc-lint-finding")?.getAttribute("aria-posinset"));
    expect(row()).toBe(40000);
    press("ArrowUp");
    expect(row()).toBe(39999);
    expect([...el.querySelectorAll(".kc-lint-where")].filter((a) => a.getAttribute("tabindex") === "0")).toEqual([document.activeElement]);
    press("Home");
    press("ArrowDown");
    expect(row()).toBe(2);
    expect(el.querySelectorAll(".kc-lint-row").length).toBeLessThan(62);
  });
});
