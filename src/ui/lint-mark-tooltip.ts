import { StateField, type EditorState } from "@codemirror/state";
import { showTooltip, type Tooltip } from "@codemirror/view";
import type { Severity } from "../core/lint/lint-types";

/** A lint mark as the tooltip needs it: its range, worst severity and messages. */
export interface MarkMessages {
  from: number;
  to: number;
  severity: Severity;
  messages: string[];
}

/**
 * The messages of the lint mark the cursor is in, as an editor tooltip under it: a mark's text is otherwise only on
 * hover, which a keyboard user (arrow keys into the mark) and a touch user (a tap on it) cannot reach.
 */
export function lintCursorTooltip(marksOf: (state: EditorState) => readonly MarkMessages[]) {
  const at = (state: EditorState): Tooltip | null => {
    const sel = state.selection.main;
    if (!sel.empty) return null;
    const mark = marksOf(state).find((m) => m.from <= sel.head && sel.head <= m.to);
    if (!mark) return null;
    return {
      pos: mark.from,
      above: false,
      create: () => {
        const dom = createDiv({ cls: `kc-lint-tooltip kc-sev-${mark.severity}`, attr: { role: "status" } });
        for (const m of mark.messages) dom.createDiv({ text: m });
        return { dom };
      },
    };
  };
  return StateField.define<Tooltip | null>({
    create: at,
    update: (value, tr) => (tr.selection || tr.docChanged ? at(tr.state) : value),
    provide: (f) => showTooltip.from(f),
  });
}
