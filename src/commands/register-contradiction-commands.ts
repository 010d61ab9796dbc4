import type { Plugin } from "obsidian";

/** Registers "Check contradictions" (opt-in, asks before any model call; no default hotkey). */
export function registerContradictionCommands(plugin: Plugin, check: () => Promise<void>): void {
  plugin.addCommand({ id: "check-contradictions", name: "Check contradictions", callback: () => void check() });
}
