import { describe, expect, it } from "vitest";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { createLintMarks } from "../../src/ui/lint-marks";
import type { LintFinding } from "../../src/core/lint/lint-types";

const finding = (line: number, message: string): LintFinding => ({ check: "broken-link", severity: "error", path: "a.md", line, col: 0, message });

function editor(doc: string, initial: LintFinding[]) {
  const state = { findings: initial, asked: 0 };
  const marks = createLintMarks(
    (path) => {
      state.asked++;
      return path === "a.md" ? state.findings : [];
    },
    () => "a.md",
  );
  const view = new EditorView({ state: EditorState.create({ doc, extensions: [marks] }), parent: document.body });
  const plugin = () => view.plugin(marks)!;
  /** Each mark as "line:text under it". */
  const shown = () => {
    const out: string[] = [];
    plugin().decorations.between(
      0,
      view.state.doc.length,
      (from, to) => void out.push(`${view.state.doc.lineAt(from).number - 1}:${view.state.sliceDoc(from, to)}`),
    );
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

describe("lint marks on links", () => {
  it("underlines only the link a finding is about, not the rest of its line", () => {
    const { shown } = editor("# A\nsee [[b]] and more text\n", [{ ...finding(1, "Broken link [[b]]"), col: 4, endCol: 9 }]);
    expect(shown()).toEqual(["1:[[b]]"]);
  });

  it("draws one underline where findings overlap, with every message and the worst severity", () => {
    const { view, shown } = editor("# A\nsee [[b]] and [[c]]\n", [
      { ...finding(1, "Broken link [[b]]"), col: 4, endCol: 9 },
      { ...finding(1, "whole line"), severity: "suggestion", col: 0 },
      { ...finding(1, "Broken link [[c]]"), col: 14, endCol: 19 },
    ]);
    expect(shown()).toEqual(["1:see [[b]] and [[c]]"]);
    const mark = view.dom.querySelector(".kc-lint-mark")!;
    expect(mark.classList.contains("kc-sev-error")).toBe(true);
    expect(mark.getAttribute("title")).toBeNull();
    expect(mark.getAttribute("aria-label")?.split("\n")).toHaveLength(3);
  });

  // jsdom lays nothing out: CodeMirror measures where the tooltip goes through ranges it does not give rects for.
  const range = Range.prototype as Partial<Pick<Range, "getClientRects" | "getBoundingClientRect">>;
  range.getClientRects ??= () => [] as unknown as DOMRectList;
  range.getBoundingClientRect ??= () => new DOMRect();

  it("shows a mark's messages under the cursor when the keyboard or a tap puts it in the mark, and hides them outside", () => {
    const { view } = editor("# A\nsee [[b]] and more text\n", [{ ...finding(1, "Broken link [[b]]"), col: 4, endCol: 9 }]);
    const tip = () => view.dom.querySelector(".kc-lint-tooltip");
    expect(tip()).toBeNull();
    view.dispatch({ selection: { anchor: "# A\nsee [[".length } });
    expect(tip()?.textContent).toContain("Broken link [[b]]");
    expect(tip()?.classList.contains("kc-sev-error")).toBe(true);
    view.dispatch({ selection: { anchor: "# A\nsee [[b]] and m".length } });
    expect(tip()).toBeNull();
  });
});

describe("lint findings on frontmatter lines", () => {
  const NOTE = "---\ntitle: A\nsimilar_high: [[b]]\n---\n# A\nbody\n";
  const fm = (line: number, message: string, severity: LintFinding["severity"] = "error"): LintFinding => ({
    check: "ckp-missing-target",
    severity,
    path: "a.md",
    line,
    col: 0,
    message,
  });

  function editorIn(mode: "live" | "source", doc: string, initial: LintFinding[]) {
    const state = { findings: initial, live: mode === "live" };
    const marks = createLintMarks(
      (path) => (path === "a.md" ? state.findings : []),
      () => "a.md",
      () => state.live,
    );
    const view = new EditorView({ state: EditorState.create({ doc, extensions: [marks] }), parent: document.body });
    return { view, state, widget: () => view.dom.querySelector<HTMLElement>(".kc-lint-fm-widget") };
  }

  it("lists a finding on a property line below the Properties block in Live Preview, by the property's name (Live Preview shows no line numbers), and marks the editor for the block's bar", () => {
    const { view, widget } = editorIn("live", NOTE, [fm(2, "similar_high points to b, which does not exist")]);
    expect(widget()?.textContent).toBe("similar_high: similar_high points to b, which does not exist");
    expect(widget()?.getAttribute("aria-label")).toBe("1 lint finding in the properties");
    expect(view.dom.classList.contains("kc-lint-fm-has")).toBe(true);
    expect(view.dom.classList.contains("kc-lint-fm-error")).toBe(true);
    // The list sits after the frontmatter, before the first body line.
    expect(widget()!.nextElementSibling?.textContent).toBe("# A");
    const first = view.dom.querySelector(".cm-line")!;
    expect(first.classList.contains("kc-lint-fm-line")).toBe(true);
    expect(first.getAttribute("aria-label")).toContain("similar_high points to b");
  });

  it("keeps the underline in source mode, with the bar and tooltip on the opening line but no list", () => {
    const { view, widget } = editorIn("source", NOTE, [fm(2, "missing target")]);
    expect(widget()).toBeNull();
    expect(view.dom.querySelector(".kc-lint-mark")?.textContent).toBe("similar_high: [[b]]");
    expect(view.dom.querySelector(".cm-line")?.getAttribute("aria-label")).toContain("missing target");
  });

  it("shows nothing of the kind for findings in the body or notes without frontmatter, and the worst severity first", () => {
    const body = editorIn("live", NOTE, [fm(5, "in the body")]);
    expect(body.widget()).toBeNull();
    expect(body.view.dom.classList.contains("kc-lint-fm-has")).toBe(false);
    const none = editorIn("live", "# A\n---\nx\n---\n", [fm(1, "not frontmatter")]);
    expect(none.widget()).toBeNull();
    const mixed = editorIn("live", NOTE, [fm(1, "a warning", "warning"), fm(2, "an error")]);
    expect([...mixed.widget()!.querySelectorAll(".kc-lint-fm-item")].map((e) => e.textContent)).toEqual(["similar_high: an error", "title: a warning"]);
    expect(mixed.widget()!.classList.contains("kc-sev-error")).toBe(true);
  });

  it("updates when the note's findings change or the mode switches, and not on cursor moves or body edits", () => {
    const { view, state, widget } = editorIn("live", NOTE, [fm(2, "x")]);
    const before = widget();
    for (let pos = 0; pos < view.state.doc.length; pos++) view.dispatch({ selection: { anchor: pos } });
    view.dispatch({ changes: { from: view.state.doc.length, insert: "more body\n" } });
    expect(widget()).toBe(before);
    state.findings = [];
    view.dispatch({});
    expect(widget()).toBeNull();
    state.findings = [fm(1, "y")];
    view.dispatch({});
    expect(widget()?.textContent).toBe("title: y");
    state.live = false;
    view.dispatch({});
    expect(widget()).toBeNull();
  });

  it("follows the frontmatter as it is closed or opened by an edit", () => {
    const { view, widget } = editorIn("live", "---\ntitle: A\n# A\n", [fm(1, "bad title")]);
    expect(widget()).toBeNull();
    view.dispatch({ changes: { from: "---\ntitle: A\n".length, insert: "---\n" } });
    expect(widget()?.textContent).toBe("title: bad title");
    view.dispatch({ changes: { from: "---\ntitle: A\n".length, to: "---\ntitle: A\n---\n".length } });
    expect(widget()).toBeNull();
  });
});
