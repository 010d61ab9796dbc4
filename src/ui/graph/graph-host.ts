import { Notice, TFile, type App } from "obsidian";
import type { GraphService } from "../../obsidian/graph-service";
import type { RouterService } from "../../obsidian/router-service";
import { wholeVaultOfferText } from "../whole-vault-offer";
import type { GraphHost, GraphScope } from "./graph-view-host";

/** Ask's scope as the graph changes it: the setting itself (saved, the index rebuilt), and the knowledge folder's name. */
export interface GraphScopeSetting {
  set(scope: GraphScope): Promise<void>;
  folder(): string;
}

/** Connects the graph view to the graph service, the router, the workspace and the clipboard. */
export function createGraphHost(
  app: App,
  graph: GraphService,
  router: RouterService,
  budget: () => number,
  lastQuestion: () => string | null,
  scope: GraphScopeSetting,
): GraphHost {
  return {
    graph: (options) => graph.graph(options),
    scope: () => graph.scope(),
    setScope: (s) => scope.set(s),
    wholeVaultOffer: () => (graph.knowledgeFolderEmpty() ? wholeVaultOfferText(scope.folder(), "The graph can draw") : null),
    onChange: (fn) => {
      const off = graph.onChange(fn);
      const ref = app.workspace.on("file-open", () => fn());
      return () => {
        off();
        app.workspace.offref(ref);
      };
    },
    activePath: () => app.workspace.getActiveFile()?.path ?? null,
    route: (q) => (router.ready ? router.route(q, budget()) : null),
    lastQuestion,
    open: (path, newTab) => {
      const f = app.vault.getAbstractFileByPath(path);
      if (f instanceof TFile) void app.workspace.getLeaf(newTab ? "tab" : false).openFile(f);
    },
    preview: (event, path, target) => {
      app.workspace.trigger("hover-link", { event, source: "kc-graph", hoverParent: { hoverPopover: null }, targetEl: target, linktext: path });
    },
    linkText: (path) => {
      const f = app.vault.getAbstractFileByPath(path);
      return f instanceof TFile ? app.metadataCache.fileToLinktext(f, "", true) : path.replace(/\.md$/i, "");
    },
    loadPositions: () => graph.loadPositions(),
    saveLayout: () => void app.workspace.requestSaveLayout(),
    savePositions: (p) => graph.savePositions(p),
    exportFile: async (name, data) => {
      if (typeof data === "string") {
        await navigator.clipboard.writeText(data);
        new Notice(`Copied the graph as ${name.endsWith(".mmd") ? "Mermaid" : "JSON"} to the clipboard.`);
        return;
      }
      const url = URL.createObjectURL(data);
      const a = createEl("a", { href: url, attr: { download: name } });
      a.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      new Notice(`Saved ${name}.`);
    },
  };
}
