import { Platform, type Plugin } from "obsidian";

/** What the capture command needs: a run (quiet for background runs) and whether background capture is on. */
export interface CaptureActions {
  run(quiet: boolean): Promise<void>;
  background(): boolean;
}

const EVERY_15_MINUTES = 15 * 60 * 1000;

/**
 * Registers "Capture new Claude Code sessions" and the optional background capture (after layout-ready, then every
 * 15 minutes), on desktop only: on mobile there are no transcripts to read and nothing is offered.
 */
export function registerCaptureCommands(plugin: Plugin, actions: CaptureActions): void {
  if (!Platform.isDesktopApp) return;
  plugin.addCommand({ id: "capture-claude-sessions", name: "Capture new Claude sessions", callback: () => void actions.run(false) });
  const tick = (): void => {
    if (actions.background()) void actions.run(true);
  };
  plugin.app.workspace.onLayoutReady(tick);
  plugin.registerInterval(window.setInterval(tick, EVERY_15_MINUTES));
}
