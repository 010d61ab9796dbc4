import { describe, expect, it } from "vitest";
import { WorkspaceLeaf } from "obsidian";
import { LintView, type LintViewHost } from "../../src/ui/lint-view";
import { lintFixReview } from "../../src/ui/lint-fix-all-flow";
import type { LintFinding } from "../../src/core/lint/lint-types";

const backlink = (n: number): LintFinding => ({
  check: "missing-backlink",
  severity: "warning",
  path: `knowledge/concepts/n${n}.md`,
  line: n,
  col: 0,
  message: `[[x${n}]] does not link back`,
  fix: { kind: "add-backlink", path: `knowledge/concepts/x${n}.md`, target: `knowledge/concepts/n${n}.md` },
});
const FINDINGS: LintFinding[] = [
  {
    check: "broken-link",
    severity: "error",
    path: "knowledge/concepts/a.md",
    line: 4,
    col: 2,
    message: "Broken link [[b]] in a sentence long enough to be cut in a narrow pane",
  },
  ...Array.from({ length: 30 }, (_, i) => backlink(i)),
  { check: "sparse-article", severity: "suggestion", path: "knowledge/concepts/a.md", line: 0, col: 0, message: "Sparse: 12 words" },
];

async function open(extra: Partial<LintViewHost> = {}) {
  const calls = { fixAll: [] as [readonly LintFinding[], string][] };
  let onChange: () => void = () => undefined;
  const h: LintViewHost = {
    findings: () => FINDINGS,
    ready: true,
    progress: 1,
    open: () => undefined,
    fix: () => undefined,
    relint: () => undefined,
    fixAll: (fs, name) => calls.fixAll.push([fs, name]),
    subscribe: (cb) => ((onChange = cb), () => undefined),
    ...extra,
  };
  const view = new LintView(new WorkspaceLeaf(), h);
  document.body.empty();
  document.body.appendChild(view.containerEl);
  await view.onOpen();
  return { view, el: view.contentEl, calls, fire: () => onChange() };
}
const listed = (el: HTMLElement) => [...el.querySelectorAll(".kc-lint-finding .kc-lint-where")].map((a) => a.textContent);

describe("the lint pane, in bulk", () => {
  it("offers 'Fix all' on a check with several fixable findings, and hands the host that check's findings", async () => {
    const { el, calls } = await open();
    const buttons = [...el.querySelectorAll<HTMLButtonElement>(".kc-lint-fix-all")];
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.closest(".kc-lint-group-title")?.querySelector(".kc-lint-group-name")?.textContent).toBe("Missing backlink");
    buttons[0]!.click();
    expect(calls.fixAll).toHaveLength(1);
    expect(calls.fixAll[0]![0]).toHaveLength(30);
    expect(calls.fixAll[0]![1]).toBe("Missing backlink");
  });

  it("narrows the list to findings whose note, message or check match the text filter", async () => {
    const { el } = await open();
    const filter = el.querySelector<HTMLInputElement>(".kc-lint-filter")!;
    filter.value = "sparse";
    filter.dispatchEvent(new Event("input"));
    expect([...el.querySelectorAll(".kc-lint-finding .kc-lint-message")].map((m) => m.textContent)).toEqual(["Sparse: 12 words"]);
    filter.value = "n7.md";
    filter.dispatchEvent(new Event("input"));
    expect(listed(el)).toEqual(["knowledge/concepts/n7.md:8"]);
  });

  it("shows only the open note's findings with 'This note only', following the note that is open", async () => {
    let active: string | null = "knowledge/concepts/a.md";
    const { el, fire } = await open({ activeNote: () => active });
    const toggle = el.querySelector<HTMLButtonElement>(".kc-lint-note-only")!;
    toggle.click();
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(listed(el)).toEqual(["knowledge/concepts/a.md:5", "knowledge/concepts/a.md:1"]);
    active = "knowledge/concepts/n3.md";
    fire();
    expect(listed(el)).toEqual(["knowledge/concepts/n3.md:4"]);
    active = null;
    fire();
    expect(el.querySelector(".kc-lint-empty")?.textContent).toBe("Open a note to see its findings.");
  });

  it("keeps the title of the group scrolled under the top edge in view", async () => {
    const { el } = await open();
    const list = el.querySelector<HTMLElement>(".kc-lint-list")!;
    const sticky = el.querySelector<HTMLElement>(".kc-lint-sticky")!;
    expect(sticky.classList.contains("kc-hidden")).toBe(true);
    list.scrollTop = 600;
    list.dispatchEvent(new Event("scroll"));
    expect(sticky.classList.contains("kc-hidden")).toBe(false);
    expect(sticky.textContent).toBe("Missing backlink · 30");
  });

  it("uses no native tooltips, and shows a row's whole message and path for the row in focus", async () => {
    const { el } = await open();
    expect(el.querySelectorAll("[title]")).toHaveLength(0);
    el.querySelector<HTMLElement>(".kc-lint-finding .kc-lint-where")!.focus();
    const detail = el.querySelector(".kc-lint-detail")!;
    expect(detail.classList.contains("kc-hidden")).toBe(false);
    expect(detail.textContent).toBe("Broken link [[b]] in a sentence long enough to be cut in a narrow paneknowledge/concepts/a.md, line 5");
  });

  it("puts the message first in a row, so the path cannot push it out", async () => {
    const { el } = await open();
    const row = el.querySelector(".kc-lint-finding")!;
    expect([...row.children].map((c) => c.className.split(" ")[0])).toEqual(["kc-lint-message", "kc-lint-where", "kc-lint-actions"]);
  });
});

describe("the review of a bulk fix", () => {
  it("shows each note's change, what each fix does, what cannot be fixed, and that one undo takes it back", () => {
    const model = lintFixReview("Missing backlink", 3, {
      changes: [
        {
          path: "knowledge/concepts/x1.md",
          before: "# X\n",
          after: "# X\n\n## Related Concepts\n- [[knowledge/concepts/n1]]\n",
          summary: ["adds a link back to knowledge/concepts/n1.md"],
        },
      ],
      skipped: ["daily/2026-01-01.md: outside the knowledge folder"],
    });
    expect(model.summary).toBe("Fix 3 “Missing backlink” findings: 1 note change. One write; “Undo last compile” puts every note back.");
    expect(model.changes[0]).toMatchObject({ path: "knowledge/concepts/x1.md", kind: "update", summary: ["adds a link back to knowledge/concepts/n1.md"] });
    expect(model.notes).toEqual(["Not fixed: daily/2026-01-01.md: outside the knowledge folder"]);
  });
});
