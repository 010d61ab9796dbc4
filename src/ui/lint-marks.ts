import { RangeSetBuilder } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { editorInfoField } from "obsidian";
import type { LintFinding } from "../core/lint/lint-types";

/**
 * An editor extension that underlines lint findings in place, from the finding's column to the end of its line,
 * with the message as a tooltip. `findingsFor` is read on every redraw; call `workspace.updateOptions()` to refresh.
 */
export function createLintMarks(findingsFor: (path: string) => readonly LintFinding[]) {
  const build = (view: EditorView): DecorationSet => {
    const file = view.state.field(editorInfoField, false)?.file;
    const builder = new RangeSetBuilder<Decoration>();
    if (!file) return builder.finish();
    const doc = view.state.doc;
    const sorted = [...findingsFor(file.path)].sort((a, b) => a.line - b.line || a.col - b.col);
    for (const f of sorted) {
      if (f.line + 1 > doc.lines) continue;
      const line = doc.line(f.line + 1);
      const from = Math.min(line.from + f.col, line.to);
      const to = line.to > from ? line.to : Math.min(from + 1, doc.length);
      if (to <= from) continue;
      builder.add(from, to, Decoration.mark({ class: `kc-lint-mark kc-sev-${f.severity}`, attributes: { title: `${f.check}: ${f.message}` } }));
    }
    return builder.finish();
  };
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = build(view);
      }
      update(u: ViewUpdate): void {
        if (u.docChanged || u.viewportChanged || u.transactions.length > 0) this.decorations = build(u.view);
      }
    },
    { decorations: (v) => v.decorations },
  );
}
