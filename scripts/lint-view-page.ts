// Browser entry for the lint pane screenshot: renders the real LintView (with the test stub of `obsidian`)
// over findings that scripts/screenshots.ts computed from the demo vault, plus one contradiction with its related
// place, so the picture shows every kind of row (fix, related link, dismiss).
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import { WorkspaceLeaf } from "obsidian";
import { LintView } from "../src/ui/lint-view";
import type { LintFinding } from "../src/core/lint/lint-types";

installObsidianDomHelpers();
const computed = (window as unknown as { KC_FINDINGS?: LintFinding[] }).KC_FINDINGS ?? [];
const contradiction: LintFinding = {
  check: "contradiction",
  severity: "warning",
  path: "knowledge/concepts/upload-retries.md",
  line: 12,
  col: 0,
  message: "Says uploads retry 3 times; offline-sync says they retry until they succeed.",
  related: [{ path: "knowledge/concepts/offline-sync.md", line: 20, col: 0, label: "Uploads retry until they succeed." }],
  dismissKey: "knowledge/concepts/offline-sync.md|knowledge/concepts/upload-retries.md",
};
const findings = computed.some((f) => f.related && f.related.length > 0) ? computed : [contradiction, ...computed];
const view = new LintView(new WorkspaceLeaf(), {
  findings: () => findings,
  ready: true,
  progress: 1,
  open: () => undefined,
  fix: () => undefined,
  relint: () => undefined,
  writeReport: () => undefined,
  dismiss: () => Promise.resolve(),
  fixAll: () => undefined,
  activeNote: () => "knowledge/concepts/offline-search.md",
  subscribe: () => () => undefined,
});
document.getElementById("pane")!.appendChild(view.containerEl);
void view.onOpen();
