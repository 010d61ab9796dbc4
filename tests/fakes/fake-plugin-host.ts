import type { App } from "obsidian";
import type { KcHost } from "../../src/core/ports/host";
import { CompileService } from "../../src/obsidian/compile-service";
import type { PluginData } from "../../src/core/settings/plugin-data";
import { pluginHost } from "../../src/obsidian/plugin-host";
import type { RouterService } from "../../src/obsidian/router-service";

/** The plugin's host bundle over a fake app, built as main.ts builds it (compile host, plugin folder, settings, models). */
export function fakePluginHost(app: App, router: RouterService, data: () => PluginData, pluginDir: string): KcHost {
  const compile = new CompileService(app, data, () => Promise.resolve(), router, pluginDir);
  return pluginHost(app, compile.host, () => compile.settings(), data, pluginDir);
}
