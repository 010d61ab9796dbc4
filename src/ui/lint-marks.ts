import { RangeSetBuilder, type EditorState, type Text } from "@codemirror/state";
import { Decoration, type DecorationSet, type EditorView, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { editorInfoField, editorLivePreviewField } from "obsidian";
import type { LintFinding } from "../core/lint/lint-types";
import { createPropertiesMarks, sameFindings } from "./lint-properties-marks";

/** The note an editor shows, from Obsidian's editor info. */
const notePath = (state: EditorState): string | null => state.field(editorInfoField, false)?.file?.path ?? null;
/** True while the editor is in Live Preview (where frontmatter lines are drawn as the Properties block). */
const livePreview = (state: EditorState): boolean => state.field(editorLivePreviewField, false) ?? false;

/**
 * An editor extension that underlines lint findings in place, from the finding's column to the end of its line,
 * with the message as a tooltip. The marks are rebuilt only when the note's findings change (checked cheaply on each
 * update, e.g. after `workspace.updateOptions()`); an edit moves them with the text, and cursor moves cost nothing.
 * Findings on frontmatter lines are also shown where Live Preview draws the Properties block (createPropertiesMarks).
 */
export function createLintMarks(
  findingsFor: (path: string) => readonly LintFinding[],
  pathOf: (state: EditorState) => string | null = notePath,
  isLivePreview: (state: EditorState) => boolean = livePreview,
) {
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      private path: string | null;
      private shown: readonly LintFinding[];
      /** How many times the marks were built from findings (for tests). */
      builds = 0;

      constructor(view: EditorView) {
        this.path = pathOf(view.state);
        this.shown = this.path === null ? [] : findingsFor(this.path);
        this.decorations = this.build(view.state.doc);
      }

      update(u: ViewUpdate): void {
        const path = pathOf(u.state);
        const findings = path === null ? [] : findingsFor(path);
        if (path !== this.path || !sameFindings(findings, this.shown)) {
          this.path = path;
          this.shown = findings;
          this.decorations = this.build(u.state.doc);
        } else if (u.docChanged) {
          this.decorations = this.decorations.map(u.changes);
        }
      }

      private build(doc: Text): DecorationSet {
        this.builds++;
        const builder = new RangeSetBuilder<Decoration>();
        const sorted = [...this.shown].sort((a, b) => a.line - b.line || a.col - b.col);
        for (const f of sorted) {
          if (f.line + 1 > doc.lines) continue;
          const line = doc.line(f.line + 1);
          const from = Math.min(line.from + f.col, line.to);
          const to = line.to > from ? line.to : Math.min(from + 1, doc.length);
          if (to <= from) continue;
          builder.add(from, to, Decoration.mark({ class: `kc-lint-mark kc-sev-${f.severity}`, attributes: { title: `${f.check}: ${f.message}` } }));
        }
        return builder.finish();
      }
    },
    { decorations: (v) => v.decorations, provide: () => createPropertiesMarks(findingsFor, pathOf, isLivePreview) },
  );
}
