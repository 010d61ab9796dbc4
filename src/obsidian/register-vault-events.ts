import { TFile, type Plugin } from "obsidian";
import type { PluginServices } from "./plugin-services";

/** Fans each vault change out to lint, the router and the graph, in that order, for notes (not folders). */
export function registerVaultEvents(plugin: Plugin, s: PluginServices): void {
  const { app } = plugin;
  plugin.registerEvent(
    app.metadataCache.on("changed", (file, text) => {
      s.lint.onChanged(file, text);
      s.router.onChanged(file, text);
      s.graph.onChanged(file);
    }),
  );
  plugin.registerEvent(
    app.vault.on("rename", (file, oldPath) => {
      if (!(file instanceof TFile)) return;
      s.lint.onRenamed(file, oldPath);
      const indexed = s.router.onRenamed(file, oldPath);
      s.graph.onRenamed(file, oldPath);
      // The router reads a moved note again before it has its new path: the graph takes it from there.
      void indexed.then(() => s.graph.onChanged(file));
    }),
  );
  plugin.registerEvent(
    app.vault.on("delete", (file) => {
      if (!(file instanceof TFile)) return;
      s.lint.onDeleted(file.path);
      s.router.onDeleted(file.path);
      s.graph.onDeleted(file.path);
    }),
  );
}
