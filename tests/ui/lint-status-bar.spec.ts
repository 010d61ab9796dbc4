import { describe, expect, it } from "vitest";
import { LintStatusBar } from "../../src/ui/lint-status-bar";
import type { LintFinding } from "../../src/core/lint/lint-types";

const f = (severity: LintFinding["severity"], path = "knowledge/concepts/a.md"): LintFinding => ({
  check: "broken-link",
  severity,
  path,
  line: 0,
  col: 0,
  message: "m",
});

function bar(findings: LintFinding[], ready = true) {
  const source = { ready, list: findings };
  const opened: number[] = [];
  const el = document.body.createDiv();
  const item = new LintStatusBar(
    el,
    {
      get ready() {
        return source.ready;
      },
      findings: () => source.list,
    },
    () => opened.push(1),
  );
  const numbers = () => [...el.querySelectorAll(".kc-lint-count-n")].map((n) => n.textContent);
  return { item, el, source, opened, numbers };
}

describe("the lint status bar item", () => {
  it("shows the knowledge folder's errors and warnings as numbers, and in words for screen readers", () => {
    const { el, numbers } = bar([f("error"), f("warning"), f("warning"), f("suggestion")]);
    expect(numbers()).toEqual(["1", "2"]);
    expect(el.getAttribute("aria-label")).toBe("Knowledge lint: 1 error, 2 warnings. Open the lint report.");
    expect(el.querySelectorAll("[data-icon]")).toHaveLength(2);
  });

  it("counts every finding the lint pane counts, outside the knowledge folder too, and has one tooltip", () => {
    const { el, numbers } = bar([f("error"), f("error", "daily/2026-11-24.md"), f("warning", "01. Personal/Work/Teams.md"), f("suggestion")]);
    expect(numbers()).toEqual(["2", "1"]);
    // Obsidian draws its tooltip from aria-label; a title would add the browser's own beside it.
    expect(el.getAttribute("title")).toBeNull();
    expect(el.querySelectorAll("[title]")).toHaveLength(0);
  });

  it("is hidden until the first lint is ready, then follows each change", () => {
    const { item, el, source, numbers } = bar([], false);
    expect(el.classList.contains("kc-hidden")).toBe(true);
    source.ready = true;
    source.list = [f("error"), f("error")];
    item.update();
    expect(el.classList.contains("kc-hidden")).toBe(false);
    expect(numbers()).toEqual(["2", "0"]);
    source.list = [];
    item.update();
    expect(el.getAttribute("aria-label")).toBe("Knowledge lint: 0 errors, 0 warnings. Open the lint report.");
  });

  it("opens the lint report on a click, Enter or Space", () => {
    const { el, opened } = bar([f("error")]);
    el.click();
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    el.dispatchEvent(new KeyboardEvent("keydown", { key: " " }));
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    expect(opened).toHaveLength(3);
    expect(el.getAttribute("role")).toBe("button");
  });
});
