import { RangeSetBuilder, type EditorState, type Text } from "@codemirror/state";
import { markMessage } from "./lint-finding-row";
import { Decoration, type DecorationSet, type EditorView, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { editorInfoField, editorLivePreviewField } from "obsidian";
import type { LintFinding, Severity } from "../core/lint/lint-types";
import { lintCursorTooltip } from "./lint-mark-tooltip";
import { createPropertiesMarks, sameFindings } from "./lint-properties-marks";

/** The note an editor shows, from Obsidian's editor info. */
const notePath = (state: EditorState): string | null => state.field(editorInfoField, false)?.file?.path ?? null;
/** True while the editor is in Live Preview (where frontmatter lines are drawn as the Properties block). */
const livePreview = (state: EditorState): boolean => state.field(editorLivePreviewField, false) ?? false;

/**
 * An editor extension that underlines lint findings in place: the finding's own text (a link, when the finding
 * knows where it ends), else from its column to the end of its line; findings whose ranges overlap share one mark
 * (the worst severity, every message), so underlines never stack. The marks are rebuilt only when the note's findings change (checked cheaply on each
 * update, e.g. after `workspace.updateOptions()`); an edit moves them with the text, and cursor moves cost nothing.
 * Findings on frontmatter lines are also shown where Live Preview draws the Properties block (createPropertiesMarks).
 * A mark's messages show in Obsidian's tooltip on hover (aria-label) and under the cursor when it is in the mark.
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
        for (const m of markRanges(this.shown, doc)) {
          builder.add(m.from, m.to, Decoration.mark({ class: `kc-lint-mark kc-sev-${m.severity}`, attributes: { "aria-label": m.messages.join("\n") } }));
        }
        return builder.finish();
      }
    },
    {
      decorations: (v) => v.decorations,
      provide: () => [
        createPropertiesMarks(findingsFor, pathOf, isLivePreview),
        lintCursorTooltip((state) => {
          const path = pathOf(state);
          return path === null ? [] : markRanges(findingsFor(path), state.doc);
        }),
      ],
    },
  );
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, suggestion: 2 };

/** One underline: its range in the document, the worst severity of the findings it covers, and their messages. */
export interface MarkRange {
  from: number;
  to: number;
  severity: Severity;
  messages: string[];
}

/** The underlines for a note's findings: each finding's range, overlapping ranges merged into one, in order. */
export function markRanges(findings: readonly LintFinding[], doc: Text): MarkRange[] {
  const ranges: MarkRange[] = [];
  for (const f of findings) {
    if (f.line + 1 > doc.lines) continue;
    const line = doc.line(f.line + 1);
    const from = Math.min(line.from + f.col, line.to);
    const end = f.endCol !== undefined ? Math.min(line.from + f.endCol, line.to) : line.to;
    const to = end > from ? end : Math.min(from + 1, doc.length);
    if (to > from) ranges.push({ from, to, severity: f.severity, messages: [markMessage(f)] });
  }
  ranges.sort((a, b) => a.from - b.from || a.to - b.to);
  const merged: MarkRange[] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r.from < last.to) {
      last.to = Math.max(last.to, r.to);
      if (RANK[r.severity] < RANK[last.severity]) last.severity = r.severity;
      last.messages.push(...r.messages);
    } else merged.push({ ...r, messages: [...r.messages] });
  }
  return merged;
}
