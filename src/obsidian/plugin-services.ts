import type { KcHost } from "../core/ports/host";
import type { CompileService } from "./compile-service";
import type { GraphService } from "./graph-service";
import type { LintService } from "./lint-service";
import type { PluginData } from "../core/settings/plugin-data";
import type { RouterService } from "./router-service";

/** The services main.ts builds once and hands to every registrar (views, lint, settings, vault events). */
export interface PluginServices {
  /** The plugin's current data.json contents; registrars replace its sections, then save. */
  data(): PluginData;
  /** Writes data() back to data.json. */
  save(): Promise<void>;
  /** The plugin's folder, vault-relative. */
  dir: string;
  router: RouterService;
  lint: LintService;
  compile: CompileService;
  graph: GraphService;
  host: KcHost;
}
