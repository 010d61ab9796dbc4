import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { renderCompileReview, renderDiffLines } from "../../src/ui/compile-review";

describe("the review's diff", () => {
  it("highlights the words that changed inside a changed line, on both sides", () => {
    const pre = document.body.createEl("pre");
    renderDiffLines(pre, ["  # Retry", "- tldr: waits up to 8 seconds", "+ tldr: waits up to 16 seconds", "  end"]);
    expect([...pre.children].map((c) => c.className)).toEqual(["kc-diff-ctx", "kc-diff-del", "kc-diff-add", "kc-diff-ctx"]);
    expect(pre.querySelector(".kc-diff-del .kc-diff-word")?.textContent).toBe("8");
    expect(pre.querySelector(".kc-diff-add .kc-diff-word")?.textContent).toBe("16");
    expect(pre.querySelector(".kc-diff-add")?.textContent).toBe("+ tldr: waits up to 16 seconds");
  });

  it("does not strike deleted lines through, and lets a path break only between folders", () => {
    const css = readFileSync("styles.css", "utf8");
    const del = /\.kc-diff-del \{[^}]*\}/.exec(css)?.[0] ?? "";
    expect(del).not.toContain("line-through");
    expect(/\.kc-review-path \{[^}]*\}/.exec(css)?.[0]).not.toContain("break-all");
    const el = document.body.createDiv();
    renderCompileReview(
      el,
      {
        logPath: "daily/x.md",
        summary: "s",
        notes: [],
        estimateText: "",
        spentText: "",
        changes: [{ path: "knowledge/concepts/retry-with-backoff.md", kind: "create", before: null, after: "# R\n", update: null, summary: [] }],
      },
      () => undefined,
    );
    expect(el.querySelectorAll(".kc-review-path wbr")).toHaveLength(2);
  });
});
