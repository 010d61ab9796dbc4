import type { Plugin } from "obsidian";
import { setAskScope } from "../obsidian/ask-scope";
import type { PluginServices } from "../obsidian/plugin-services";
import type { AskHost } from "./ask/ask-types";
import { ASK_VIEW_TYPE, AskView } from "./ask-view";
import { createGraphHost } from "./graph/graph-host";
import { GRAPH_VIEW_TYPE, GraphView } from "./graph/graph-view";
import { createLintHost } from "./lint-host";
import { LINT_VIEW_TYPE, LintView } from "./lint-view";
import { openView } from "./open-view";
import { writeLintReportFlow } from "./write-lint-report-flow";

/**
 * Registers the lint, Ask and graph views with their open commands and ribbon icons (graph first, then Ask), the
 * graph's theme refresh and the Ask panel's hover links. `askHost` builds the Ask panel's host for each new leaf.
 */
export function registerViews(plugin: Plugin, s: PluginServices, askHost: () => AskHost): void {
  const app = plugin.app;
  // The graph's route preview offers the Ask panel's last question.
  let lastQuestion: string | null = null;
  plugin.registerView(LINT_VIEW_TYPE, (leaf) => new LintView(leaf, createLintHost(app, s.lint, { writeReport: () => void writeLintReportFlow(app, s.lint) })));
  plugin.registerView(ASK_VIEW_TYPE, (leaf) => {
    const host = askHost();
    return new AskView(leaf, { ...host, route: (q, closest) => host.route((lastQuestion = q), closest) });
  });
  // The graph's scope is Ask's scope: one setting, changed from either place (the index is rebuilt for both).
  const scope = { set: (v: "knowledge" | "vault") => setAskScope(s, v), folder: () => s.data().settings.knowledgeFolder };
  plugin.registerView(
    GRAPH_VIEW_TYPE,
    (leaf) =>
      new GraphView(
        leaf,
        createGraphHost(
          app,
          s.graph,
          s.router,
          () => s.data().ask.budget,
          () => lastQuestion,
          scope,
        ),
      ),
  );
  plugin.addCommand({ id: "open-graph-view", name: "Open the knowledge graph", callback: () => void openView(app, GRAPH_VIEW_TYPE, "tab") });
  plugin.addRibbonIcon("git-fork", "Open the knowledge graph", () => void openView(app, GRAPH_VIEW_TYPE, "tab"));
  plugin.registerEvent(
    app.workspace.on("css-change", () => {
      for (const leaf of app.workspace.getLeavesOfType(GRAPH_VIEW_TYPE)) if (leaf.view instanceof GraphView) leaf.view.themeChanged();
    }),
  );
  plugin.addCommand({ id: "open-ask-panel", name: "Ask the knowledge base", callback: () => void openView(app, ASK_VIEW_TYPE) });
  plugin.addRibbonIcon("message-circle-question", "Ask the knowledge base", () => void openView(app, ASK_VIEW_TYPE));
  plugin.registerHoverLinkSource(ASK_VIEW_TYPE, { display: plugin.manifest.name, defaultMod: true });
}
