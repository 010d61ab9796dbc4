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

describe("the targets of the plugin's views", () => {
  const css = readFileSync("styles.css", "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  /** The declarations of every rule whose selector list names `selector`. */
  const rulesFor = (selector: string): string[] =>
    [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].filter((m) => m[1]!.split(",").some((s) => s.trim() === selector)).map((m) => m[2]!);
  const px = (decls: string[], prop: string): number =>
    Math.max(0, ...decls.flatMap((d) => [...d.matchAll(new RegExp(`(?:^|[;\\s])${prop}:\\s*(\\d+)px`, "g"))].map((m) => Number(m[1]))));

  it.each([
    "kc-lint-fix",
    "kc-lint-fix-all",
    "kc-lint-dismiss",
    "kc-lint-group-toggle",
    "kc-ask-copy",
    "kc-ask-submit",
    "kc-graph-zoom-button",
    "kc-graph-options-button",
  ])(".%s is at least 24 px each way, and 40 on a phone", (cls) => {
    expect(px(rulesFor(`.${cls}`), "min-height")).toBeGreaterThanOrEqual(24);
    expect(px(rulesFor(`.${cls}`), "min-width")).toBeGreaterThanOrEqual(24);
    expect(px(rulesFor(`.is-phone .${cls}`), "min-height")).toBeGreaterThanOrEqual(40);
  });

  it("gives the links in a finding's row 24 px of height", () => {
    expect(px(rulesFor(".kc-lint-where"), "min-height")).toBeGreaterThanOrEqual(24);
    expect(px(rulesFor(".kc-lint-related-link"), "min-height")).toBeGreaterThanOrEqual(24);
  });
});
