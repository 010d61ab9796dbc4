import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Text } from "@codemirror/state";
import { createFindingRow } from "../../src/ui/lint-finding-row";
import { markRanges } from "../../src/ui/lint-marks";
import { LINT_CHECKS } from "../../src/core/lint/lint-checks";

/** The declarations of one CSS rule of styles.css, by its exact selector. */
function rule(css: string, selector: string): string {
  const at = css.indexOf(`\n${selector} {`);
  return at < 0 ? "" : css.slice(at, css.indexOf("}", at));
}

describe("a finding's place in the lint pane", () => {
  const finding = { check: "missing-backlink", severity: "warning" as const, path: "01. Personal/Work/Teams.md", line: 0, col: 0, message: "m" };

  it("reads as the path and line, left to right, in an isolated span the line's direction cannot reorder", () => {
    const { el } = createFindingRow(finding, "k", false);
    const where = el.querySelector(".kc-lint-where")!;
    expect(where.textContent).toBe("01. Personal/Work/Teams.md:1");
    const bdi = where.querySelector(":scope > bdi")!;
    expect(bdi.getAttribute("dir")).toBe("ltr");
    expect(bdi.textContent).toBe(where.textContent);
  });

  it("is cut at its start by the line's direction only while the path inside is set left to right", () => {
    const css = readFileSync("styles.css", "utf8");
    const where = rule(css, ".kc-lint-where");
    const inner = rule(css, ".kc-lint-where > bdi");
    expect(where).toContain("text-overflow: ellipsis");
    if (where.includes("direction: rtl")) {
      expect(inner).toContain("direction: ltr");
      expect(inner).toContain("unicode-bidi: isolate");
    }
    // No other rule turns text right to left.
    expect(css.match(/direction: rtl/g) ?? []).toHaveLength(where.includes("direction: rtl") ? 1 : 0);
  });
});

describe("a finding under the cursor in the editor", () => {
  it("leads with the message in plain words, the check's name after it, never its id first", () => {
    const ranges = markRanges(
      [{ check: "ckp-missing-field", severity: "warning", path: "a.md", line: 0, col: 0, message: "The header has no tldr." }],
      Text.of(["---", "x: 1", "---"]),
    );
    expect(ranges[0]!.messages).toEqual(["The header has no tldr. (CKP missing field)"]);
  });
});

describe("what the lint pane says about each check", () => {
  it("is in plain words: no design-document names and no command lines", () => {
    const jargon = LINT_CHECKS.filter((c) => /\bseed \d|`kc |--[a-z]/i.test(c.description)).map((c) => c.id);
    expect(jargon).toEqual([]);
  });
});
