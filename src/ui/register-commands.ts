import type { Plugin } from "obsidian";
import { registerCaptureCommands } from "../commands/register-capture-commands";
import { registerCliHandlers } from "../commands/register-cli-handlers";
import { registerCompileCommands } from "../commands/register-compile-commands";
import { registerContradictionCommands } from "../commands/register-contradiction-commands";
import { registerHeaderCommands } from "../commands/register-header-commands";
import type { BuiltServices } from "../obsidian/build-plugin-services";
import { runCaptureFlow } from "./capture-flow";
import { runClaimDriftFlow } from "./claim-drift-flow";
import { createCompileActions } from "./compile-flow";
import { runContradictionFlow } from "./contradiction-flow";
import { headerActions } from "./header-flow";

/** The palette's commands (compile, headers, model checks, capture) and Obsidian's command-line handlers, over the services. */
export function registerCommands(plugin: Plugin, s: BuiltServices): void {
  const app = plugin.app;
  registerCompileCommands(
    plugin,
    createCompileActions(app, s.compile, () => s.data().compile.confirmAboveUsd),
  );
  registerHeaderCommands(plugin, headerActions(app, s.host));
  registerContradictionCommands(plugin, {
    checkContradictions: () => runContradictionFlow(app, s.contradictions, s.lint.ready && s.router.ready),
    claimDriftAvailable: () => s.data().lint.driftModelCheck && s.lint.codeRepoView() !== null,
    checkCitedCode: () => runClaimDriftFlow(app, s.claims),
  });
  registerCaptureCommands(plugin, {
    run: (quiet) =>
      runCaptureFlow(
        app,
        () => s.compile.settings(),
        () => s.data().capture,
        s.dir,
        quiet,
        async () => {
          // Through the host's models: priced by the chosen selection model, within the caps, in the ledger.
          const got = await s.host.models.get("distill");
          return got.ok ? got.value : null;
        },
      ),
    background: () => s.data().capture.background,
  });
  // Obsidian's own command line (1.12.2+): route, ask, lint and prime from the running app's index.
  registerCliHandlers(plugin, {
    host: s.host,
    scope: () => s.data().ask.scope,
    lintScope: () => s.data().settings.lintScope,
    indexing: () => (s.router.ready ? null : (s.router.indexing() ?? { done: 0, total: 0 })),
    lint: s.lint,
    vaultName: () => app.vault.getName(),
  });
}
