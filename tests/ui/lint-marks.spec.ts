import { describe, expect, it } from "vitest";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { createLintMarks } from "../../src/ui/lint-marks";
import type { LintFinding } from "../../src/core/lint/lint-types";

const finding = (line: number, message: string): LintFinding => ({ check: "broken-link", severity: "error", path: "a.md", line, col: 0, message });

function editor(doc: string, initial: LintFinding[]) {
  const state = { findings: initial, asked: 0 };
  const marks = createLintMarks((path) => {
    state.asked++;
    return path === "a.md" ? state.findings : [];
  }, () => "a.md");
  const view = new EditorView({ state: EditorState.create({ doc, extensions: [marks] }), parent: document.body });
  const plugin = () => view.plugin(marks)!;
  /** Each mark as "line:text under it". */
  const shown = () => {
    const out: string[] = [];
    plugin().decorations.between(0, view.state.doc.length, (from, to) => void out.push(`${view.state.doc.lineAt(from).number - 1}:${view.state.sliceDoc(from, to)}`));
    return out;
  };
  return { view, plugin, shown, state };
}

describe("lint marks in the editor", () => {
  it("underlines each finding from its column to the end of its line", () => {
    const { shown } = editor("# A\nsee [[b]]\nok\n", [finding(1, "Broken link [[b]]")]);
    expect(shown()).toEqual(["1:see [[b]]"]);
  });

  it("does nothing on cursor moves and selections: the marks stay the same object, not rebuilt", () => {
    const { view, plugin } = editor("# A\nsee [[b]]\nok\n", [finding(1, "x")]);
    const before = plugin().decorations;
    for (let pos = 0; pos < view.state.doc.length; pos++) view.dispatch({ selection: { anchor: pos } });
    expect(plugin().decorations).toBe(before);
    expect(plugin().builds).toBe(1);
  });

  it("moves the marks with the text on an edit, and rebuilds them only when the note's findings change", () => {
    const { view, plugin, shown, state } = editor("# A\nsee [[b]]\nok\n", [finding(1, "x")]);
    view.dispatch({ changes: { from: 0, insert: "new first line\n" } });
    expect(shown()).toEqual(["2:see [[b]]"]);
    expect(plugin().builds).toBe(1);
    // The re-lint reports the same finding as new objects at the new line: rebuilt once, then left alone.
    state.findings = [finding(2, "x")];
    view.dispatch({});
    view.dispatch({});
    expect(plugin().builds).toBe(2);
    expect(shown()).toEqual(["2:see [[b]]"]);
    state.findings = [finding(2, "x")];
    view.dispatch({});
    expect(plugin().builds).toBe(2);
    state.findings = [];
    view.dispatch({});
    expect(shown()).toEqual([]);
  });
});
