import { Platform, type Plugin } from "obsidian";
import { reportFolderOf } from "../core/knowledge/knowledge-layout";
import type { KcHost } from "../core/ports/host";
import type { PluginData } from "../core/settings/plugin-data";
import { ClaimDriftService } from "./claim-drift-service";
import { CompileService } from "./compile-service";
import { ContradictionService } from "./contradiction-service";
import { adapterContradictionStore } from "./contradiction-store";
import { GraphService } from "./graph-service";
import { LintService } from "./lint-service";
import { closeMainThreadClock } from "./main-thread-clock";
import type { PluginServices } from "./plugin-services";
import { RouterService } from "./router-service";
import { routerSnapshotStore } from "./router-snapshot-store";

/** The services every registrar takes, and the two model checks only the contradiction commands use. */
export interface BuiltServices extends PluginServices {
  contradictions: ContradictionService;
  claims: ClaimDriftService;
}

/**
 * Builds the plugin's services once, over the plugin's data (read through `data`, written back by `save`): the router
 * with its index kept between starts, the lint, compile (whose host is the one bundle of ports every core workflow
 * takes), the graph and the model checks; and registers their stop on unload, so work still running in slices when
 * the plugin is disabled does not run on afterwards.
 */
export function buildPluginServices(plugin: Plugin, data: () => PluginData, save: () => Promise<void>): BuiltServices {
  const app = plugin.app;
  const dir = plugin.manifest.dir ?? `${app.vault.configDir}/plugins/${plugin.manifest.id}`;
  // The index is kept between starts on this device (IndexedDB), so a warm start need not read every note again.
  const snapshot = { store: routerSnapshotStore(app, dir), build: plugin.manifest.version };
  const router = new RouterService(
    app,
    () => data().settings.knowledgeFolder,
    undefined,
    () => reportFolderOf(data().settings),
    () => data().ask.scope,
    snapshot,
  );
  let host: KcHost | null = null;
  const lint = new LintService(app, data, router, undefined, {
    // The code repository is read through Node, on desktop only, loaded on first use.
    codeRepo: async () =>
      Platform.isDesktopApp && data().lint.repoFolder ? (await import("../desktop/obsidian-code-repo")).codeRepoForVault(app, data().lint.repoFolder) : null,
    contradictionStore: adapterContradictionStore(app, dir),
    staleAfterDays: () => data().lint.staleAfterDays,
    // One-click fixes go through the core lint-fix workflow over the host bundle (built below, read when a fix runs).
    host: () => host!,
  });
  plugin.register(() => {
    lint.stop();
    router.stop();
    closeMainThreadClock();
  });
  const compile = new CompileService(app, data, save, router, dir);
  host = compile.host;
  const graph = new GraphService(
    app,
    router,
    () => data().settings.knowledgeFolder,
    dir,
    () => data().ask.scope,
  );
  return {
    data,
    save,
    dir,
    router,
    lint,
    compile,
    graph,
    host,
    contradictions: new ContradictionService(host, lint),
    claims: new ClaimDriftService(host, lint),
  };
}
