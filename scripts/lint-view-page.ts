// Browser entry for the lint pane screenshot: renders the real LintView (with the test stub of `obsidian`)
// over findings that scripts/screenshots.ts computed from the demo vault.
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import { WorkspaceLeaf } from "obsidian";
import { LintView } from "../src/ui/lint-view";
import type { LintFinding } from "../src/core/lint/lint-types";

installObsidianDomHelpers();
const findings = (window as unknown as { KC_FINDINGS: LintFinding[] }).KC_FINDINGS;
const view = new LintView(new WorkspaceLeaf() as never, {
  findings: () => findings,
  ready: true,
  progress: 1,
  open: () => undefined,
  fix: () => undefined,
  relint: () => undefined,
  subscribe: () => () => undefined,
});
document.getElementById("pane")!.appendChild(view.containerEl);
void view.onOpen();
