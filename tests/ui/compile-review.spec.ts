import { describe, expect, it } from "vitest";
import { CompileReviewModal } from "../../src/ui/compile-review-modal";
import { renderCompileReview, type CompileReviewModel } from "../../src/ui/compile-review";
import { isAutoCompileDue } from "../../src/ui/compile-flow";
import type { FileChange } from "../../src/core/compile/compile-types";

const changes: FileChange[] = [
  { path: "knowledge/concepts/new-one.md", kind: "create", before: null, after: "---\ntitle: New\n---\n# New\n", update: null, summary: ["new concept: New"] },
  {
    path: "knowledge/concepts/old-one.md",
    kind: "update",
    before: "# Old\n\n## Key Points\n- a\n",
    after: "# Old\n\n## Key Points\n- a\n- b\n",
    update: { path: "knowledge/concepts/old-one.md", set: {}, sections: [{ heading: "Key Points", action: "append", text: "- b" }], corroborate: false },
    summary: ['appends to section "Key Points"', "adds source daily/2026-11-20"],
  },
];
const model: CompileReviewModel = {
  logPath: "daily/2026-11-20.md",
  summary: "Two things learned.",
  changes,
  notes: ["a note"],
  estimateText: "Estimated before the call: about 6,200 input tokens, about $0.0561.",
  spentText: "Spent: 5,200 in + 1,400 out tokens (1 call), $0.0366.",
};

describe("the compile review", () => {
  it("shows every file with its badge, what changes, the diff, and the cost before and after", () => {
    const el = createDiv();
    renderCompileReview(el, model, () => undefined);
    expect([...el.querySelectorAll(".kc-review-path")].map((e) => e.textContent)).toEqual(["knowledge/concepts/new-one.md", "knowledge/concepts/old-one.md"]);
    expect([...el.querySelectorAll(".kc-review-badge")].map((e) => e.textContent)).toEqual(["New", "Update"]);
    expect([...el.querySelectorAll(".kc-diff-add")].map((e) => e.textContent)).toContain("+ - b");
    expect(el.querySelector(".kc-diff-del")).toBeNull();
    expect(el.textContent).toContain("about $0.0561");
    expect(el.textContent).toContain("$0.0366");
    expect(el.textContent).toContain("a note");
  });

  it("accepts only the files left ticked", () => {
    const el = createDiv();
    const counts: number[] = [];
    const selected = renderCompileReview(el, model, (n) => counts.push(n));
    const box = el.querySelector<HTMLInputElement>('input[data-path="knowledge/concepts/new-one.md"]')!;
    box.checked = false;
    box.dispatchEvent(new Event("change"));
    expect([...selected()]).toEqual(["knowledge/concepts/old-one.md"]);
    expect(counts.at(-1)).toBe(1);
  });

  it("resolves with the ticked paths on accept and with null on cancel or close", async () => {
    const modal = new CompileReviewModal({} as never, model);
    const chosen = modal.choose();
    const buttons = [...modal.contentEl.querySelectorAll("button")];
    expect(buttons.map((b) => b.textContent)).toEqual(["Write 2 files", "Cancel"]);
    buttons[0]!.click();
    expect([...((await chosen) ?? [])]).toEqual(["knowledge/concepts/new-one.md", "knowledge/concepts/old-one.md"]);

    const other = new CompileReviewModal({} as never, model);
    const cancelled = other.choose();
    other.close();
    expect(await cancelled).toBeNull();
  });
});

describe("the end-of-day compile", () => {
  const on = { autoCompile: true, autoCompileHour: 18 };
  it("is due once a day after the chosen hour, and never when it is off", () => {
    expect(isAutoCompileDue(new Date(2026, 10, 22, 18, 5), on, null, "2026-11-22")).toBe(true);
    expect(isAutoCompileDue(new Date(2026, 10, 22, 17, 59), on, null, "2026-11-22")).toBe(false);
    expect(isAutoCompileDue(new Date(2026, 10, 22, 21, 0), on, "2026-11-22", "2026-11-22")).toBe(false);
    expect(isAutoCompileDue(new Date(2026, 10, 22, 21, 0), { ...on, autoCompile: false }, null, "2026-11-22")).toBe(false);
  });
});
