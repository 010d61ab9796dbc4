import { StateField, type ChangeSet, type EditorState, type Extension, type Text } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, WidgetType } from "@codemirror/view";
import { setIcon } from "obsidian";
import { oneBased } from "../core/lint/format-lint-place";
import type { LintFinding, Severity } from "../core/lint/lint-types";
import { markMessage, SEVERITY_ICON } from "./lint-finding-row";

/** Findings listed in the note under the properties; the rest are counted ("and 3 more"). */
const LISTED = 5;
const RANK: Record<Severity, number> = { error: 0, warning: 1, suggestion: 2 };

/** The 0-based line of a note's closing frontmatter fence, or null when the note has no frontmatter block. */
export function frontmatterEnd(doc: Text): number | null {
  if (doc.lines < 2 || doc.line(1).text.trimEnd() !== "---") return null;
  for (let n = 2; n <= doc.lines; n++) {
    const t = doc.line(n).text.trimEnd();
    if (t === "---" || t === "...") return n - 1;
  }
  return null;
}

/** What the field keeps: the findings it drew from, and the decorations and editor attributes it made of them. */
interface PropertiesMarks {
  path: string | null;
  all: readonly LintFinding[];
  live: boolean;
  end: number | null;
  deco: DecorationSet;
  attrs: Record<string, string>;
  /** How many times the decorations were built from findings (for tests). */
  builds: number;
}

/** The list of a note's frontmatter findings shown below the Properties block in Live Preview. */
class PropertiesFindingsWidget extends WidgetType {
  constructor(
    private readonly findings: readonly LintFinding[],
    private readonly worst: Severity,
    /** The property each finding is on, as Live Preview shows it (it shows no line numbers). */
    private readonly where: readonly string[],
  ) {
    super();
  }

  override eq(other: PropertiesFindingsWidget): boolean {
    return other.worst === this.worst && describe(other.findings) === describe(this.findings) && other.where.join() === this.where.join();
  }

  override toDOM(): HTMLElement {
    const n = this.findings.length;
    const el = createDiv({
      cls: `kc-lint-fm-widget kc-sev-${this.worst}`,
      attr: { role: "note", "aria-label": `${n} lint finding${n === 1 ? "" : "s"} in the properties` },
    });
    this.findings.slice(0, LISTED).forEach((f, i) => {
      const row = el.createDiv({ cls: `kc-lint-fm-item kc-sev-${f.severity}` });
      setIcon(row.createSpan({ cls: "kc-lint-sev-icon", attr: { "aria-hidden": "true" } }), SEVERITY_ICON[f.severity]);
      row.createSpan({ text: `${this.where[i]}: ${f.message}` });
    });
    if (n > LISTED) el.createDiv({ cls: "kc-lint-fm-more", text: `and ${n - LISTED} more (open the lint report)` });
    return el;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}

/** True when an edit to a note without a frontmatter block may have made one: its first line or a fence line changed. */
function mayCloseFrontmatter(doc: Text, changes: ChangeSet): boolean {
  if (doc.line(1).text.trimEnd() !== "---") return false;
  let found = false;
  changes.iterChangedRanges((_fa, _ta, from, to) => {
    for (let n = doc.lineAt(from).number; !found && n <= doc.lineAt(to).number; n++) {
      const t = doc.line(n).text.trimEnd();
      found = n === 1 || t === "---" || t === "...";
    }
  });
  return found;
}

/** The property a frontmatter line belongs to (the nearest "key:" at or above it), or "Properties" for the fence. */
function propertyAt(doc: EditorState["doc"], line: number): string {
  for (let n = line + 1; n >= 2; n--) {
    const key = /^([^\s:#-][^:]*):/.exec(doc.line(n).text);
    if (key) return key[1]!.trim();
  }
  return "Properties";
}

function describe(findings: readonly LintFinding[]): string {
  return findings.map((f) => `Line ${oneBased(f).line}: ${markMessage(f)}`).join("\n");
}

/**
 * Findings on frontmatter lines, made visible where Live Preview draws the Properties block instead of the lines the
 * underlines sit on: the editor gets a class (styles.css draws a bar in the severity's colour on `.metadata-container`),
 * the opening `---` line a bar and the messages as its tooltip (seen in source mode), and in Live Preview a list of the
 * findings just below the properties. Rebuilt only when the note's findings, its mode or its frontmatter's extent
 * change; cursor moves and edits in the body cost a comparison.
 */
export function createPropertiesMarks(
  findingsFor: (path: string) => readonly LintFinding[],
  pathOf: (state: EditorState) => string | null,
  isLivePreview: (state: EditorState) => boolean,
): Extension {
  const build = (state: EditorState, all: readonly LintFinding[], path: string | null, live: boolean, builds: number): PropertiesMarks => {
    const end = frontmatterEnd(state.doc);
    const mine = end === null ? [] : all.filter((f) => f.line <= end).sort((a, b) => RANK[a.severity] - RANK[b.severity] || a.line - b.line);
    if (end === null || mine.length === 0) return { path, all, live, end, deco: Decoration.none, attrs: {}, builds: builds + 1 };
    const worst = mine[0]!.severity;
    const ranges = [Decoration.line({ class: `kc-lint-fm-line kc-sev-${worst}`, attributes: { "aria-label": describe(mine) } }).range(0)];
    if (live) {
      const at = end + 1 < state.doc.lines ? state.doc.line(end + 2).from : state.doc.length;
      ranges.push(
        Decoration.widget({
          widget: new PropertiesFindingsWidget(
            mine,
            worst,
            mine.map((f) => propertyAt(state.doc, f.line)),
          ),
          block: true,
          side: end + 1 < state.doc.lines ? -1 : 1,
        }).range(at),
      );
    }
    return { path, all, live, end, deco: Decoration.set(ranges, true), attrs: { class: `kc-lint-fm-has kc-lint-fm-${worst}` }, builds: builds + 1 };
  };
  return StateField.define<PropertiesMarks>({
    create: (state) => {
      const path = pathOf(state);
      return build(state, path === null ? [] : findingsFor(path), path, isLivePreview(state), 0);
    },
    update: (value, tr) => {
      const path = pathOf(tr.state);
      const all = path === null ? [] : findingsFor(path);
      const live = isLivePreview(tr.state);
      if (path !== value.path || live !== value.live || !sameFindings(all, value.all)) return build(tr.state, all, path, live, value.builds);
      if (!tr.docChanged) return value;
      // An edit below the frontmatter only moves the marks; one in it may change where it ends.
      const fmEnd = value.end === null ? 0 : tr.startState.doc.line(value.end + 1).to;
      if (value.end === null ? mayCloseFrontmatter(tr.state.doc, tr.changes) : tr.changes.touchesRange(0, fmEnd))
        return build(tr.state, all, path, live, value.builds);
      return { ...value, deco: value.deco.map(tr.changes) };
    },
    provide: (field) => [EditorView.decorations.from(field, (v) => v.deco), EditorView.editorAttributes.from(field, (v) => v.attrs)],
  });
}

/** True when both lists show the same findings (a re-lint makes new objects for unchanged findings). */
export function sameFindings(a: readonly LintFinding[], b: readonly LintFinding[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.line !== y.line || x.col !== y.col || x.check !== y.check || x.severity !== y.severity || x.message !== y.message) return false;
  }
  return true;
}
