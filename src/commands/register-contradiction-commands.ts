import { Platform, type Plugin } from "obsidian";

/** What the model-backed lint commands call. */
export interface ModelLintActions {
  checkContradictions(): Promise<void>;
  /** Whether the optional model check of cited code is on (setting) and a repository is configured. */
  claimDriftAvailable(): boolean;
  checkCitedCode(): Promise<void>;
}

/**
 * Registers "Check contradictions" and, on desktop while its setting is on, "Check cited code with the model"
 * (both ask before any model call; no default hotkeys).
 */
export function registerContradictionCommands(plugin: Plugin, actions: ModelLintActions): void {
  plugin.addCommand({ id: "check-contradictions", name: "Check contradictions", callback: () => void actions.checkContradictions() });
  if (!Platform.isDesktopApp) return;
  plugin.addCommand({
    id: "check-cited-code",
    name: "Check cited code with the model",
    checkCallback: (checking) => {
      if (!actions.claimDriftAvailable()) return false;
      if (!checking) void actions.checkCitedCode();
      return true;
    },
  });
}
