// Browser entry for a picture of findings on frontmatter lines: two real CodeMirror editors with the plugin's lint
// marks (with the test stub of `obsidian`), one as Live Preview (the list under the properties) and one as source
// mode (underlines, and the bar with its tooltip on the opening line). A page of `npm run view-harness`.
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import type { LintFinding } from "../src/core/lint/lint-types";
import { createLintMarks } from "../src/ui/lint-marks";

installObsidianDomHelpers();
const doc =
  '---\ntitle: Upload retries\nsimilar_high:\n  - "[[offline-sync]] 2026-10"\n  - "[[gone-article]] 2026-10"\n---\n# Upload retries\n\nUploads retry with backoff.\n';
const findings: LintFinding[] = [
  { check: "ckp-missing-target", severity: "error", path: "a.md", line: 4, col: 4, message: "similar_high points to gone-article, which does not exist." },
  { check: "ckp-missing-field", severity: "warning", path: "a.md", line: 0, col: 0, message: "No tldr: routing falls back to the first paragraph." },
];
const pane = document.getElementById("pane")!;
for (const live of [true, false]) {
  pane.createEl("h5", { text: live ? "Live Preview" : "Source mode" });
  const marks = createLintMarks(
    () => findings,
    () => "a.md",
    () => live,
  );
  new EditorView({ state: EditorState.create({ doc, extensions: [marks, EditorView.lineWrapping] }), parent: pane.createDiv() });
}
